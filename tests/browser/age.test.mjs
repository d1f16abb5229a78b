// The ages of prices in headless Chromium: static/age.js counts every age
// again to the reader's day, so an old page never claims to be fresh. With
// the browser's clock on the day the build counted to, it writes what the
// build wrote; a year later, every dated age is older, and undated prices
// stay undated.
//
//   SITE_DIR=public node --test tests/browser/age.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const PAGE = 'instances/aws/p4d.24xlarge/index.html';

let browser;
let built; // the day the build counted the ages to, from the page's #age-data
let shipped; // the ages as the build wrote them: [data-date, text]

before(async () => {
  const file = path.join(SITE, PAGE);
  assert.ok(existsSync(file), `no ${PAGE} in ${SITE}: build the site first (make test-browser does) or set SITE_DIR`);
  const html = readFileSync(file, 'utf8');
  const m = /<script type="application\/json" id="age-data">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, `${PAGE} has no #age-data block`);
  built = JSON.parse(m[1]).built;
  assert.match(built, /^\d{4}-\d{2}-\d{2}$/, 'the build names the day it counted ages to');
  shipped = [...html.matchAll(/<span class="age" data-date="([^"]+)"[^>]*>([^<]*)<\/span>/g)].map((x) => [x[1], x[2]]);
  assert.ok(shipped.length > 10, `${PAGE} shows ${shipped.length} dated ages: the test is not testing`);
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

// agesOn opens the page with the browser's clock at noon of day and
// returns its ages, dated and undated, as the script leaves them.
async function agesOn(day) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const problems = await instrument(page, (u) => u.startsWith(SITE_URL) || u.startsWith('data:'));
  await page.clock.setFixedTime(new Date(day + 'T12:00:00'));
  await page.goto(SITE_URL + PAGE);
  const ages = await page.evaluate(() => ({
    dated: [...document.querySelectorAll('.age[data-date]')].map((e) => [e.dataset.date, e.textContent]),
    undated: [...document.querySelectorAll('.age-undated')].map((e) => e.textContent),
  }));
  assert.deepEqual([...problems, ...(await cspViolations(page))], []);
  await ctx.close();
  return ages;
}

test('on the day the build counted to, the browser writes the ages the build wrote', async () => {
  const { dated } = await agesOn(built);
  assert.deepEqual(dated, shipped);
});

test('a year later, every dated age is a year older and undated prices stay undated', async () => {
  const year = String(Number(built.slice(0, 4)) + 1) + built.slice(4);
  const now = await agesOn(built);
  const later = await agesOn(year);
  assert.equal(later.dated.length, now.dated.length);
  // The post-cut on-demand price, still listed on 2026-07-20, reads its
  // age in years.
  const cut = later.dated.find(([d]) => d === '2026-07-20');
  assert.ok(cut, 'the page dates a price 2026-07-20');
  assert.notEqual(cut[1], now.dated.find(([d]) => d === '2026-07-20')[1], 'its age does not grow');
  for (let i = 0; i < now.dated.length; i++) {
    const [date, was] = now.dated[i];
    const is = later.dated[i][1];
    assert.notEqual(is, was, `${date}: still "${was}" a year later`);
    assert.match(is, /^(\d+ years|1 year)$/, `${date}: "${is}" a year later`);
  }
  assert.ok(later.undated.length > 0, 'the page has undated prices');
  assert.ok(later.undated.every((t) => t === 'undated'), later.undated.join(', '));
});
