// The instance matrix (/compare/) with its script, in headless Chromium,
// against the built site: from file:// and over a loopback server under a
// PR-preview sub-path. Sorting, numeric filters, the URL state, the
// currency switch, the CSV download and the compare panel are checked
// against the page's own data block, with no console error and no CSP
// violation on the way.
//
//   SITE_DIR=public node --test tests/browser/matrix.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, serve, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const PREFIX = '/preview/pr-1/';
const PAGE = 'compare/index.html';
const SITE_URL = pathToFileURL(SITE + path.sep).href;

let browser;
let server;
let data; // the page's data block

before(async () => {
  const file = path.join(SITE, PAGE);
  assert.ok(existsSync(file), `no ${PAGE} in ${SITE}: build the site first (make test-browser does) or set SITE_DIR`);
  const html = readFileSync(file, 'utf8');
  const m = /<script type="application\/json" id="matrix-data">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, `${PAGE} has no matrix data block`);
  data = JSON.parse(m[1]);
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
  await settle(page);
  await page.waitForSelector('#matrix-controls:not([hidden])');
  return { ctx, page, problems, url: base + PAGE };
}

// clean fails on recorded problems and CSP violations, then closes.
async function clean(t) {
  const problems = [...t.problems, ...(await cspViolations(t.page)).map((v) => `CSP violation: ${v}`)];
  await t.ctx.close();
  if (problems.length) assert.fail(problems.join('\n'));
}

// frame waits until the page has drawn what the last event changed.
const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// column reads the cells of one column of the drawn rows: their text, and
// the figure in the chosen currency (a converted price's "= x CUR" line,
// else its first number); null for "—".
async function column(page, key) {
  return page.evaluate((key) => {
    const heads = [...document.querySelectorAll('#matrix thead tr:first-child th')].filter((th) => !th.hidden);
    const at = heads.findIndex((th) => th.dataset.col === key);
    if (at < 0) throw new Error(`no visible column ${key}`);
    const figure = (s) => {
      const m = /-?[\d,]*\.?\d+/.exec(s);
      return m ? Number(m[0].replace(/,/g, '')) : null;
    };
    return [...document.querySelectorAll('#matrix tbody tr')].filter((tr) => !tr.querySelector('td.none')).map((tr) => {
      const cell = tr.cells[at];
      const text = cell.textContent.replace(/\s+/g, ' ').trim();
      const fx = cell.querySelector('.fx');
      const value = cell.querySelector('.na, .not-public') ? null : figure(fx ? fx.textContent : text);
      return { key: tr.querySelector('input.pick')?.value, text, value };
    });
  }, key);
}

async function status(page) {
  const s = await page.textContent('#matrix-count');
  const m = /^([\d,]+) of ([\d,]+) offers/.exec(s);
  assert.ok(m, `status "${s}"`);
  return { matching: Number(m[1].replace(/,/g, '')), total: Number(m[2].replace(/,/g, '')), text: s };
}

// showAll presses "show more" until every matching row is drawn.
async function showAll(page) {
  while (await page.isVisible('#matrix-more')) {
    await page.click('#matrix-more');
    await frame(page);
  }
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

// orderedPrices is ordered for the cells of a price column under a pricing
// model: ranked whole prices in order, then articles' figures and
// estimates in order (unless est includes them in the ranking), then the
// prices that are only part of the cost in order, then the unknowns — a
// part of a price is never ranked among whole prices.
function orderedPrices(cells, dir, model, est = false) {
  const partial = partialKeys();
  const unranked = est ? new Set() : unrankedKeys(model);
  const block = (c) => (c.value === null ? 3 : partial.has(c.key) ? 2 : unranked.has(c.key) ? 1 : 0);
  for (let i = 1; i < cells.length; i++) {
    if (block(cells[i]) < block(cells[i - 1])) return `${cells[i - 1].key} (${cells[i - 1].text}) sorts before ${cells[i].key} (${cells[i].text})`;
  }
  return (
    ordered(cells.filter((c) => block(c) === 0).map((c) => c.value), dir) ||
    ordered(cells.filter((c) => block(c) === 1).map((c) => c.value), dir) ||
    ordered(cells.filter((c) => block(c) === 2).map((c) => c.value), dir)
  );
}

// latestRate is the rate of a currency pair the build uses: the latest
// dated one, in either direction.
function latestRate(from, to) {
  const known = (d) => d && d !== 'unknown';
  let best = null;
  for (const fx of data.fx) {
    if (!((fx.base === from && fx.quote === to) || (fx.base === to && fx.quote === from))) continue;
    if (!best || (known(fx.date) && (!known(best.date) || fx.date > best.date))) best = fx;
  }
  return best && { factor: best.base === from ? best.rate : 1 / best.rate, fx: best };
}

for (const pass of ['file', 'http']) {
  describe(pass === 'file' ? 'matrix from file://' : `matrix over http under ${PREFIX}`, () => {
    test('the script takes over the table: every offer, the first rows drawn', async () => {
      const t = await open(pass);
      const s = await status(t.page);
      assert.equal(s.total, data.offers.length);
      assert.equal(s.matching, data.offers.length);
      const rows = await t.page.locator('#matrix tbody tr').count();
      const drawn = /the first ([\d,]+) are shown/.exec(s.text);
      assert.ok(drawn, `status "${s.text}" does not say how many rows are drawn`);
      assert.equal(rows, Number(drawn[1].replace(/,/g, '')));
      assert.ok(rows < data.offers.length, 'every row drawn at once');
      assert.equal(await t.page.isVisible('tr.filters'), true, 'the filter row shows');
      await showAll(t.page);
      assert.equal(await t.page.locator('#matrix tbody tr').count(), data.offers.length, 'no offer is lost');
      await clean(t);
    });

    test('sorting by a price gives ascending prices, parts of a price after them, unknowns last, then descending', async () => {
      const t = await open(pass);
      // The default sort is the chosen model's price, ascending.
      assert.equal(await t.page.getAttribute('th[data-col="m:on_demand"]', 'aria-sort'), 'ascending');
      await showAll(t.page);
      let why = orderedPrices(await column(t.page, 'm:on_demand'), 1, 'on_demand');
      assert.equal(why, null, `on-demand not ascending: ${why}`);
      for (const key of ['per_gpu', 'm:spot']) {
        await sortBy(t.page, key);
        await showAll(t.page);
        const up = await column(t.page, key);
        assert.ok(up.filter((c) => c.value !== null).length > 1, `${key}: too few prices to test`);
        const model = key === 'per_gpu' ? 'on_demand' : key.slice(2);
        why = orderedPrices(up, 1, model);
        assert.equal(why, null, `${key} not ascending: ${why}`);
        assert.equal(await t.page.getAttribute(`th[data-col="${key}"]`, 'aria-sort'), 'ascending');
        await sortBy(t.page, key);
        await showAll(t.page);
        const down = await column(t.page, key);
        why = orderedPrices(down, -1, model);
        assert.equal(why, null, `${key} not descending: ${why}`);
        assert.equal(down.filter((c) => c.value === null).length, up.filter((c) => c.value === null).length);
      }
      await clean(t);
    });

    test('estimates and articles\' figures are marked, and ranked only when the reader includes them', async () => {
      const unranked = unrankedKeys('on_demand');
      assert.ok(unranked.size > 0, 'the catalog has no article or estimate on demand: the test is not testing');
      const t = await open(pass, '#s=per_gpu');
      await showAll(t.page);
      const off = await column(t.page, 'per_gpu');
      let why = orderedPrices(off, 1, 'on_demand');
      assert.equal(why, null, `switch off: ${why}`);
      // Marked where listed: the on-demand cell says what its source is.
      const marks = await t.page.evaluate(() => [...document.querySelectorAll('#matrix tbody td .kind-article, #matrix tbody td .kind-estimate')].length);
      assert.ok(marks >= unranked.size, `${marks} marks for ${unranked.size} unranked on-demand prices`);
      const ranks = (cells) => new Map(cells.map((c, i) => [c.key, i]));
      const before = ranks(off);

      await t.page.check('#matrix-est');
      await frame(t.page);
      assert.match(t.page.url(), /[#&]est=1(&|$)/, 'the switch is in the URL');
      await showAll(t.page);
      const on = await column(t.page, 'per_gpu');
      why = orderedPrices(on, 1, 'on_demand', true);
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
      await showAll(t.page);
      assert.deepEqual((await column(t.page, 'per_gpu')).map((c) => c.key), off.map((c) => c.key));
      await clean(t);
    });

    test('a price that is only part of the cost is tagged, with what it leaves out', async () => {
      const partial = data.offers.filter((o) => o.price_incomplete && o.prices);
      assert.ok(partial.length > 0, 'the catalog has no partial price: the test is not testing');
      const t = await open(pass);
      await showAll(t.page);
      const tags = await t.page.evaluate(() =>
        [...document.querySelectorAll('#matrix tbody tr')].map((tr) => {
          const tag = tr.querySelector('th .tag.partial');
          return { key: tr.querySelector('input.pick')?.value, title: tag?.title ?? null, text: tag?.textContent ?? null };
        }),
      );
      const keys = partialKeys();
      for (const row of tags) {
        const o = data.offers.find((x) => x.provider + '/' + x.instance + (x.region ? '/' + x.region : '') === row.key);
        if (keys.has(row.key)) {
          assert.equal(row.text, data.messages['price.partial'], `${row.key} is not tagged`);
          assert.equal(row.title, o.price_incomplete);
        } else {
          assert.equal(row.text, null, `${row.key} is tagged, yet its price is whole`);
        }
      }
      await clean(t);
    });

    test('a numeric filter keeps exactly the matching rows', async () => {
      const t = await open(pass);
      const cases = [
        { key: 'gpu_count', expr: '>=4', ok: (v) => v >= 4, of: (o) => o.gpu_count },
        { key: 'gpu_count', expr: '=8', ok: (v) => v === 8, of: (o) => o.gpu_count },
        { key: 'gpu_memory', expr: '40..80', ok: (v) => v >= 40 && v <= 80, of: (o) => o.gpu_memory_gb },
        { key: 'per_gpu', expr: '<2.5', ok: (v) => v < 2.5 },
      ];
      for (const c of cases) {
        await filter(t.page, c.key, c.expr);
        await showAll(t.page);
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
      const t = await open(pass);
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
      await page.uncheck('#matrix-columns input[value="certifications"]');
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
      assert.ok(!want.heads.some((h) => h.startsWith('Certifications')), 'the hidden column is hidden');

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
      await showAll(t.page);
      const before = new Map((await column(t.page, 'per_gpu')).map((c) => [c.key, c.value]));
      await t.page.selectOption('#matrix-currency', 'CNY');
      await frame(t.page);
      await showAll(t.page);
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
      // A price quoted in the site currency now shows its CNY figure with the rate and date.
      const fx = conv.fx;
      const rate = `1 ${fx.base} = ${fx.rate.toLocaleString('en-US', { maximumFractionDigits: 20 })} ${fx.quote}, ${fx.date}`;
      assert.ok((await t.page.textContent('#matrix tbody')).includes(rate), `no cell shows "${rate}"`);
      assert.ok((await t.page.textContent('#matrix-rates')).includes(rate), `the rates note does not show "${rate}"`);
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
      const t = await open(pass);
      const { page } = t;
      await filter(page, 'gpu_count', '>=8');
      await page.click('#matrix-columns summary');
      await page.uncheck('#matrix-columns input[value="billing"]');
      await page.click('#matrix-columns summary');
      await frame(page);
      await showAll(page);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#matrix-csv')]);
      assert.match(download.suggestedFilename(), /\.csv$/);
      const text = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
      const csv = parseCSV(text);
      const screen = await page.evaluate(() => {
        const norm = (el) => {
          const c = el.cloneNode(true);
          for (const a of c.querySelectorAll('a.source')) a.replaceWith(a.getAttribute('href'));
          for (const b of c.querySelectorAll('input')) b.remove();
          // A price's age and source kind are labels beside it, not data: the CSV leaves them out.
          for (const l of c.querySelectorAll('.age, .kind')) l.remove();
          return c.textContent.replace(/\s+/g, ' ').trim();
        };
        const heads = [...document.querySelectorAll('#matrix thead tr:first-child th')].filter((th) => !th.hidden).map(norm);
        const rows = [...document.querySelectorAll('#matrix tbody tr')].map((tr) => [...tr.cells].map(norm));
        return [heads, ...rows];
      });
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
