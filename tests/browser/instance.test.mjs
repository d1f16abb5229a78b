// An instance type's page in headless Chromium, from file://: its current
// on-demand price — the lowest across its regions, as compare/offers.json
// gives the offers — is on the first screen at 1280×800 and at 375×800,
// with its age and the kind of its source; its history is grouped by
// series, newest first, folded when long; a GPU interconnect only its
// claims name is shown as advertised.
//
//   SITE_DIR=public node --test tests/browser/instance.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, layoutProblems, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
// p4d.24xlarge in USD across 15 regions; the same type in AWS's China
// regions, in CNY, priced in one region.
const PAGES = ['instances/aws/p4d.24xlarge/index.html', 'instances/aws-china/p4d.24xlarge/index.html'];
const RANKED = new Set(['provider', 'aggregator']);

let browser;
let offers;

before(async () => {
  const file = path.join(SITE, 'compare/offers.json');
  assert.ok(existsSync(file), `no compare/offers.json in ${SITE}: build the site first (make test-browser does) or set SITE_DIR`);
  offers = JSON.parse(readFileSync(file, 'utf8')).offers;
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

// expectedOnDemand is the lowest on-demand price of the page's offers that
// rankings use (a provider's or an aggregator's), from the export; where
// the page has none, the lowest of the others, which the page shows marked
// with its kind (AWS's China prices all come from a repository generated
// from another site: an article's figures).
function expectedOnDemand(page) {
  let best;
  for (const ranked of [true, false]) {
    for (const o of offers) {
      const p = o.prices?.on_demand;
      if (o.url !== page || !p || RANKED.has(p.source_kind) !== ranked) continue;
      if (!best || p.hourly < best.price.hourly) best = { region: o.region, price: p };
    }
    if (best) break;
  }
  assert.ok(best, `${page}: compare/offers.json has no on-demand price for it`);
  return best;
}

async function open(page, width) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
  const tab = await ctx.newPage();
  const problems = await instrument(tab, (u) => u.startsWith(SITE_URL) || u.startsWith('data:'));
  await tab.goto(SITE_URL + page);
  await settle(tab);
  return { ctx, tab, problems };
}

for (const page of PAGES) {
  for (const width of [1280, 375]) {
    test(`${page} at ${width}×800: the on-demand price, its age and its kind of source on the first screen`, async () => {
      const want = expectedOnDemand(page);
      const { ctx, tab, problems } = await open(page, width);
      const got = await tab.evaluate(() => {
        const row = document.querySelector('.price-panel tr.panel-on_demand');
        if (!row) return null;
        const box = (el) => {
          if (!el) return null;
          const r = el.getBoundingClientRect();
          const s = getComputedStyle(el);
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, shown: r.width > 0 && r.height > 0 && s.visibility !== 'hidden' };
        };
        const money = row.querySelector('.p-price .money');
        const age = row.querySelector('.trust .age');
        const kind = row.querySelector('.trust .kind');
        const region = row.querySelector('.p-region .id') || document.querySelector('.price-panel .panel-region .id');
        return {
          price: money?.textContent.replace(/\s+/g, ' ').trim(),
          age: age?.textContent.trim(),
          kind: kind?.textContent.trim(),
          region: region?.textContent.trim(),
          boxes: { price: box(money), age: box(age), kind: box(kind) },
          viewport: { width: innerWidth, height: innerHeight },
        };
      });
      assert.ok(got, 'the page has no on-demand row in its price panel');
      // The figure as shown, to its displayed digits, is the export's.
      const shown = Number(got.price.replace(/[^0-9.]/g, ' ').trim().split(' ')[0]);
      assert.ok(Math.abs(shown - want.price.hourly) / want.price.hourly < 5e-4,
        `on-demand shows "${got.price}", want ${want.price.hourly} ${want.price.currency}`);
      assert.ok(got.price.includes(want.price.currency), `"${got.price}" does not name ${want.price.currency}`);
      assert.equal(got.region, want.region, 'the region of the lowest on-demand price');
      assert.ok(got.age, 'the on-demand price shows no age');
      assert.equal(got.kind, want.price.source_kind, 'the kind of source of the on-demand price');
      for (const [name, b] of Object.entries(got.boxes)) {
        assert.ok(b && b.shown, `${name} is not shown`);
        assert.ok(b.top >= 0 && b.bottom <= got.viewport.height && b.left >= 0 && b.right <= got.viewport.width,
          `${name} is not on the first screen: ${JSON.stringify(b)} in ${JSON.stringify(got.viewport)}`);
      }
      assert.deepEqual(await layoutProblems(tab), []);
      assert.deepEqual([...problems, ...(await cspViolations(tab))], []);
      await ctx.close();
    });
  }
}

test('the history is grouped by series, each newest first, and folded when long', async () => {
  const { ctx, tab, problems } = await open(PAGES[0], 1280);
  const facts = await tab.evaluate(() => {
    const groups = [...document.querySelectorAll('.price-history details.history-group:not(.instance-changes)')];
    return {
      groups: groups.map((g) => ({ id: g.id, open: g.open })),
      series: [...document.querySelectorAll('.price-history tbody[id]')].map((t) => ({
        id: t.id,
        dates: [...t.querySelectorAll('tr.point > th time')].map((e) => e.getAttribute('datetime')),
        points: t.querySelectorAll('tr.point').length,
      })),
      points: document.querySelectorAll('.price-history tr.point').length,
    };
  });
  assert.ok(facts.points > 4, `${facts.points} prices: the test wants a long history`);
  assert.deepEqual(facts.groups.map((g) => g.id).slice(0, 2), ['history-on_demand', 'history-spot']);
  assert.ok(facts.groups.every((g) => !g.open), 'a long history shows its groups folded');
  // One series per region and pricing model (and payment option).
  const ids = facts.series.map((s) => s.id);
  assert.equal(new Set(ids).size, ids.length, 'a series is listed twice');
  assert.ok(ids.includes('history-us-east-1-on_demand'));
  for (const s of facts.series) {
    const sorted = [...s.dates].sort().reverse();
    assert.deepEqual(s.dates, sorted, `${s.id}: dated points not newest first`);
  }
  // The cut in us-east-1: the post-cut price first, the pre-cut one under it.
  const east = facts.series.find((s) => s.id === 'history-us-east-1-on_demand');
  assert.equal(east.points, 2);
  assert.deepEqual(east.dates, ['2025-06-01']);
  const amounts = await tab.$$eval('#history-us-east-1-on_demand tr.point td.num:first-of-type .money', (els) =>
    els.map((e) => Number(e.textContent.replace(/[^0-9.]/g, ' ').trim().split(' ')[0])));
  assert.ok(amounts.length === 2 && amounts[0] < amounts[1], `us-east-1 on-demand reads ${amounts}: the newer, lower price first`);

  // The panel's on-demand link opens its series in the folded history.
  await tab.click('.price-panel tr.panel-on_demand th a');
  const target = await tab.evaluate(() => {
    const t = document.querySelector(location.hash);
    return { hash: location.hash, open: t?.closest('details')?.open, visible: !!t && t.checkVisibility() };
  });
  assert.ok(target.open && target.visible, `following ${target.hash} does not show the series: ${JSON.stringify(target)}`);
  // A point's source number opens the folded list of sources at it.
  await tab.click('#history-us-east-1-on_demand tr.point a.ref');
  const note = await tab.evaluate(() => {
    const t = document.querySelector(location.hash);
    return { hash: location.hash, open: t?.closest('details')?.open, visible: !!t && t.checkVisibility() };
  });
  assert.match(note.hash, /^#source-\d+$/);
  assert.ok(note.open && note.visible, `following ${note.hash} does not show the source: ${JSON.stringify(note)}`);
  // Folded on screen, printed whole.
  const folded = await tab.evaluate(() => document.querySelector('#history-spot tr.point').checkVisibility());
  await tab.emulateMedia({ media: 'print' });
  const printed = await tab.evaluate(() => document.querySelector('#history-spot tr.point').checkVisibility());
  assert.deepEqual({ folded, printed }, { folded: false, printed: true }, 'a folded series prints');
  assert.deepEqual([...problems, ...(await cspViolations(tab))], []);
  await ctx.close();
});

test('a GPU interconnect only the claims name is shown as advertised, not as unknown', async () => {
  const { ctx, tab } = await open(PAGES[0], 375);
  const row = await tab.evaluate(() => {
    const dt = [...document.querySelectorAll('.facts dt')].find((e) => e.textContent.trim() === 'GPU interconnect');
    const dd = dt?.nextElementSibling;
    const claimed = [...document.querySelectorAll('.claims dt')].find((e) => e.textContent.trim() === 'Advertised interconnect');
    return dd && { text: dd.textContent.replace(/\s+/g, ' ').trim(), unknown: !!dd.querySelector('.unknown'), claim: claimed?.nextElementSibling.textContent.trim() };
  });
  assert.ok(row, 'no GPU interconnect row in the specifications');
  assert.ok(row.claim, 'the claims name no interconnect: the test is not testing');
  assert.ok(!row.unknown, `the interconnect shows unknown beside the claim "${row.claim}"`);
  assert.ok(row.text.startsWith(row.claim + ' as advertised'), `the interconnect reads "${row.text}", want the claim "${row.claim}" marked as advertised`);
  assert.match(row.text, /The GPU model's own: NVLink 3\.0/);
  await ctx.close();
});
