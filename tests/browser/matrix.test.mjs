// The instance matrix (/compare/) with its script, in headless Chromium,
// against the built site: from file:// and over a loopback server under a
// PR-preview sub-path. Sorting, numeric filters, the URL state, the
// currency switch, the CSV download and the compare panel are checked
// against the page's own data block, with no console error and no CSP
// violation on the way. The script draws only the rows in view of the
// table's box: the tests read every row by scrolling the box through,
// which also shows that every offer is reachable. The first screen is
// checked at 1280×900 and 375×800; screenshots of both go to
// tests/browser/screenshots/compare-*.png.
//
//   SITE_DIR=public node --test tests/browser/matrix.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { allOffers, cspViolations, everyMatrixRow, instrument, launch, matrixData, serve, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const PREFIX = '/preview/pr-1/';
const PAGE = 'compare/index.html';
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.join(HERE, 'screenshots');
// The amounts and how every page writes them, shared with the Go test of
// the template function "money" (generator/site/site_test.go).
const AMOUNTS = path.join(HERE, '..', '..', 'generator', 'site', 'testdata', 'amounts.json');

let browser;
let server;
let data; // the page's data block, with the offers of its data scripts

before(async () => {
  const file = path.join(SITE, PAGE);
  assert.ok(existsSync(file), `no ${PAGE} in ${SITE}: build the site first (make test-browser does) or set SITE_DIR`);
  data = matrixData(file);
  assert.ok(data.offers.length > 0 && data.offers.length === data.offer_count, `${PAGE}: ${data.offers.length} offers in its data scripts, ${data.offer_count} said`);
  browser = await launch();
  server = await serve(SITE, PREFIX);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// open loads the matrix (with a hash, if given) and returns the page and
// the problems recorded on it.
async function open(pass, hash = '', opts = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true, ...opts });
  const page = await ctx.newPage();
  const base = pass === 'file' ? SITE_URL : server.base;
  const problems = await instrument(page, (u) => {
    if (u.startsWith('data:') || u.startsWith('blob:') || u === 'about:blank') return true;
    return pass === 'file' ? u.startsWith(SITE_URL) : u.startsWith(server.base);
  });
  await page.goto(base + PAGE + hash);
  const script = opts.javaScriptEnabled !== false;
  // Without script no frame callback runs: the page is settled once loaded.
  if (script) await settle(page);
  else await page.waitForLoadState('load');
  if (script) await page.waitForSelector('#matrix-controls:not([hidden])');
  if (script) await allOffers(page);
  return { ctx, page, problems, url: base + PAGE, script };
}

// clean fails on recorded problems and CSP violations, then closes.
async function clean(t) {
  // Without script the listener of violations does not run; nothing runs that could cause one.
  const csp = t.script ? await cspViolations(t.page) : [];
  const problems = [...t.problems, ...csp.map((v) => `CSP violation: ${v}`)];
  await t.ctx.close();
  if (problems.length) assert.fail(problems.join('\n'));
}

// frame waits until the page has drawn what the last event changed.
const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// rows scrolls the table's box from top to bottom and reads every row of
// the view once, in order: its key (the pick box's value), and per
// visible column its text (without the phone-only line under the name),
// the figure in the chosen currency (its first number; null for "—"), the
// classes of the source kind labels in it, and its title. It fails when a
// row of the view is never drawn: every offer must be reachable.
async function rows(page) {
  return everyMatrixRow(page, () => {
    const table = document.getElementById('matrix');
    const heads = [...table.tHead.rows[0].cells].filter((th) => !th.hidden).map((th) => th.dataset.col);
    const figure = (s) => {
      const m = /-?[\d,]*\.?\d+/.exec(s);
      return m ? Number(m[0].replace(/,/g, '')) : null;
    };
    // screen is a cell's text as the CSV download writes it: a source link
    // as its URL, without the pick box, the labels of a price's age and
    // source kind, the amount as quoted beside a converted one and the
    // phone-only line under the name.
    const screen = (el) => {
      const c = el.cloneNode(true);
      for (const a of c.querySelectorAll('a.source')) a.replaceWith(a.getAttribute('href'));
      for (const x of c.querySelectorAll('input, .age, .fresh, .kind, .q, .where, .phone-since')) x.remove();
      return c.textContent.replace(/\s+/g, ' ').trim();
    };
    return (tr) => ({
      key: tr.querySelector('input.pick')?.value,
      screen: [...tr.cells].map(screen),
      cells: Object.fromEntries(
        [...tr.cells].map((cell, i) => {
          const c = cell.cloneNode(true);
          for (const w of c.querySelectorAll('.where, .phone-since')) w.remove();
          const text = c.textContent.replace(/\s+/g, ' ').trim();
          const value = cell.querySelector('.na, .not-public') ? null : figure(text);
          const kinds = [...cell.querySelectorAll('.kind')].map((k) => k.className);
          const tags = [...cell.querySelectorAll('.tag')].map((g) => ({ cls: g.className, text: g.textContent, title: g.title }));
          return [heads[i], { text, value, kinds, tags, title: cell.title }];
        }),
      ),
    });
  });
}

// column reads the cells of one visible column of every row of the view.
async function column(page, key) {
  return (await rows(page)).map((r) => {
    if (!(key in r.cells)) throw new Error(`no visible column ${key}`);
    return { key: r.key, ...r.cells[key] };
  });
}

async function status(page) {
  const s = await page.textContent('#matrix-count');
  const m = /^([\d,]+) of ([\d,]+) offers/.exec(s);
  assert.ok(m, `status "${s}"`);
  return { matching: Number(m[1].replace(/,/g, '')), total: Number(m[2].replace(/,/g, '')), text: s };
}

async function sortBy(page, key) {
  await page.click(`#matrix thead th[data-col="${key}"] button.sort`);
  await frame(page);
}

async function filter(page, key, text) {
  await page.fill(`#matrix tr.filters input[data-col="${key}"]`, text);
  await frame(page);
}

function ordered(values, dir) {
  const known = values.filter((v) => v !== null);
  const firstUnknown = values.indexOf(null);
  if (firstUnknown >= 0 && values.slice(firstUnknown).some((v) => v !== null)) return 'an unknown sorts before a known value';
  for (let i = 1; i < known.length; i++) {
    if (dir * (known[i] - known[i - 1]) < 0) return `${known[i - 1]} then ${known[i]}`;
  }
  return null;
}

const keyOf = (o) => o.provider + '/' + o.instance + (o.region ? '/' + o.region : '');

// partialKeys are the offers whose prices are only part of the cost (a GPU
// without its VM), by the key of their row's pick box.
const partialKeys = () => new Set(data.offers.filter((o) => o.price_incomplete).map(keyOf));

// unrankedKeys are the offers whose price under a model comes from an
// article or is an estimate.
const unrankedKeys = (model) =>
  new Set(data.offers.filter((o) => ['article', 'estimate'].includes(o.prices?.[model]?.source_kind)).map(keyOf));

// lesserKeys are the offers whose price under a model does not answer by
// default, the rule of every answer: no longer listed (last_seen), in a
// region only vetted customers may buy in (region_access restricted), an
// article's figure or an estimate (unless est includes them), a
// marketplace's, or stale or undated on the reader's day (age.js's badge).
async function lesserKeys(page, model, est = false) {
  const dates = data.offers.map((o) => o.prices?.[model]?.age_date || '');
  const badges = await page.evaluate((ds) => ds.map((d) => (d ? window.gpucompareBadge(d) : 'undated')), dates);
  const lesser = new Set(
    data.offers
      .filter((o, i) => {
        const p = o.prices?.[model];
        if (!p) return false;
        return !!p.last_seen || o.region_access === 'restricted' || (!est && ['article', 'estimate'].includes(p.source_kind)) || o.provider_kind === 'marketplace' || badges[i] === 'stale' || badges[i] === 'undated';
      })
      .map(keyOf),
  );
  // articles, an article's figure or an estimate left out, come last of them.
  lesser.articles = est ? new Set() : unrankedKeys(model);
  return lesser;
}

// orderedPrices is ordered for the cells of a price column: ranked whole
// prices in order, then those that do not answer (lesser, lesserKeys) in
// order, articles' figures and estimates (its articles) last of them,
// then the prices that are only part of the cost in order, then the
// unknowns — a part of a price is never ranked among whole prices.
function orderedPrices(cells, dir, unranked) {
  const partial = partialKeys();
  const articles = unranked.articles ?? new Set();
  const block = (c) => (c.value === null ? 4 : partial.has(c.key) ? 3 : articles.has(c.key) && unranked.has(c.key) ? 2 : unranked.has(c.key) ? 1 : 0);
  for (let i = 1; i < cells.length; i++) {
    if (block(cells[i]) < block(cells[i - 1])) return `${cells[i - 1].key} (${cells[i - 1].text}) sorts before ${cells[i].key} (${cells[i].text})`;
  }
  return (
    ordered(cells.filter((c) => block(c) === 0).map((c) => c.value), dir) ||
    ordered(cells.filter((c) => block(c) === 1).map((c) => c.value), dir) ||
    ordered(cells.filter((c) => block(c) === 2).map((c) => c.value), dir) ||
    ordered(cells.filter((c) => block(c) === 3).map((c) => c.value), dir)
  );
}

// latestRate is the rate of a currency pair the build uses: the latest
// dated one without a caveat (one with a caveat only when none lacks one),
// in either direction.
function latestRate(from, to) {
  const known = (d) => d && d !== 'unknown';
  let best = null;
  for (const fx of data.fx) {
    if (!((fx.base === from && fx.quote === to) || (fx.base === to && fx.quote === from))) continue;
    // A rate with a caveat (unverified) only when the pair has none without.
    if (best && !best.caveat && fx.caveat) continue;
    if (!best || (!fx.caveat && best.caveat) || (known(fx.date) && (!known(best.date) || fx.date > best.date))) best = fx;
  }
  return best && { factor: best.base === from ? best.rate : 1 / best.rate, fx: best };
}

for (const pass of ['file', 'http']) {
  describe(pass === 'file' ? 'matrix from file://' : `matrix over http under ${PREFIX}`, () => {
    test('every offer is reachable by scrolling, none behind a "show more"; only the rows in view are drawn', async () => {
      const t = await open(pass);
      const s = await status(t.page);
      assert.equal(s.total, data.offers.length);
      assert.equal(s.matching, data.offers.length);
      assert.equal(await t.page.isVisible('tr.filters'), true, 'the filter row shows');
      assert.equal(await t.page.locator('text=/show more/i').count(), 0, 'a "show more" step');
      const drawn = await t.page.locator('#matrix tbody tr:not(.pad)').count();
      assert.ok(drawn < data.offers.length, `${drawn} rows drawn at once for ${data.offers.length} offers`);
      const all = await rows(t.page);
      assert.equal(all.length, data.offers.length, 'rows of the view');
      assert.deepEqual(new Set(all.map((r) => r.key)), new Set(data.offers.map(keyOf)), 'the rows are not the offers of offers.json');
      await clean(t);
    });

    test('without script the page holds every offer as a row', async () => {
      const t = await open(pass, '', { javaScriptEnabled: false });
      assert.equal(await t.page.locator('#matrix tbody tr').count(), data.offers.length);
      assert.equal(await t.page.isVisible('#matrix-controls'), false, 'the tools show without the script that runs them');
      await clean(t);
    });

    test('sorting by a price gives ascending prices, parts of a price after them, unknowns last, then descending', async () => {
      const t = await open(pass);
      // The default sort is the price per GPU-hour under the chosen model, ascending.
      assert.equal(await t.page.getAttribute('th[data-col="per_gpu"]', 'aria-sort'), 'ascending');
      let why = orderedPrices(await column(t.page, 'per_gpu'), 1, await lesserKeys(t.page, 'on_demand'));
      assert.equal(why, null, `per GPU-hour not ascending: ${why}`);
      await t.page.goto(t.url + '#show=m:spot');
      await frame(t.page);
      for (const key of ['price', 'm:spot']) {
        await sortBy(t.page, key);
        const up = await column(t.page, key);
        assert.ok(up.filter((c) => c.value !== null).length > 1, `${key}: too few prices to test`);
        const model = key === 'price' ? 'on_demand' : key.slice(2);
        const lesser = await lesserKeys(t.page, model);
        why = orderedPrices(up, 1, lesser);
        assert.equal(why, null, `${key} not ascending: ${why}`);
        assert.equal(await t.page.getAttribute(`th[data-col="${key}"]`, 'aria-sort'), 'ascending');
        await sortBy(t.page, key);
        const down = await column(t.page, key);
        why = orderedPrices(down, -1, lesser);
        assert.equal(why, null, `${key} not descending: ${why}`);
        assert.equal(down.filter((c) => c.value === null).length, up.filter((c) => c.value === null).length);
      }
      await clean(t);
    });

    test('estimates and articles\' figures are marked, and ranked only when the reader includes them', async () => {
      const unranked = unrankedKeys('on_demand');
      assert.ok(unranked.size > 0, 'the catalog has no article or estimate on demand: the test is not testing');
      const t = await open(pass, '#s=per_gpu');
      const off = await column(t.page, 'per_gpu');
      let why = orderedPrices(off, 1, await lesserKeys(t.page, 'on_demand'));
      assert.equal(why, null, `switch off: ${why}`);
      // Marked where listed: the price's age and source column says what its source is.
      const marked = (await column(t.page, 'since')).filter((c) => c.kinds.some((k) => /kind-(article|estimate)/.test(k))).map((c) => c.key);
      assert.deepEqual(new Set(marked), unranked, 'the rows marked as articles\' figures or estimates');
      const ranks = (cells) => new Map(cells.map((c, i) => [c.key, i]));
      const before = ranks(off);

      await t.page.check('#matrix-est');
      await frame(t.page);
      assert.match(t.page.url(), /[#&]est=1(&|$)/, 'the switch is in the URL');
      const on = await column(t.page, 'per_gpu');
      why = orderedPrices(on, 1, await lesserKeys(t.page, 'on_demand', true));
      assert.equal(why, null, `switch on: ${why}`);
      const after = ranks(on);
      // Some article's figure or estimate now ranks above a provider's or an aggregator's price.
      const moved = [...unranked].filter((k) => after.get(k) < before.get(k));
      assert.ok(moved.length > 0, 'no article or estimate moved up when included');
      assert.notDeepEqual(on.map((c) => c.key), off.map((c) => c.key), 'the switch changes nothing');

      // The URL brings the view back; the switch off again restores it.
      await t.page.goto(t.url + '#s=per_gpu&est=1');
      await frame(t.page);
      assert.equal(await t.page.isChecked('#matrix-est'), true);
      await t.page.uncheck('#matrix-est');
      await frame(t.page);
      assert.deepEqual((await column(t.page, 'per_gpu')).map((c) => c.key), off.map((c) => c.key));
      await clean(t);
    });

    test('stale prices and marketplaces\' rank only with their switches, kept in the URL; marketplaces and superseded offers are marked', async () => {
      const market = new Set(data.offers.filter((o) => o.provider_kind === 'marketplace' && o.prices?.on_demand).map(keyOf));
      const retired = new Set(data.offers.filter((o) => o.prices?.on_demand?.last_seen).map(keyOf));
      assert.ok(market.size > 0 && retired.size > 0, 'the catalog has no marketplace or no superseded offer on demand: the test is not testing');
      const t = await open(pass, '#s=per_gpu');
      const since = await column(t.page, 'since');
      const tagged = (cls) => new Set(since.filter((c) => c.tags.some((g) => g.cls.split(' ').includes(cls))).map((c) => c.key));
      assert.deepEqual(tagged('marketplace'), market, 'the rows marked as marketplaces\'');
      assert.deepEqual(tagged('last-seen'), retired, 'the rows marked "last seen"');
      const off = await column(t.page, 'per_gpu');
      assert.equal(orderedPrices(off, 1, await lesserKeys(t.page, 'on_demand')), null, 'switches off');
      // Off, every marketplace's and superseded price comes after every
      // price that answers.
      const lesser = await lesserKeys(t.page, 'on_demand');
      const lastAnswer = Math.max(...off.map((c, i) => (c.value !== null && !lesser.has(c.key) && !partialKeys().has(c.key) ? i : -1)));
      for (const k of [...market, ...retired]) {
        const i = off.findIndex((c) => c.key === k);
        assert.ok(i > lastAnswer, `${k} ranks among the prices that answer`);
      }

      await t.page.check('#matrix-market');
      await frame(t.page);
      await t.page.check('#matrix-stale');
      await frame(t.page);
      assert.match(t.page.url(), /[#&]stale=1(&|$)/, 'the URL does not keep "include stale prices"');
      assert.match(t.page.url(), /[#&]market=1(&|$)/, 'the URL does not keep "include marketplaces"');
      const on = await column(t.page, 'per_gpu');
      // On, only articles, estimates, superseded offers and those in a
      // region only vetted customers may buy in come after.
      const restricted = data.offers.filter((o) => o.region_access === 'restricted' && o.prices?.on_demand).map(keyOf);
      const still = new Set([...unrankedKeys('on_demand'), ...retired, ...restricted]);
      still.articles = unrankedKeys('on_demand');
      assert.equal(orderedPrices(on, 1, still), null, 'switches on');
      assert.ok([...market].some((k) => on.findIndex((c) => c.key === k) < off.findIndex((c) => c.key === k)), 'no marketplace moved up when included');

      await t.page.goto(t.url + '#s=per_gpu&stale=1&market=1');
      await frame(t.page);
      assert.equal(await t.page.isChecked('#matrix-stale'), true);
      assert.equal(await t.page.isChecked('#matrix-market'), true);
      await clean(t);
    });

    test('a price that is only part of the cost is tagged, with what it leaves out', async () => {
      const partial = data.offers.filter((o) => o.price_incomplete && o.prices);
      assert.ok(partial.length > 0, 'the catalog has no partial price: the test is not testing');
      const t = await open(pass);
      const tags = (await column(t.page, 'instance')).map((c) => {
        const tag = c.tags.find((g) => g.cls.split(' ').includes('partial'));
        return { key: c.key, title: tag?.title ?? null, text: tag?.text ?? null };
      });
      const keys = partialKeys();
      for (const row of tags) {
        const o = data.offers.find((x) => keyOf(x) === row.key);
        if (keys.has(row.key)) {
          assert.equal(row.text, data.messages['matrix.partial_short'], `${row.key} is not tagged`);
          assert.equal(row.title, o.price_incomplete);
        } else {
          assert.equal(row.text, null, `${row.key} is tagged, yet its price is whole`);
        }
      }
      await clean(t);
    });

    test('a price only a fork\'s or mirror\'s copy states carries the page\'s short mark, said once under the table', async () => {
      const copied = new Map(data.offers.filter((o) => o.prices?.on_demand?.source_copy).map((o) => [keyOf(o), o.prices.on_demand.source_copy]));
      assert.ok(copied.size > 0, 'no on-demand price only a copy states: the test is not testing');
      const word = (kind) => data.messages['trust.copy_short.' + kind];
      const t = await open(pass, '#s=per_gpu');
      const marks = new Map();
      for (const c of await column(t.page, 'since')) {
        const g = c.tags.filter((x) => x.cls.split(' ').includes('copy'));
        if (g.length) marks.set(c.key, g.map((x) => x.text).join(' '));
        // Short: no title on any row; the legend says what it means.
        for (const x of g) assert.equal(x.title, '', `${c.key}: the copy mark has a title`);
      }
      assert.deepEqual([...marks.keys()].sort(), [...copied.keys()].sort(), 'the rows the script marks as copies');
      for (const [k, kind] of copied) assert.equal(marks.get(k), word(kind), `${k}: the mark of a ${kind}`);
      const legend = await t.page.$$eval('#copy-legend li', (lis) => lis.map((li) => ({ mark: li.querySelector('.tag.copy')?.textContent, text: li.textContent })));
      for (const kind of new Set(copied.values())) {
        assert.equal(legend.filter((l) => l.mark === word(kind)).length, 1, `the legend says the ${kind} mark once: ${JSON.stringify(legend)}`);
      }
      await clean(t);
      // The page without script writes the same words on as many rows.
      const plain = await open(pass, '', { javaScriptEnabled: false });
      const served = await plain.page.$$eval('#matrix tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('.tag.copy')].map((g) => g.textContent).join(' ')).filter(Boolean));
      if ((await plain.page.locator('#matrix tbody tr').count()) === data.offers.length) {
        assert.deepEqual(served.sort(), [...marks.values()].sort(), 'the page\'s marks and the script\'s');
      }
      await clean(plain);
    });

    test('a numeric filter keeps exactly the matching rows', async () => {
      const t = await open(pass, '#show=gpu_count,gpu_memory');
      const cases = [
        { key: 'gpu_count', expr: '>=4', ok: (v) => v >= 4, of: (o) => o.gpu_count },
        { key: 'gpu_count', expr: '=8', ok: (v) => v === 8, of: (o) => o.gpu_count },
        { key: 'gpu_memory', expr: '40..80', ok: (v) => v >= 40 && v <= 80, of: (o) => o.gpu_memory_gb },
        { key: 'per_gpu', expr: '<2.5', ok: (v) => v < 2.5 },
      ];
      for (const c of cases) {
        await filter(t.page, c.key, c.expr);
          const cells = await column(t.page, c.key);
        assert.ok(cells.length > 0, `${c.key} ${c.expr}: no row left to check`);
        for (const cell of cells) assert.ok(cell.value !== null && c.ok(cell.value), `${c.key} ${c.expr}: row shows ${cell.text}`);
        const s = await status(t.page);
        assert.equal(s.matching, cells.length);
        if (c.of) {
          const want = data.offers.filter((o) => c.of(o) !== undefined && c.ok(c.of(o))).length;
          assert.equal(s.matching, want, `${c.key} ${c.expr}: ${s.matching} rows, the data has ${want}`);
        }
        await filter(t.page, c.key, '');
      }
      // Not a condition: marked, and ignored.
      await filter(t.page, 'gpu_count', '>>4');
      assert.equal(await t.page.getAttribute('tr.filters input[data-col="gpu_count"]', 'aria-invalid'), 'true');
      assert.equal((await status(t.page)).matching, data.offers.length);
      await clean(t);
    });

    test('the URL holds the view: a link reproduces it, back and forward step through it', async () => {
      const t = await open(pass, '#show=gpu_count');
      const { page } = t;
      const gpu = data.offers.find((o) => o.gpu_count >= 8 && o.prices).gpu;
      await page.fill('#matrix-q', data.offers.find((o) => o.gpu === gpu).gpu_name.split(' ')[0]);
      await page.selectOption('#matrix-model', data.models.includes('spot') ? 'spot' : data.models[0]);
      await page.selectOption('#matrix-currency', 'CNY');
      await page.selectOption('#matrix-unit', 'month');
      await filter(page, 'gpu_count', '>=2');
      await sortBy(page, 'gpu');
      await sortBy(page, 'gpu');
      await page.click('#matrix-columns summary');
      await page.uncheck('#matrix-columns input[value="region"]');
      await page.check('#matrix-columns input[value="gpu_memory"]');
      await page.click('#matrix-columns summary');
      const first = page.locator('#matrix tbody input.pick').first();
      await first.check();
      await frame(page);
      const url = page.url();
      assert.match(url, /#/, 'the state is in the hash');
      const snap = (p) =>
        p.evaluate(() => ({
          q: document.getElementById('matrix-q').value,
          model: document.getElementById('matrix-model').value,
          cur: document.getElementById('matrix-currency').value,
          unit: document.getElementById('matrix-unit').value,
          filter: document.querySelector('tr.filters input[data-col="gpu_count"]').value,
          heads: [...document.querySelectorAll('#matrix thead tr:first-child th')].filter((th) => !th.hidden).map((th) => th.textContent.trim()),
          sort: [...document.querySelectorAll('#matrix thead th[aria-sort]')].map((th) => th.dataset.col + ' ' + th.getAttribute('aria-sort')),
          rows: [...document.querySelectorAll('#matrix tbody tr')].map((tr) => tr.textContent.replace(/\s+/g, ' ').trim()),
          picked: [...document.querySelectorAll('#matrix tbody input.pick:checked')].map((b) => b.value),
          status: document.getElementById('matrix-count').textContent,
          compare: document.getElementById('matrix-compare-open').textContent,
        }));
      const want = await snap(page);
      assert.deepEqual(want.sort, ['gpu descending']);
      assert.equal(want.picked.length, 1);
      assert.ok(!want.heads.some((h) => h.startsWith('Region')), 'the hidden column is hidden');
      assert.ok(want.heads.some((h) => h.startsWith('GPU memory')), 'the chosen column is not shown');
      assert.ok(!want.heads.some((h) => h.startsWith('Certifications')), 'a column off by default is shown');
      assert.match(url, /[#&]hide=region(&|$)/);
      assert.match(url, /[#&]show=gpu_count%2Cgpu_memory(&|$)/);

      // The same URL in a fresh page shows the same view.
      const again = await open(pass, new URL(url).hash);
      assert.deepEqual(await snap(again.page), want);
      await clean(again);

      // Back undoes the last change (the pick), forward redoes it.
      await page.goBack();
      await frame(page);
      assert.deepEqual((await snap(page)).picked, []);
      await page.goForward();
      await frame(page);
      assert.deepEqual(await snap(page), want);
      await clean(t);
    });

    test('the currency switch changes the figures by the exchange rate, and says which', async () => {
      const conv = latestRate(data.currency, 'CNY');
      assert.ok(conv, `the catalog has no ${data.currency}/CNY rate to test with`);
      const t = await open(pass);
      const before = new Map((await column(t.page, 'per_gpu')).map((c) => [c.key, c.value]));
      await t.page.selectOption('#matrix-currency', 'CNY');
      await frame(t.page);
      const after = await column(t.page, 'per_gpu');
      let checked = 0;
      for (const c of after) {
        const v = before.get(c.key);
        if (v === null || c.value === null) continue;
        // Both sides are rounded for display: 2 to 4 decimals.
        const tol = 0.006 * conv.factor + 0.006 + 0.006 * Math.abs(v * conv.factor);
        assert.ok(Math.abs(c.value - v * conv.factor) <= tol, `${c.key}: ${v} ${data.currency} × ${conv.factor} = ${v * conv.factor}, shown ${c.value} CNY`);
        checked++;
      }
      assert.ok(checked > 0, 'no per-GPU price to compare');
      const heading = await t.page.textContent('th[data-col="per_gpu"] .col-unit');
      assert.match(heading, /^CNY\//);
      // The rate is stated once, above the table, and in the title of each
      // converted price, not in its text.
      const fx = conv.fx;
      const amount = `1 ${fx.base} = ${fx.rate.toLocaleString('en-US', { maximumFractionDigits: 20 })} ${fx.quote}`;
      const rate = `${amount}, ${fx.date}`;
      // The note names the kind of a rate whose kind the catalog states.
      const listed = fx.kind ? `${amount}, the ` : rate;
      const note = await t.page.textContent('#matrix-rates');
      assert.ok(note.includes(listed) && note.includes(fx.date), `the rates note does not show "${listed}" of ${fx.date}: ${note}`);
      const prices = await column(t.page, 'price');
      const converted = prices.filter((c) => c.title.includes(rate));
      assert.ok(converted.length > 0, `no price's title gives the rate "${rate}"`);
      assert.deepEqual(prices.filter((c) => c.text.includes('1 ' + fx.base + ' =')).map((c) => c.key), [], 'a cell repeats the rate');
      await clean(t);
    });

    test('the cost unit multiplies by 730 a month and 8,760 a year', async () => {
      const t = await open(pass);
      const hour = await column(t.page, 'per_gpu');
      await t.page.selectOption('#matrix-unit', 'year');
      await frame(t.page);
      const year = new Map((await column(t.page, 'per_gpu')).map((c) => [c.key, c.value]));
      for (const c of hour.slice(0, 20)) {
        if (c.value === null) continue;
        const y = year.get(c.key);
        assert.ok(Math.abs(y - c.value * 8760) <= 0.006 * 8760 + 0.01, `${c.key}: ${c.value}/h, ${y}/year`);
      }
      assert.match(await t.page.textContent('th[data-col="m:on_demand"] .col-unit'), /year/);
      await clean(t);
    });

    test('the CSV download holds exactly the rows and columns on screen', async () => {
      const t = await open(pass, '#show=gpu_count,billing');
      const { page } = t;
      await filter(page, 'gpu_count', '>=8');
      await page.click('#matrix-columns summary');
      await page.uncheck('#matrix-columns input[value="billing"]');
      await page.click('#matrix-columns summary');
      await frame(page);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#matrix-csv')]);
      assert.match(download.suggestedFilename(), /\.csv$/);
      const text = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
      const csv = parseCSV(text);
      const heads = await page.evaluate(() =>
        [...document.querySelectorAll('#matrix thead tr:first-child th')].filter((th) => !th.hidden).map((th) => th.textContent.replace(/\s+/g, ' ').trim()),
      );
      const screen = [heads, ...(await rows(page)).map((r) => r.screen)];
      const unguard = (s) => s.replace(/\s+/g, ' ').trim();
      assert.equal(csv.length, screen.length, `${csv.length - 1} CSV rows, ${screen.length - 1} on screen`);
      assert.equal((await status(page)).matching, screen.length - 1);
      for (let r = 0; r < screen.length; r++) {
        assert.deepEqual(
          csv[r].map((s, i) => (s.startsWith("'") && !screen[r][i].startsWith("'") ? s.slice(1) : s)).map(unguard),
          screen[r],
          `CSV line ${r + 1} differs from the screen`,
        );
      }
      assert.ok(!csv[0].some((h) => h.startsWith('Billing')), 'a hidden column is in the CSV');
      await clean(t);
    });

    test('the JSON download holds the rows and columns of the CSV, with exact figures, both named after the view', async () => {
      const gpu = 'h100-sxm5-80gb';
      const t = await open(pass, `#gpu=${gpu}&c=CNY&show=gpu_count`);
      const { page } = t;
      await filter(page, 'gpu_count', '>=8');
      const stem = `gpucompare-offers-${data.default_model}-cny-${gpu}-gpu_count-ge8`;
      const csvFile = await download(page, '#matrix-csv');
      const jsonFile = await download(page, '#matrix-json');
      assert.equal(csvFile.name, stem + '.csv');
      assert.equal(jsonFile.name, stem + '.json');
      const csv = parseCSV(csvFile.text.replace(/^\ufeff/, ''));
      const doc = JSON.parse(jsonFile.text);
      const shown = await rows(page);
      const heads = await page.evaluate(() =>
        [...document.querySelectorAll('#matrix thead tr:first-child th')].filter((th) => !th.hidden).map((th) => th.textContent.replace(/\s+/g, ' ').trim()),
      );
      assert.ok(shown.length > 0, 'the view is empty: the test checks nothing');
      assert.equal(shown.length, (await status(page)).matching);
      // The view as the page shows it.
      assert.equal(doc.view.model, data.default_model);
      assert.equal(doc.view.currency, 'CNY');
      assert.deepEqual(doc.view.facets, { gpu: [gpu] });
      assert.deepEqual(doc.view.filters, { gpu_count: '>=8' });
      assert.equal(doc.view.state, (await page.evaluate(() => location.hash)).slice(1));
      // The same columns as the CSV and the screen, the same rows in the same order.
      assert.deepEqual(doc.columns.map((c) => [c.label, c.unit].filter(Boolean).join(' ')), heads);
      assert.deepEqual(csv[0].map((h) => h.replace(/\s+/g, ' ').trim()), heads);
      assert.deepEqual(doc.offers.map((o) => o.key), shown.map((r) => r.key));
      assert.equal(csv.length - 1, doc.offers.length);
      doc.offers.forEach((o, r) => {
        assert.deepEqual(doc.columns.map((c) => o.cells[c.key]), csv[r + 1], `JSON offer ${o.key} differs from CSV line ${r + 2}`);
        const [provider, instance, region] = o.key.split('/');
        assert.deepEqual([o.provider, o.instance, o.region], [provider, instance, region]);
        // Every figure on screen is its exact value rounded; an unknown one is absent, never 0.
        for (const c of doc.columns) {
          const cell = shown[r].cells[c.key];
          const v = o.values[c.key];
          if (cell.value === null || !/\d/.test(cell.text)) {
            assert.equal(v, undefined, `${o.key} ${c.key}: "${cell.text}" on screen, ${v} in the JSON`);
            continue;
          }
          if (v === undefined) continue; // a text column
          assert.ok(Math.abs(v - cell.value) <= Math.max(0.005, Math.abs(v) * 0.0005) + 1e-9, `${o.key} ${c.key}: ${cell.text} on screen, ${v} in the JSON`);
        }
      });
      const priced = doc.offers.filter((o) => o.values.price !== undefined);
      assert.ok(priced.length > 0, 'no offer of the view has a price in the JSON');
      await clean(t);
    });

    test('the compare panel shows the selected offers side by side', async () => {
      const t = await open(pass);
      const { page } = t;
      assert.equal(await page.isDisabled('#matrix-compare-open'), true);
      const picks = page.locator('#matrix tbody input.pick');
      const keys = [await picks.nth(0).inputValue(), await picks.nth(2).inputValue()];
      await picks.nth(0).check();
      await picks.nth(2).check();
      await page.click('#matrix-compare-open');
      await frame(page);
      assert.equal(await page.isVisible('#matrix-panel'), true);
      const names = keys.map((k) => data.offers.find((o) => [o.provider, o.instance, o.region].filter(Boolean).join('/') === k).instance_name);
      const heads = await page.$$eval('#matrix-compare thead th', (ths) => ths.map((th) => th.textContent.replace(/\s+/g, ' ').trim()));
      assert.equal(heads.length, 3, 'a field column and one column per offer');
      names.forEach((n, i) => assert.ok(heads[i + 1].startsWith(n), `column ${i + 1} is "${heads[i + 1]}", want ${n}`));
      const fields = await page.$$eval('#matrix-compare tbody th', (ths) => ths.map((th) => th.textContent));
      const columns = await page.locator('#matrix thead tr:first-child th').count();
      assert.equal(fields.length, columns - 1, 'every field but the name is a row');
      assert.match(page.url(), /cmp=1/);
      await page.click('#matrix-compare button.unpick >> nth=0');
      await frame(page);
      assert.equal(await page.locator('#matrix-compare thead th').count(), 2);
      assert.equal(await picks.nth(0).isChecked(), false);
      await clean(t);
    });

    test('the compare panel prints the selected offers first: price, age and source, no header', async () => {
      const t = await open(pass);
      const { page } = t;
      const picks = page.locator('#matrix tbody input.pick');
      const keys = [await picks.nth(0).inputValue(), await picks.nth(1).inputValue()];
      await picks.nth(0).check();
      await picks.nth(1).check();
      await page.click('#matrix-compare-open');
      await frame(page);
      assert.equal(await page.isVisible('#matrix-print'), true, 'the panel has its print button');
      assert.equal(await page.isVisible('#matrix-print-summary'), false, 'on screen the panel shows its table only');
      const names = keys.map((k) => data.offers.find((o) => [o.provider, o.instance, o.region].filter(Boolean).join('/') === k).instance_name);
      await page.setViewportSize({ width: 1047, height: 740 });
      await page.emulateMedia({ media: 'print' });
      await frame(page);
      const printed = await page.evaluate(() => {
        // The first text that prints, in document order.
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
          acceptNode: (n) => (n.textContent.trim() && n.parentElement.getClientRects().length ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
        });
        const first = walk.nextNode();
        const rows = [...document.querySelectorAll('#matrix-print-offers tbody tr')].map((tr) =>
          Object.fromEntries([...tr.cells].map((c) => [c.className.split(' ').find((k) => k.startsWith('p-')), c.innerText.trim()])),
        );
        const shown = (sel) => [...document.querySelectorAll(sel)].some((el) => el.getClientRects().length > 0);
        return {
          first: first ? first.textContent.trim().slice(0, 80) : '',
          inPanel: !!first && !!first.parentElement.closest('#matrix-panel'),
          summaryTop: document.getElementById('matrix-print-summary').getBoundingClientRect().top,
          rows,
          header: shown('.site-header, .site-header *'),
          matrix: shown('#matrix'),
          controls: shown('#matrix-controls, #matrix-panel button'),
        };
      });
      assert.ok(printed.inPanel, `the first printed text is the panel's, not "${printed.first}"`);
      assert.equal(printed.header, false, 'the site header (logo, navigation) does not print');
      assert.equal(printed.matrix, false, 'the whole matrix does not print');
      assert.equal(printed.controls, false, 'no control prints');
      assert.ok(printed.summaryTop < 200, `the selected offers start the page: ${printed.summaryTop}px down`);
      assert.equal(printed.rows.length, 2, 'one line per selected offer');
      printed.rows.forEach((r, i) => {
        assert.ok(r['p-instance'].startsWith(names[i]), `line ${i + 1} is ${r['p-instance']}, want ${names[i]}`);
        assert.match(r['p-price'], /\d/, `line ${i + 1} has a price`);
        assert.match(r['p-since'], /\S/, `line ${i + 1} has the price's age`);
        assert.match(r['p-source'], /\S/, `line ${i + 1} has a source`);
      });
      if (pass === 'file') {
        const pdf = path.join(SHOTS, 'compare-selected.pdf');
        await page.pdf({ path: pdf, printBackground: true });
        const r = spawnSync('pdftotext', ['-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' });
        if (r.error?.code === 'ENOENT') throw new Error('pdftotext not found: install the Debian package poppler-utils');
        const page1 = r.stdout.replace(/\s+/g, ' ');
        for (const n of names) assert.ok(page1.includes(n), `the printout's first page has no ${n}: ${page1.slice(0, 200)}`);
        assert.ok(page1.trim().startsWith(printed.first.replace(/\s+/g, ' ').slice(0, 20)), `the printout starts with "${page1.slice(0, 60)}"`);
      }
      await page.emulateMedia({ media: 'screen' });
      await clean(t);
    });

    test('facets, the text search and previous generations filter together', async () => {
      const t = await open(pass);
      const { page } = t;
      const provider = data.offers[0].provider;
      await page.click('details[data-facet="provider"] summary');
      await page.check(`details[data-facet="provider"] input[value="${provider}"]`);
      await frame(page);
      const want = data.offers.filter((o) => o.provider === provider).length;
      assert.equal((await status(page)).matching, want);
      await page.check('#matrix-old');
      await frame(page);
      assert.equal((await status(page)).matching, data.offers.filter((o) => o.provider === provider && !o.previous_generation).length);
      await page.fill('#matrix-q', 'no such offer anywhere');
      await frame(page);
      assert.equal((await status(page)).matching, 0);
      assert.equal(await page.isVisible('#matrix td.none'), true);
      await page.click('#matrix-reset');
      await frame(page);
      assert.equal((await status(page)).matching, data.offers.length);
      await clean(t);
    });
  });
}

// firstScreen reads what a reader sees of the matrix without scrolling:
// the rows whose instance, GPUs and price per GPU-hour cells are all
// inside the window, and where the header and those columns are.
async function firstScreen(page) {
  return page.evaluate(() => {
    const table = document.getElementById('matrix');
    const inView = (el) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0 &&
        r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    };
    const heads = [...table.tHead.rows[0].cells];
    const at = (key) => heads.findIndex((th) => th.dataset.col === key && !th.hidden);
    const shown = heads.filter((th) => !th.hidden);
    const idx = (key) => shown.findIndex((th) => th.dataset.col === key);
    const full = [...table.tBodies[0].rows].filter((tr) => !tr.classList.contains('pad')).filter((tr) =>
      ['instance', 'gpu', 'per_gpu'].every((k) => inView(tr.cells[idx(k)])),
    );
    return {
      rows: full.length,
      heights: full.map((tr) => Math.round(tr.getBoundingClientRect().height)),
      perGPUHead: at('per_gpu') >= 0 && inView(heads[at('per_gpu')]),
      texts: full.slice(0, 3).map((tr) => ['instance', 'gpu', 'per_gpu'].map((k) => tr.cells[idx(k)].textContent.replace(/\s+/g, ' ').trim())),
    };
  });
}

describe('the first screen of the matrix', () => {
  test('at 1280×900: at least 12 offers on one line each, the price per GPU-hour in view, the header and the name column stay in view', async () => {
    const t = await open('file', '', { viewport: { width: 1280, height: 900 } });
    const { page } = t;
    const s = await firstScreen(page);
    assert.ok(s.rows >= 12, `${s.rows} offers on the first screen, want 12 or more`);
    assert.ok(s.perGPUHead, 'the price per GPU-hour heading is not on the first screen');
    const h = Math.max(...s.heights);
    assert.ok(h <= 36, `rows ${s.heights.join(', ')} px high: an offer takes more than one line`);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'compare-1280.png') });
    // The table's box fits the window below the tools. Scrolled down and
    // sideways in it, the header row and the offer's name stay in view.
    const box = await page.evaluate(() => document.getElementById('matrix').closest('.table-wrap').getBoundingClientRect().bottom);
    assert.ok(box <= 900, `the table's box ends ${box} px down, below the window`);
    await page.evaluate(() => {
      const wrap = document.getElementById('matrix').closest('.table-wrap');
      wrap.scrollTop = wrap.scrollHeight / 2;
      wrap.scrollLeft = 400;
    });
    await frame(page);
    const stuck = await page.evaluate(() => {
      const table = document.getElementById('matrix');
      const wrap = table.closest('.table-wrap').getBoundingClientRect();
      const head = table.tHead.rows[0].cells[0].getBoundingClientRect();
      const perGPU = table.querySelector('thead th[data-col="per_gpu"]').getBoundingClientRect();
      const name = [...table.tBodies[0].rows].find((tr) => !tr.classList.contains('pad') && tr.getBoundingClientRect().top > head.bottom);
      const nameBox = name.cells[0].getBoundingClientRect();
      return {
        headTop: head.top - wrap.top,
        headInWindow: head.top >= 0 && head.bottom <= innerHeight,
        headWidth: perGPU.width,
        nameLeft: nameBox.left - wrap.left,
        scrolled: table.closest('.table-wrap').scrollTop,
      };
    });
    assert.ok(stuck.scrolled > 0, 'the table box did not scroll');
    assert.ok(Math.abs(stuck.headTop) <= 2 && stuck.headInWindow, `the header left the view (${JSON.stringify(stuck)})`);
    assert.ok(Math.abs(stuck.nameLeft) <= 2, `the name column left the view (${JSON.stringify(stuck)})`);
    await clean(t);
  });

  test('at 375×800: the instance, its GPUs, the price per GPU-hour, and the price\'s age and source', async () => {
    const t = await open('file', '', { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const { page } = t;
    const s = await firstScreen(page);
    assert.ok(s.rows >= 3, `${s.rows} offers with their instance, GPUs and price per GPU-hour on the first screen (${JSON.stringify(s.texts)})`);
    for (const [name, gpu, perGPU] of s.texts) {
      assert.ok(name && /×/.test(gpu) && /\d/.test(perGPU), `a row reads ${JSON.stringify([name, gpu, perGPU])}`);
    }
    // Each of them says its price's age and source kind, the age · source
    // column's line, under its GPUs.
    const ages = await page.evaluate(() =>
      [...document.querySelectorAll('#matrix tbody tr:not(.pad)')].slice(0, 3).map((tr) => {
        const line = tr.querySelector('td[data-col="gpu"] .phone-since');
        const r = line ? line.getBoundingClientRect() : null;
        const col = tr.querySelector('td[data-col="since"]');
        return {
          line: line ? line.textContent.replace(/\s+/g, ' ').trim() : '',
          col: col ? col.textContent.replace(/\s+/g, ' ').trim() : '',
          inView: !!r && r.height > 0 && r.bottom <= innerHeight && r.right <= innerWidth,
        };
      }),
    );
    assert.equal(ages.length, 3);
    for (const a of ages) {
      assert.ok(a.inView && a.line && a.line === a.col, `a row's age and source under its name: ${JSON.stringify(a)}`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'compare-375.png') });
    // The tools fold behind their button, and open with it.
    assert.equal(await page.isVisible('#matrix-model'), false, 'the tools take the first screen');
    await page.click('#matrix-tools-toggle');
    assert.equal(await page.isVisible('#matrix-model'), true, 'the button does not open the tools');
    await clean(t);
  });

  test('without script, at 1280×900 and 375×800, the same columns answer first', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 800 }]) {
      const t = await open('file', '', { viewport, javaScriptEnabled: false });
      const s = await firstScreen(t.page);
      assert.ok(s.rows >= (viewport.width > 400 ? 12 : 3), `${viewport.width} px without script: ${s.rows} offers on the first screen`);
      await clean(t);
    }
  });
});

describe('the matrix writes amounts as the build does', () => {
  test('the script\'s amount() agrees with the template function "money" on the shared list', async () => {
    const { cases } = JSON.parse(readFileSync(AMOUNTS, 'utf8'));
    assert.ok(cases.length >= 10, `${AMOUNTS} holds ${cases.length} cases`);
    const t = await open('file');
    const got = await t.page.evaluate((cases) => cases.map(([v]) => window.gpucompareMatrix.amount(Number(v))), cases);
    const wrong = cases.filter(([v, want], i) => got[i] !== want).map(([v, want], i) => `${v}: ${got[cases.findIndex((c) => c[0] === v)]}, want ${want}`);
    assert.deepEqual(wrong, []);
    // And the page: no price per GPU-hour with more than four significant
    // digits past two decimals, and each with its exact figure in its title.
    for (const c of await column(t.page, 'per_gpu')) {
      if (c.value === null) continue;
      const digits = c.text.replace(/[^\d.]/g, '');
      const [whole, frac = ''] = digits.split('.');
      assert.ok(frac.length >= 2, `${c.key}: ${c.text} has fewer than two decimals`);
      const significant = (whole.replace(/^0+/, '') + frac).replace(/^0+/, '').replace(/0+$/, '');
      assert.ok(frac.length === 2 || significant.length <= 4, `${c.key}: ${c.text} has more than four significant digits`);
      assert.match(c.title, /^[\d,.]+ [A-Z]{3}(\/\S+)?$/, `${c.key}: the title "${c.title}" is not the exact figure (and its unit)`);
      assert.ok(Math.abs(Number(c.title.split(' ')[0].replace(/,/g, '')) - c.value) <= Math.abs(c.value) * 0.001 + 0.005, `${c.key}: ${c.text} against ${c.title}`);
    }
    await clean(t);
  });
});

describe('the region filter', () => {
  test('groups regions by part of the world, and a part checks all its regions', async () => {
    const t = await open('file');
    const { page } = t;
    await page.click('details[data-facet="region"] summary');
    const groups = await page.$$eval('details[data-facet="region"] .facet-group', (gs) =>
      gs.map((g) => ({ geo: g.dataset.geo, regions: [...g.querySelectorAll('input:not(.group-box)')].map((i) => i.value) })),
    );
    const order = ['china-mainland', 'hong-kong-taiwan', 'asia-pacific', 'north-america', 'south-america', 'europe', 'middle-east', 'africa', 'none'];
    const geos = groups.map((g) => g.geo);
    assert.deepEqual(geos, order.filter((g) => geos.includes(g)), 'groups out of order');
    for (const want of ['china-mainland', 'north-america', 'europe']) assert.ok(geos.includes(want), `no ${want} group`);
    const of = (geo) => groups.find((g) => g.geo === geo).regions;
    assert.ok(of('north-america').includes('us-east-1'), 'us-east-1 is not in North America');
    assert.ok(of('europe').every((r) => /^(eu|europe)-/.test(r)), `Europe holds ${of('europe')}`);
    assert.ok(of('china-mainland').every((r) => /^cn-|^ap-(beijing|shanghai|guangzhou|nanjing|chengdu|chongqing)$/.test(r)), `China mainland holds ${of('china-mainland')}`);
    // Every region of the offers is in one group, once (or is "all regions").
    const listed = groups.flatMap((g) => g.regions);
    const regions = new Set(data.offers.map((o) => o.region).filter((r) => r && r !== 'all'));
    assert.deepEqual(new Set(listed), regions);
    assert.equal(listed.length, regions.size, 'a region is listed twice');

    await page.check('details[data-facet="region"] input.group-box[data-geo="europe"]');
    await frame(page);
    const europe = new Set(of('europe'));
    assert.equal((await status(page)).matching, data.offers.filter((o) => europe.has(o.region)).length);
    assert.match(page.url(), /[#&]region=/);
    const boxes = await page.$$eval('details[data-facet="region"] .facet-group[data-geo="europe"] input:not(.group-box)', (bs) => bs.map((b) => b.checked));
    assert.ok(boxes.every(Boolean), 'the part of the world did not check its regions');
    await page.uncheck(`details[data-facet="region"] input[value="${[...europe][0]}"]`);
    await frame(page);
    assert.equal(await page.$eval('details[data-facet="region"] input.group-box[data-geo="europe"]', (b) => b.indeterminate || !b.checked), true);
    await clean(t);
  });
});

// download clicks a download button and returns the file's suggested name and text.
async function download(page, button) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: d.suggestedFilename(), text: readFileSync(await d.path(), 'utf8') };
}

// parseCSV reads RFC 4180 CSV.
function parseCSV(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
