// The home page's first screen in headless Chromium, from file://, at a
// laptop's and a phone's size: with no scrolling, it shows the cheapest
// H100 per GPU-hour — worked out here, independently, from the exported
// offers (compare/offers.json) — with its age and the kind of its source;
// one switch shows spot prices instead; and its links lead to the GPU's
// page and to the instance matrix filtered to that GPU. The figures are
// checked with stale prices included (#stale=1), so that the cheapest can
// be worked out without the build's day: what answers by default, and
// under each switch, is tested by answers.test.mjs.
//
//   SITE_DIR=public node --test tests/browser/home.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const HEIGHT = 800;

// The price tables of the home, by tab, and the pricing models each takes
// its cheapest price from (generator/site/home.go, homeTabs).
const TABS = {
  on_demand: ['on_demand'],
  spot: ['spot'],
  commit_1y: ['reserved_1y', 'savings_plan_1y', 'cud_1y'],
};
// The kinds of source whose prices are ranked by default.
const RANKED = new Set(['provider', 'aggregator']);
// The home page with stale prices included: its answers are the cheapest
// of every listed price of a provider a team can contract.
const STALE = 'stale=1';

let browser;
let offers; // compare/offers.json's offers
let cheapest; // tab → gpu id → lowest per-GPU-hour price in the site currency

before(async () => {
  const file = path.join(SITE, 'compare/offers.json');
  assert.ok(existsSync(file), `no compare/offers.json in ${SITE}: build the site first (make test-browser does) or set SITE_DIR`);
  offers = JSON.parse(readFileSync(file, 'utf8')).offers;
  cheapest = {};
  for (const [tab, models] of Object.entries(TABS)) {
    cheapest[tab] = new Map();
    for (const o of offers) {
      // A whole price only: not a part of the cost, not a slice of a GPU.
      if (o.price_incomplete || o.vgpu_profile || !(o.gpu_count > 0)) continue;
      // Not a marketplace's: it answers only when included.
      if (o.provider_kind === 'marketplace') continue;
      // Nor one in a region only vetted customers may buy in: it never answers.
      if (o.region_access === 'restricted') continue;
      for (const m of models) {
        const p = o.prices?.[m];
        // Not an offer its provider no longer lists: it never answers.
        if (!p || p.last_seen || !RANKED.has(p.source_kind) || typeof p.display_hourly !== 'number') continue;
        const per = p.display_hourly / o.gpu_count;
        const best = cheapest[tab].get(o.gpu);
        if (!best || per < best.per) cheapest[tab].set(o.gpu, { per, offer: o, price: p });
      }
    }
  }
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

// open loads the home page at a width, and returns the page and the
// problems recorded on it.
async function open(width, hash = '#' + STALE) {
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

// shown reads the rows of the price table on view: each GPU's id (from its
// link), the figure as written and its number, the age and kind labels,
// the links, and whether the row lies wholly within the first screen.
async function shown(page) {
  return page.evaluate(() => {
    const visible = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const inView = (el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
    };
    const panels = [...document.querySelectorAll('#home-prices .price-panel')].filter(visible);
    return {
      scrollY: window.scrollY,
      panels: panels.map((p) => p.dataset.model),
      rows: panels.length === 0 ? [] : [...panels[0].querySelectorAll('tbody tr')].filter((tr) => !tr.hidden).map((tr) => {
        const gpu = tr.querySelector('th a');
        const money = tr.querySelector('.price .money');
        const age = tr.querySelector('.trust .age');
        const kind = tr.querySelector('.trust .kind');
        const text = money ? money.textContent.trim() : null;
        return {
          gpu: /gpus\/([^/]+)\/index\.html(?:#.*)?$/.exec(gpu.getAttribute('href'))?.[1],
          name: gpu.textContent.trim(),
          gpuHref: gpu.href,
          compareHref: tr.querySelector('.offers a')?.href,
          text,
          value: text === null ? null : Number(text.replace(/[^\d.]/g, '')),
          decimals: text === null ? 0 : (text.split('.')[1] || '').length,
          age: age && visible(age) ? { text: age.textContent.trim(), inView: inView(age) } : null,
          kind: kind && visible(kind) ? { text: kind.textContent.trim(), inView: inView(kind) } : null,
          priceInView: money ? inView(money) : false,
          rowInView: inView(tr),
        };
      }),
    };
  });
}

// close says whether a figure written with so many decimals is x rounded.
function close(figure, decimals, x) {
  return Math.abs(figure - x) <= 0.5 * 10 ** -decimals + 1e-9;
}

// theCheapestH100 is the lowest price per GPU-hour of a tab (on-demand
// unless named) over every H100 variant, and the variant it is of.
function theCheapestH100(tab = 'on_demand') {
  let best = null;
  for (const [gpu, c] of cheapest[tab]) {
    if (!/^H100\b/.test(c.offer.gpu_name)) continue;
    if (!best || c.per < best.per) best = { gpu, ...c };
  }
  assert.ok(best, `compare/offers.json has no whole, ranked ${tab} H100 price: the test is not testing`);
  return best;
}

for (const width of [1280, 375]) {
  describe(`at ${width}×${HEIGHT}`, () => {
    test('the first screen shows the cheapest H100 per GPU-hour, with its age and the kind of its source', async () => {
      const want = theCheapestH100();
      const t = await open(width);
      const s = await shown(t.page);
      assert.equal(s.scrollY, 0);
      assert.deepEqual(s.panels, ['on_demand'], 'the on-demand table is the one on view');
      const row = s.rows.find((r) => r.gpu === want.gpu);
      assert.ok(row, `no row for ${want.gpu} (${want.offer.gpu_name}); rows: ${s.rows.map((r) => r.gpu).join(', ')}`);
      assert.ok(
        row.text !== null && close(row.value, row.decimals, want.per),
        `${row.name} shows ${row.text}, want ${want.per} (${want.offer.provider} ${want.offer.instance} in ${want.offer.region})`,
      );
      assert.ok(row.priceInView, `${row.name}'s price ${row.text} is not on the first screen`);
      assert.ok(row.age?.inView, `${row.name}'s age is not on the first screen`);
      assert.match(row.age.text, /^(today|1 day|\d+ days|this month|1 month|\d+ months|this year|1 year|\d+ years|undated)$/);
      assert.ok(row.kind?.inView, `${row.name}'s source kind is not on the first screen`);
      assert.equal(row.kind.text, want.price.source_kind);

      // On a laptop, the main GPU models the catalog prices are all on the
      // first screen.
      if (width >= 1280) {
        const names = new Set(Object.values(cheapest).flatMap((m) => [...m.values()].map((c) => c.offer.gpu_name)));
        for (const main of [/^H200\b/, /^H100\b/, /^A100\b.*80GB/, /^A100\b.*40GB/, /^L40S\b/, /^L4\b/, /^T4\b/]) {
          if (![...names].some((n) => main.test(n))) continue;
          const rows = s.rows.filter((r) => main.test(r.name));
          assert.ok(rows.length > 0 && rows.every((r) => r.rowInView), `${main}: ${rows.map((r) => r.name).join(', ') || 'no row'} not wholly on the first screen`);
        }
      }
      await clean(t);
    });

    test('every figure of each table is the cheapest whole price of its GPU, and the switch to spot changes them', async () => {
      const t = await open(width);
      const check = (s, tab) => {
        assert.ok(s.rows.length >= 7, `${tab}: ${s.rows.length} rows`);
        for (const r of s.rows) {
          const c = cheapest[tab].get(r.gpu);
          if (!c) {
            assert.equal(r.text, null, `${tab} ${r.name} shows ${r.text}, but the offers have no whole ranked price`);
            continue;
          }
          assert.ok(r.text !== null && close(r.value, r.decimals, c.per), `${tab} ${r.name} shows ${r.text}, want ${c.per}`);
          assert.ok(RANKED.has(r.kind?.text), `${tab} ${r.name}: source kind ${r.kind?.text}`);
        }
      };
      const onDemand = await shown(t.page);
      check(onDemand, 'on_demand');
      await t.page.getByRole('tab', { name: 'Spot' }).click();
      const spot = await shown(t.page);
      assert.deepEqual(spot.panels, ['spot'], 'after the switch, the spot table alone is on view');
      assert.equal(spot.scrollY, 0, 'the switch does not scroll');
      check(spot, 'spot');
      const figures = (x) => x.rows.map((r) => `${r.gpu} ${r.text}`);
      assert.notDeepEqual(figures(spot), figures(onDemand), 'the switch changes no figure');
      const h100 = theCheapestH100('spot');
      const row = spot.rows.find((r) => r.gpu === h100.gpu);
      assert.ok(row?.priceInView && row.kind?.inView, `the cheapest spot H100 (${h100.gpu}, ${h100.per}) is not on the first screen`);
      assert.notEqual(row.text, onDemand.rows.find((r) => r.gpu === h100.gpu).text, `the ${row.name} shows the same figure on demand and on spot`);
      assert.match(t.page.url(), /#(.*&)?model=spot(&|$)/, 'the URL keeps the switch');
      await t.page.getByRole('tab', { name: '1-year commitment' }).click();
      check(await shown(t.page), 'commit_1y');

      // A price quoted in another currency is converted at the dated rate
      // the exports name, stated once under the tables.
      const data = JSON.parse(readFileSync(path.join(SITE, 'compare/offers.json'), 'utf8'));
      const rates = new Set();
      for (const tab of Object.keys(TABS)) {
        for (const c of cheapest[tab].values()) if (c.price.currency !== data.currency) rates.add(`${c.price.fx_rate} ${c.price.fx_date}`);
      }
      const note = await t.page.textContent('.home-note');
      // With no converted answer, the note states no rate.
      if (rates.size === 0) assert.ok(!/1 USD = /.test(note), `no answer is converted, but the note states a rate: ${note}`);
      // The mainland view, in yuan, states its own conversions of dollar
      // prices, and each chart its own; the price tables and the note
      // under them state each rate they use once.
      const html = await t.page.evaluate(() =>
        [...document.querySelectorAll('.home-answer section.price-panel[id^="prices-"]:not(#prices-mainland), .home-answer .home-note')].map((e) => e.innerHTML).join('\n'),
      );
      for (const r of rates) {
        const [rate, date] = r.split(' ');
        // "(2026-06-30)", or "… rate (PBoC, CFETS) of 2026-06-30: 1 USD = …" where the rate names its kind
        assert.ok(note.includes(` ${rate} `) && note.includes(date), `the note under the tables does not state the rate ${rate} of ${date}: ${note}`);
        assert.equal(html.split(`= ${rate} `).length - 1, 1, `the price tables state the rate ${rate} of ${date} more than once`);
      }
      await clean(t);

      // The URL reopens the switch where it was.
      const again = await open(width, '#model=spot&' + STALE);
      assert.deepEqual((await shown(again.page)).panels, ['spot']);
      await clean(again);
    });

    test("the H100's links lead to its GPU page and to the matrix filtered to it", async () => {
      const want = theCheapestH100();
      const t = await open(width);
      const row = (await shown(t.page)).rows.find((r) => r.gpu === want.gpu);
      assert.match(row.compareHref, /\/compare\/index\.html#(stale=1&)?gpu=/, 'the matrix link names the file, and carries the switch');

      assert.match(row.gpuHref, /\/gpus\/[^/]+\/index\.html#stale=1$/, 'the GPU link carries the switch');
      await t.page.click(`#prices-on_demand tbody tr:not([hidden]) th a[href*="gpus/${want.gpu}/index.html"]`);
      await settle(t.page);
      assert.equal(t.page.url(), row.gpuHref);
      assert.equal((await t.page.textContent('h1')).trim(), want.offer.gpu_name);

      await t.page.goBack();
      await settle(t.page);
      await t.page.click(`#prices-on_demand tbody tr:not([hidden]):has(th a[href*="gpus/${want.gpu}/index.html"]) .offers a`);
      await settle(t.page);
      await t.page.waitForSelector('#matrix-controls:not([hidden])');
      assert.equal(t.page.url(), row.compareHref);
      const gpus = await t.page.evaluate(() =>
        [...document.querySelectorAll('#matrix tbody tr')]
          .filter((tr) => !tr.hidden)
          .map((tr) => /gpus\/([^/]+)\/index\.html(#stale=1)?$/.exec(tr.querySelector('a[href*="gpus/"]')?.getAttribute('href') || '')?.[1] || null),
      );
      const expected = offers.filter((o) => o.gpu === want.gpu).length;
      assert.ok(gpus.length > 0, 'the filtered matrix shows no offer');
      assert.ok(gpus.length <= expected, `the matrix shows ${gpus.length} rows, the exports ${expected} ${want.gpu} offers`);
      assert.deepEqual([...new Set(gpus)], [want.gpu], 'the matrix shows offers of other GPUs');
      await clean(t);
    });
  });
}
