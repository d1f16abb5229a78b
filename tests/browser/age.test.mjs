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

// isoDay is the day n days after the catalog date day (YYYY-MM-DD).
function isoDay(day, n) {
  const d = new Date(day + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

// openAt opens the page with the browser's clock installed at 23:00 of
// the build's day, then paused at time (a local time on that day), and
// gives badgeOf(date), the badge age.js gives date.
async function openAt(time) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.clock.install({ time: new Date(built + 'T23:00:00') });
  await page.goto(SITE_URL + PAGE);
  await page.clock.pauseAt(new Date(time));
  const badgeOf = (d) => page.evaluate((x) => window.gpucompareBadge(x), d);
  return { ctx, page, badgeOf };
}

test('a freshness badge age.js keeps for a date turns when the reader\'s day does', async () => {
  const html = readFileSync(path.join(SITE, PAGE), 'utf8');
  const fresh = JSON.parse(/<script type="application\/json" id="age-data">([\s\S]*?)<\/script>/.exec(html)[1]).fresh_days;
  assert.ok(Number.isInteger(fresh) && fresh > 0, `fresh_days ${fresh}`);
  // A date fresh_days old on the build's day is fresh that day, and
  // aging from the next.
  const date = isoDay(built, -fresh);
  const { ctx, page, badgeOf } = await openAt(built + 'T23:59:59');
  assert.equal(await badgeOf(date), 'fresh', `${date} on ${built}`);
  assert.equal(await badgeOf(date), 'fresh', `${date} on ${built}, asked again`);
  assert.equal(await badgeOf(isoDay(date, -1)), 'aging', `${isoDay(date, -1)} on ${built}`);
  await page.clock.fastForward(2000);
  assert.equal(await page.evaluate(() => new Date().getDate()), Number(isoDay(built, 1).slice(8)), 'the clock is past midnight');
  assert.equal(await badgeOf(date), 'aging', `${date} on the day after ${built}`);
  assert.equal(await badgeOf('not a date'), 'undated');
  await ctx.close();
});

test('every badge age.js keeps is counted to the same day, in the second after midnight too', async () => {
  const html = readFileSync(path.join(SITE, PAGE), 'utf8');
  const fresh = JSON.parse(/<script type="application\/json" id="age-data">([\s\S]*?)<\/script>/.exec(html)[1]).fresh_days;
  const date = isoDay(built, -fresh); // fresh on the build's day, aging from the next
  const { ctx, page, badgeOf } = await openAt(built + 'T23:59:59.500');
  // The reader's day is read now, at 23:59:59.500 …
  assert.equal(await badgeOf('not a date'), 'undated');
  // … and not again within the second: a date first asked at 00:00:00.100
  // is counted to the day the badges kept are, not to the next.
  await page.clock.fastForward(600);
  assert.equal(await page.evaluate(() => new Date().getDate()), Number(isoDay(built, 1).slice(8)), 'the clock is past midnight');
  assert.equal(await badgeOf(date), 'fresh', `${date}, first asked in the second after midnight`);
  await page.clock.fastForward(1000);
  assert.equal(await badgeOf(date), 'aging', `${date} a second later`);
  await ctx.close();
});
