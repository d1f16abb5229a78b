// The freshness badges of prices in headless Chromium: static/age.js
// sets each badge again from the reader's day under the site's policy
// (fresh_days, stale_days of data/site.yaml), on an instance page and in
// the matrix, so a page read a year after its build calls its prices
// stale; the matrix's switch hides stale and undated prices and keeps the
// choice in the URL.
//
//   SITE_DIR=public node --test tests/browser/fresh.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { allOffers, cspViolations, instrument, launch, matrixData, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const INSTANCE = 'instances/aws/p4d.24xlarge/index.html';
const MATRIX = 'compare/index.html';

let browser;
let age; // the page's #age-data: built, fresh_days, stale_days
let shipped; // the instance page's badges as the build wrote them: [data-date, class, text]
let matrix; // the matrix's data block, with the offers of its data scripts

function block(file, id) {
  const html = readFileSync(path.join(SITE, file), 'utf8');
  const m = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  assert.ok(m, `${file} has no #${id} block`);
  return [html, JSON.parse(m[1])];
}

before(async () => {
  for (const f of [INSTANCE, MATRIX]) {
    assert.ok(existsSync(path.join(SITE, f)), `no ${f} in ${SITE}: build the site first (make test-browser does) or set SITE_DIR`);
  }
  let html;
  [html, age] = block(INSTANCE, 'age-data');
  assert.match(age.built, /^\d{4}-\d{2}-\d{2}$/);
  assert.ok(age.fresh_days > 0 && age.stale_days > age.fresh_days, JSON.stringify(age));
  shipped = [...html.matchAll(/<span class="(fresh fresh-[a-z]+)"(?: data-date="([^"]+)")?[^>]*>([^<]*)<\/span>/g)].map((x) => [x[2] || null, x[1], x[3]]);
  assert.ok(shipped.filter(([d]) => d).length > 10, `${INSTANCE} shows ${shipped.length} badges: the test is not testing`);
  matrix = matrixData(path.join(SITE, MATRIX));
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

// later is the day a year and a day after the build's.
function later() {
  const d = new Date(age.built + 'T00:00:00Z');
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

// badgeOn is the badge of a date on day, as catalog.Badge gives it.
function badgeOn(date, day) {
  if (!date) return 'undated';
  const [y, m, d] = date.split('-').map(Number);
  const days = Math.floor((Date.parse(day + 'T00:00:00Z') - Date.UTC(y, (m || 1) - 1, d || 1)) / 864e5);
  return days <= age.fresh_days ? 'fresh' : days <= age.stale_days ? 'aging' : 'stale';
}

// open loads a page with the browser's clock at noon of day.
async function open(file, day, hash = '') {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const problems = await instrument(page, (u) => u.startsWith(SITE_URL) || u.startsWith('data:') || u.startsWith('blob:'));
  await page.clock.setFixedTime(new Date(day + 'T12:00:00'));
  await page.goto(SITE_URL + file + hash);
  await settle(page);
  await allOffers(page);
  return { ctx, page, problems };
}

async function close(t) {
  const problems = [...t.problems, ...(await cspViolations(t.page))];
  await t.ctx.close();
  assert.deepEqual(problems, []);
}

const badges = (page, scope) =>
  page.evaluate((scope) => [...document.querySelectorAll(scope + ' .fresh')].map((e) => [e.dataset.date || null, e.className, e.textContent]), scope);

test('an instance page shows the badges the build wrote on its day, and stale ones a year later', async () => {
  let t = await open(INSTANCE, age.built);
  assert.deepEqual(await badges(t.page, 'main'), shipped);
  for (const [date, cls] of shipped) assert.equal(cls, 'fresh fresh-' + badgeOn(date, age.built), `${date}`);
  await close(t);
  t = await open(INSTANCE, later());
  const now = await badges(t.page, 'main');
  assert.equal(now.length, shipped.length);
  for (const [date, cls, text] of now) {
    if (date) assert.deepEqual([cls, text], ['fresh fresh-stale', 'stale'], `${date} a year later`);
    else assert.deepEqual([cls, text], ['fresh fresh-undated', 'undated']);
  }
  await close(t);
});

test('the matrix shows a badge beside each price, stale a year later', async () => {
  let t = await open(MATRIX, age.built);
  const first = await badges(t.page, '#matrix tbody');
  assert.ok(first.length > 5, `${first.length} badges in the matrix`);
  assert.ok(first.some(([, c]) => c !== 'fresh fresh-stale' && c !== 'fresh fresh-undated'), 'on the build day some price is fresh or aging');
  await close(t);
  t = await open(MATRIX, later());
  const next = await badges(t.page, '#matrix tbody');
  assert.ok(next.length > 5);
  for (const [, cls] of next) assert.match(cls, /^fresh fresh-(stale|undated)$/);
  await close(t);
});

test('the matrix hides stale and undated prices, and the URL keeps the switch', async () => {
  const model = matrix.default_model;
  const keep = (day) =>
    matrix.offers.filter((o) => {
      const p = o.prices && o.prices[model];
      if (!p) return true;
      const b = badgeOn(p.age_date, day);
      return b === 'fresh' || b === 'aging';
    }).length;
  const t = await open(MATRIX, age.built);
  const count = async () => Number(/^([\d,]+) of/.exec(await t.page.textContent('#matrix-count'))[1].replace(/,/g, ''));
  assert.equal(await count(), matrix.offers.length);
  await t.page.check('#matrix-fresh');
  await t.page.waitForFunction(() => /fresh=1/.test(location.hash));
  const want = keep(age.built);
  assert.ok(want < matrix.offers.length && want > 0, `${want} of ${matrix.offers.length}: the test is not testing`);
  assert.equal(await count(), want);
  for (const [, cls] of await badges(t.page, '#matrix tbody')) assert.match(cls, /^fresh fresh-(fresh|aging)$/);
  const hash = await t.page.evaluate(() => location.hash);
  await close(t);
  const again = await open(MATRIX, age.built, hash);
  assert.equal(await again.page.isChecked('#matrix-fresh'), true);
  assert.equal(Number(/^([\d,]+) of/.exec(await again.page.textContent('#matrix-count'))[1].replace(/,/g, '')), want);
  await close(again);
});
