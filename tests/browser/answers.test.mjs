// The home page's answers and its two switches in headless Chromium, from
// file://, at a laptop's and a phone's size. By default every answer is a
// current price of a provider a team can contract, still listed: no
// marketplace's, no offer its provider no longer lists, and a stale or
// undated price only where the row says there is no current one.
// "Include stale prices" and "Include marketplaces" are on the first
// screen, kept in the URL (stale=1, market=1), and with both on every
// figure is the cheapest of every listed price of its GPU model — worked
// out here, independently, from the exported offers
// (compare/offers.json). The superseded per-GPU A100 40GB listing and
// the offers in AWS GovCloud (a region open only to vetted US entities)
// answer under no switch.
//
//   SITE_DIR=public node --test tests/browser/answers.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const HEIGHT = 800;
// The kinds of source whose prices answer (articles and estimates have a
// switch of their own).
const RANKED = new Set(['provider', 'aggregator']);

let browser;
let byURL; // instance page (relative to the site root) → its offers
let everyPrice; // gpu id → the lowest on-demand per-GPU-hour price of every listed whole price
let retired; // instance pages of offers their provider no longer lists

before(async () => {
  const file = path.join(SITE, 'compare/offers.json');
  assert.ok(existsSync(file), `no compare/offers.json in ${SITE}: build the site first (make test-browser does) or set SITE_DIR`);
  const offers = JSON.parse(readFileSync(file, 'utf8')).offers;
  byURL = new Map();
  everyPrice = new Map();
  retired = new Set();
  for (const o of offers) {
    if (!byURL.has(o.url)) byURL.set(o.url, []);
    byURL.get(o.url).push(o);
    const p = o.prices?.on_demand;
    if (p?.last_seen) retired.add(o.url);
    if (o.price_incomplete || o.vgpu_profile || !(o.gpu_count > 0)) continue;
    // A region open only to vetted customers (AWS GovCloud) answers under no switch.
    if (o.region_access === 'restricted') continue;
    if (!p || p.last_seen || !RANKED.has(p.source_kind) || typeof p.display_hourly !== 'number') continue;
    const per = p.display_hourly / o.gpu_count;
    if (!everyPrice.has(o.gpu) || per < everyPrice.get(o.gpu)) everyPrice.set(o.gpu, per);
  }
  assert.ok(retired.size > 0, 'compare/offers.json has no offer marked last_seen: the test is not testing');
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

async function open(width, hash = '') {
  const ctx = await browser.newContext({ viewport: { width, height: HEIGHT }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  const problems = await instrument(page, (u) => u.startsWith(SITE_URL) || u.startsWith('data:') || u === 'about:blank');
  await page.goto(SITE_URL + 'index.html' + hash);
  await settle(page);
  return { ctx, page, problems };
}

async function clean(t) {
  const problems = [...t.problems, ...(await cspViolations(t.page)).map((v) => `CSP violation: ${v}`)];
  await t.ctx.close();
  if (problems.length) assert.fail(problems.join('\n'));
}

// rows reads the on-demand table's rows on view: the GPU, the figure, the
// instance page it links to, the badge, the marketplace label and the
// note that says why a stale price answers.
async function rows(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#prices-on_demand tbody tr')]
      .filter((tr) => tr.getClientRects().length > 0)
      .map((tr) => {
        const money = tr.querySelector('.price .money');
        const inst = tr.querySelector('.instance a');
        return {
          gpu: /gpus\/([^/]+)\/index\.html(?:#.*)?$/.exec(tr.querySelector('th a').getAttribute('href'))?.[1],
          value: money ? Number(money.textContent.replace(/[^\d.]/g, '')) : null,
          decimals: money ? (money.textContent.trim().split('.')[1] || '').length : 0,
          // The instance page, without the switches the link carries.
          instance: inst ? inst.getAttribute('href').replace(/#.*$/, '') : null,
          badge: tr.querySelector('.trust .fresh')?.className.replace(/.*fresh-/, '') || (tr.querySelector('.trust .age-undated') ? 'undated' : null),
          marketplace: !!tr.querySelector('.tag.marketplace'),
          why: tr.querySelector('.why')?.textContent.trim() || '',
        };
      }),
  );
}

// offerOf is the offer of a row, by the instance page it links to.
function offersOf(r) {
  return byURL.get(r.instance) || [];
}

const close = (figure, decimals, x) => Math.abs(figure - x) <= 0.5 * 10 ** -decimals + 1e-9;

for (const width of [1280, 375]) {
  describe(`at ${width}×${HEIGHT}`, () => {
    test('by default, no marketplace, no superseded offer, and a stale price only where the row says so', async () => {
      const t = await open(width);
      const rs = await rows(t.page);
      assert.ok(rs.length >= 7, `${rs.length} rows`);
      for (const r of rs) {
        if (r.value === null) continue;
        const os = offersOf(r);
        assert.ok(os.length > 0, `${r.gpu}: its instance ${r.instance} is not in the exports`);
        assert.ok(!r.marketplace && os.every((o) => o.provider_kind !== 'marketplace'), `${r.gpu} answers with a marketplace's price (${r.instance})`);
        assert.ok(!retired.has(r.instance), `${r.gpu} answers with an offer its provider no longer lists (${r.instance})`);
        // The static page says how old by the build's day; a row whose
        // answer is stale by the reader's day (age.js) but not by the
        // build's says nothing, so only the build's words are checked.
        if (r.why) assert.match(r.why, /^no current price; (newest is (\d+ months|1 month) old|none is dated)$/);
      }
      // The switches are on the first screen, off.
      for (const name of ['Include stale prices', 'Include marketplaces']) {
        const box = t.page.getByLabel(name);
        assert.equal(await box.isChecked(), false, `${name} is on by default`);
        const r = await box.boundingBox();
        assert.ok(r && r.y >= 0 && r.y + r.height <= HEIGHT && r.x + r.width <= width, `${name} is not on the first screen: ${JSON.stringify(r)}`);
      }
      await clean(t);
    });

    test('the switches let marketplaces and stale prices answer, and the URL keeps them', async () => {
      const t = await open(width);
      const before = await rows(t.page);
      await t.page.getByLabel('Include marketplaces').check();
      assert.match(t.page.url(), /#(.*&)?market=1(&|$)/, 'the URL does not keep "include marketplaces"');
      const market = await rows(t.page);
      assert.equal(market.length, before.length, 'the switch changes the GPU models listed');
      assert.ok(market.some((r) => r.marketplace), 'with marketplaces included, no marketplace answers');
      for (const r of market.filter((r) => r.marketplace)) {
        assert.ok(offersOf(r).every((o) => o.provider_kind === 'marketplace'), `${r.gpu}: labelled a marketplace, but ${r.instance} is not one's`);
        const was = before.find((b) => b.gpu === r.gpu);
        assert.ok(was.value === null || r.value <= was.value, `${r.gpu}: the marketplace's ${r.value} is dearer than the default's ${was.value}`);
      }

      await t.page.getByLabel('Include stale prices').check();
      assert.match(t.page.url(), /#(.*&)?stale=1(&|$)/, 'the URL does not keep "include stale prices"');
      assert.match(t.page.url(), /#(.*&)?market=1(&|$)/, 'the URL lost "include marketplaces"');
      const both = await rows(t.page);
      // With both on, each figure is the cheapest of every listed whole
      // price of its GPU model, and the superseded listing is not one.
      for (const r of both) {
        const want = everyPrice.get(r.gpu);
        if (want === undefined) {
          assert.equal(r.value, null, `${r.gpu} shows ${r.value}, but the exports have no listed whole price`);
          continue;
        }
        assert.ok(r.value !== null && close(r.value, r.decimals, want), `${r.gpu} shows ${r.value} with both switches on, want ${want}`);
        assert.ok(!retired.has(r.instance), `${r.gpu} answers with an offer its provider no longer lists (${r.instance})`);
      }

      // The links into the matrix carry the switches.
      const link = await t.page.getAttribute('#prices-on_demand tbody tr:not([hidden]) td.offers a', 'href');
      assert.match(link, /#(.*&)?stale=1(&|$)/, `the matrix link ${link} does not carry "include stale prices"`);
      assert.match(link, /#(.*&)?market=1(&|$)/, `the matrix link ${link} does not carry "include marketplaces"`);
      assert.match(link, /#(.*&)?gpu=/, `the matrix link ${link} lost its GPU`);

      // The URL reopens the view with the switches as they were.
      const url = t.page.url();
      await clean(t);
      const again = await open(width, url.slice(url.indexOf('#')));
      assert.equal(await again.page.getByLabel('Include stale prices').isChecked(), true);
      assert.equal(await again.page.getByLabel('Include marketplaces').isChecked(), true);
      assert.deepEqual(await rows(again.page), both, 'the URL does not reproduce the rows');
      // Off again: the default's rows, and a URL without the switches.
      await again.page.getByLabel('Include stale prices').uncheck();
      await again.page.getByLabel('Include marketplaces').uncheck();
      assert.doesNotMatch(again.page.url(), /stale=|market=/);
      assert.doesNotMatch(await again.page.getAttribute('#prices-on_demand tbody tr:not([hidden]) td.offers a', 'href'), /stale=|market=/);
      assert.deepEqual(await rows(again.page), before, 'switched off, the rows are not the default ones');
      await clean(again);
    });
  });
}
