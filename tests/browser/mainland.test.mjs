// The mainland view of the home page in headless Chromium, from file://,
// at a laptop's and a phone's size: the Chinese home page opens with it
// (on the first screen), the English one shows it one tab away, and its
// figures — the cheapest price per GPU-hour of each GPU model in regions
// of mainland China, quoted in yuan, a current price before any other — are
// worked out here, independently, from the exported offers
// (compare/offers.json).
//
//   SITE_DIR=public node --test tests/browser/mainland.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const HEIGHT = 800;

// The tabs of the mainland view and their pricing models
// (generator/site/derive/mainland.go, MainlandTabs).
const TABS = {
  on_demand: ['on_demand'],
  subscription: ['subscription_month', 'subscription_year'],
};
// The kinds of source whose prices never answer by default
// (catalog.Ranked), and the badges of prices too old or undated.
const UNRANKED = new Set(['article', 'estimate']);
const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

// ageDate is the date a price's age counts from, as the matrix reads it
// (static/matrix.js.d/20-offers.js): the build's age_date, else since,
// else as_of when a date; '' when undated.
function ageDate(p) {
  for (const d of [p.age_date, p.since, (p.as_of || '').trim()]) if (DATE.test(d || '')) return d;
  return '';
}

// why is why a price does not answer by default, as pricing.Price.Why
// says it on the build's day (built) under the site's stale_days; '' for
// one that answers. A partial date counts from its first day.
function why(o, p, built, staleDays) {
  if (p.last_seen) return 'superseded';
  if (o.region_access === 'restricted') return 'restricted';
  if (UNRANKED.has(p.source_kind)) return p.source_kind;
  if (o.provider_kind === 'marketplace') return 'marketplace';
  const m = DATE.exec(ageDate(p));
  if (!m) return 'undated';
  const days = Math.floor((built - Date.UTC(+m[1], (m[2] ? +m[2] : 1) - 1, m[3] ? +m[3] : 1)) / 864e5);
  return days > staleDays ? 'stale' : '';
}

// ranks is pricing.Offer.Ranks for every offer and model of the catalog:
// a whole price that answers by default, or a stale or undated one of a
// GPU model with no such price under that pricing model (fallBack).
function ranker(offers, built, staleDays) {
  const current = new Set();
  for (const o of offers) {
    if (o.price_incomplete || o.vgpu_profile) continue;
    for (const [m, p] of Object.entries(o.prices || {})) if (why(o, p, built, staleDays) === '') current.add(o.gpu + ' ' + m);
  }
  return (o, m) => {
    const p = o.prices?.[m];
    if (!p || o.price_incomplete) return false;
    const w = why(o, p, built, staleDays);
    return w === '' || ((w === 'stale' || w === 'undated') && !current.has(o.gpu + ' ' + m));
  };
}

let browser;
let expected; // tab → gpu id → { per (CNY per GPU-hour), answers, current, offer }

// rate is the factor from currency to CNY the catalog's rates give: the
// pair's rate without a caveat over one with, then a known date over an
// unknown one, then the latest.
function rate(fx, from) {
  if (from === 'CNY') return 1;
  let best = null;
  for (const r of fx) {
    const direct = r.base === from && r.quote === 'CNY';
    const inverse = r.base === 'CNY' && r.quote === from;
    if (!direct && !inverse) continue;
    const c = { factor: direct ? r.rate : 1 / r.rate, caveat: !!r.caveat, known: /^\d{4}/.test(r.date || ''), date: r.date || '' };
    const later = c.known !== best?.known ? c.known : c.known && c.date > best.date;
    if (!best || (best.caveat && !c.caveat) || (best.caveat === c.caveat && later)) best = c;
  }
  return best && best.factor;
}

before(async () => {
  const file = path.join(SITE, 'compare/offers.json');
  assert.ok(existsSync(file), `no compare/offers.json in ${SITE}: build the site first or set SITE_DIR`);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  // The day the build counted ages to and the site's stale_days, from the
  // page's #age-data block (static/age.js).
  const html = readFileSync(path.join(SITE, 'zh/index.html'), 'utf8');
  const age = JSON.parse(/<script[^>]*id="age-data"[^>]*>([^<]*)<\/script>/.exec(html)[1]);
  const b = DATE.exec(age.built);
  const built = Date.UTC(+b[1], +b[2] - 1, +b[3]);
  const staleDays = age.stale_days || 365;
  const ranks = ranker(data.offers, built, staleDays);
  expected = {};
  for (const [tab, models] of Object.entries(TABS)) {
    expected[tab] = new Map();
    for (const o of data.offers) {
      if (o.region_geo !== 'china-mainland' || o.price_incomplete || o.vgpu_profile || !(o.gpu_count > 0)) continue;
      for (const m of models) {
        const p = o.prices?.[m];
        // Only prices quoted in yuan answer: a dollar price of a mainland
        // region is an international site's or an article's.
        if (!p || p.currency !== 'CNY') continue;
        const f = rate(data.fx, p.currency);
        if (!f) continue;
        const per = (p.hourly * f) / o.gpu_count;
        // The view chooses a price that answers by default before any
        // other, and labels as not current one that only stands in for a
        // GPU model with no current price (stale or undated).
        const answers = ranks(o, m);
        const current = why(o, p, built, staleDays) === '';
        const best = expected[tab].get(o.gpu);
        if (!best || (answers && !best.answers) || (answers === best.answers && per < best.per)) {
          expected[tab].set(o.gpu, { per, answers, current, offer: o });
        }
      }
    }
  }
  assert.ok(expected.on_demand.size > 0, 'the catalog prices no GPU in mainland China');
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

async function open(url, width) {
  const ctx = await browser.newContext({ viewport: { width, height: HEIGHT }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  const problems = await instrument(page, (u) => u.startsWith(SITE_URL) || u.startsWith('data:') || u === 'about:blank');
  await page.goto(SITE_URL + url);
  await settle(page);
  return { ctx, page, problems };
}

async function clean(t) {
  const problems = [...t.problems, ...(await cspViolations(t.page)).map((v) => `CSP violation: ${v}`)];
  await t.ctx.close();
  if (problems.length) assert.fail(problems.join('\n'));
}

// rows reads the visible table of the mainland view: each GPU's id, the
// figure as written, its exact value, whether it is marked not current,
// and whether the first row's price lies within the first screen.
async function rows(page) {
  return page.evaluate(() => {
    const visible = (el) => el && el.getClientRects().length > 0;
    const panel = [...document.querySelectorAll('#mainland-prices > .price-panel')].find(visible);
    if (!panel) return { tab: null, rows: [] };
    return {
      tab: panel.dataset.model,
      noneCurrentNote: !!visible(panel.querySelector('.mainland-none-current')),
      rows: [...panel.querySelectorAll('tbody tr')].map((tr) => {
        const money = tr.querySelector('.price .money');
        const r = money && money.getBoundingClientRect();
        return {
          gpu: tr.dataset.gpu,
          text: money ? money.textContent.trim() : null,
          exact: money ? Number(/\d[\d.]*/.exec(money.title)[0]) : null, // the exact figure, in the title
          other: !!tr.querySelector('.price[data-other]'),
          inView: !!r && r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth,
        };
      }),
    };
  });
}

function check(got, tab) {
  const want = expected[tab];
  const priced = got.rows.filter((r) => r.text !== null);
  assert.equal(priced.length, want.size, `${tab}: ${priced.length} figures shown, ${want.size} GPU models priced in mainland China`);
  for (const r of priced) {
    const w = want.get(r.gpu);
    assert.ok(w, `${tab}: ${r.gpu} shown, but no offer of it in mainland China`);
    assert.ok(Math.abs(r.exact - w.per) <= 1e-6 * w.per, `${tab} ${r.gpu}: ${r.exact} CNY, want ${w.per} (${w.offer.provider} ${w.offer.instance} ${w.offer.region})`);
    const figure = Number(r.text.replace(/[^\d.]/g, ''));
    const decimals = (r.text.split('.')[1] || '').length;
    assert.ok(Math.abs(figure - w.per) <= 0.5 * 10 ** -decimals + 1e-9, `${tab} ${r.gpu}: written ${r.text}, want ${w.per} rounded`);
    assert.equal(r.other, !w.current, `${tab} ${r.gpu}: marked ${r.other ? '' : 'not '}as not current`);
  }
  // A tab none of whose figures is current says so above its table.
  const noneCurrent = priced.length > 0 && priced.every((r) => r.other);
  assert.equal(got.noneCurrentNote, noneCurrent, `${tab}: the note that no price is current is ${got.noneCurrentNote ? '' : 'not '}shown`);
}

for (const width of [1280, 375]) {
  describe(`at ${width} px`, () => {
    test('the Chinese home page opens with the mainland view, its figures worked out from the offers', async () => {
      const t = await open('zh/index.html', width);
      const got = await rows(t.page);
      assert.equal(got.tab, 'on_demand');
      check(got, 'on_demand');
      assert.ok(got.rows[0].inView, 'the first mainland price is not on the first screen');
      // No provider's name is cut (亚马逊云科技中国区域 wraps rather than ending in …).
      const cut = await t.page.evaluate(() => [...document.querySelectorAll('table.mainland-prices tbody td.provider')]
        .filter((td) => td.getClientRects().length && td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent));
      assert.deepEqual(cut, [], `providers cut: ${cut}`);
      await t.page.click('#tab-cn-subscription');
      const sub = await rows(t.page);
      assert.equal(sub.tab, 'subscription');
      check(sub, 'subscription');
      assert.match(t.page.url(), /#cn=subscription$/);
      await clean(t);
    });

    test('the English home page shows the same view one tab away', async () => {
      const t = await open('index.html', width);
      assert.equal((await rows(t.page)).tab, null, 'the mainland view shows before its tab is chosen');
      // The note under the table says what the global tabs leave out, and
      // stands aside on the mainland tab, whose own note says what it holds.
      const notes = () => t.page.evaluate(() => {
        const shown = (sel) => [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length > 0).map((el) => el.textContent);
        return { home: shown('.home-note'), mainland: shown('.mainland-note') };
      });
      const before = await notes();
      assert.equal(before.home.length, 1, 'no note under the global table');
      assert.match(before.home[0], /holds for the On-demand, Spot and 1-year commitment tabs/);
      await t.page.click('#tab-mainland');
      const got = await rows(t.page);
      assert.equal(got.tab, 'on_demand');
      check(got, 'on_demand');
      const after = await notes();
      assert.deepEqual(after.home, [], `the global table's note shows on the mainland tab: ${after.home}`);
      assert.equal(after.mainland.length, 1, 'the mainland tab shows no note of its own');
      assert.match(t.page.url(), /#model=mainland$/);
      await clean(t);
    });
  });
}
