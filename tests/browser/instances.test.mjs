// The lists of instance types on provider and GPU pages, in headless
// Chromium from file://. On a phone (375 px) each instance type is a card
// and nothing scrolls sideways: the first card, with its lowest price per
// GPU-hour, the price's age and its source kind, is on the first screen of
// every provider page. On a laptop (1280 px) the list is still a table.
// Either way the current, whole, on-demand prices of providers come first,
// cheapest first. No catalog id is written here: the pages are found by
// following the links of the index pages.
//
//   SITE_DIR=public node --test tests/browser/instances.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, layoutProblems, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const HEIGHT = 800;

let browser;
let providers = []; // output paths of the provider pages
let gpu; // the GPU page with the most current-generation instance types
let provider; // the provider page with the longest instance list
const wide = new Map(); // output path → its instance list at 1280 px (read)

// linked lists the output paths the links of an index page lead to that
// match pattern.
async function linked(index, pattern) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(SITE_URL + index);
  const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => a.href));
  await ctx.close();
  const root = fileURLToPath(SITE_URL);
  const rel = hrefs.filter((h) => h.startsWith(SITE_URL)).map((h) => decodeURIComponent(new URL(h).pathname).slice(root.length));
  return [...new Set(rel.filter((p) => pattern.test(p)))];
}

before(async () => {
  assert.ok(existsSync(path.join(SITE, 'index.html')), `no built site at ${SITE}: build it first (make test-browser does) or set SITE_DIR`);
  browser = await launch();
  providers = await linked('providers/index.html', /^providers\/[^/]+\/index\.html$/);
  assert.ok(providers.length > 1, `providers/index.html links to ${providers.length} provider pages: the test is not testing`);
  // Each provider page's list at 1280 px, read once: the order test and
  // the choice of the longest list use them.
  for (const p of providers) wide.set(p, await read(p, 1280, { look: false }));
  // The GPU page with the most current-generation types (no tag beside
  // the name), counted in its HTML: its list has an order to check.
  let most = -1;
  for (const p of await linked('gpus/index.html', /^gpus\/[^/]+\/index\.html$/)) {
    const html = readFileSync(path.join(SITE, p), 'utf8');
    const rows = /<table class="data instances">[\s\S]*?<\/table>/.exec(html)?.[0].match(/<th scope="row">[\s\S]*?<\/th>/g) || [];
    const n = rows.filter((th) => !th.includes('class="tag"')).length;
    if (n > most) [gpu, most] = [p, n];
  }
  wide.set(gpu, await read(gpu, 1280, { look: false }));
  provider = providers.reduce((a, b) => (wide.get(b)?.rows.length || 0) > (wide.get(a)?.rows.length || 0) ? b : a);
  assert.ok(wide.get(gpu)?.rows.length > 3, `no GPU page lists more than 3 instance types: the test is not testing`);
});

// read opens a page at a width and returns its instance list (list) and,
// unless told not to look, its layout problems; it fails on any problem
// the page records.
async function read(rel, width, { look = true } = {}) {
  const t = await open(rel, width);
  const l = await list(t.page);
  const layout = look ? await layoutProblems(t.page) : [];
  await clean(t);
  return l && { ...l, layout };
}

after(async () => {
  await browser?.close();
});

async function open(rel, width) {
  const ctx = await browser.newContext({ viewport: { width, height: HEIGHT }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  const problems = await instrument(page, (u) => u.startsWith(SITE_URL) || u.startsWith('data:') || u === 'about:blank');
  await page.goto(SITE_URL + rel);
  await settle(page);
  return { ctx, page, problems };
}

async function clean(t) {
  const problems = [...t.problems, ...(await cspViolations(t.page)).map((v) => `CSP violation: ${v}`)];
  await t.ctx.close();
  if (problems.length) assert.fail(problems.join('\n'));
}

// list reads the instance list of a page: how it is laid out, and per row
// its name, price as shown, whether it is plain (current generation, a
// whole on-demand price from a provider or aggregator) and where its
// name, price, age and source kind are.
async function list(page) {
  return page.evaluate(() => {
    const table = document.querySelector('table.instances');
    if (!table) return null;
    const box = (el) => {
      if (!el || el.getClientRects().length === 0) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, inView: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth };
    };
    return {
      display: getComputedStyle(table).display,
      headVisible: (() => {
        const r = table.tHead.getBoundingClientRect();
        return r.width > 100 && r.height > 10;
      })(),
      rows: [...table.tBodies[0].rows].map((tr) => {
        const money = tr.querySelector('td.from .money');
        const kind = tr.querySelector('td.from .kind');
        const text = money ? money.textContent.trim() : null;
        return {
          name: tr.querySelector('th').textContent.trim(),
          display: getComputedStyle(tr).display,
          text,
          value: text === null ? null : Number(text.replace(/[^\d.]/g, '')),
          cur: tr.querySelector('td.from .money .cur')?.textContent.trim() || null,
          // A row whose price does not answer by default (stale, a
          // marketplace's, no longer listed: class lesser) is not plain.
          plain:
            !!money &&
            !tr.classList.contains('lesser') &&
            !tr.querySelector('th .tag, td.from .tag.partial, td.from .other-model, td.from .kind-article, td.from .kind-estimate'),
          card: box(tr),
          nameBox: box(tr.querySelector('th a')),
          price: box(money),
          age: box(tr.querySelector('td.from .age')),
          kind: box(kind),
          cells: [...tr.cells].map((c) => box(c)?.top),
        };
      }),
    };
  });
}

describe('at 375 px', () => {
  test('every provider page shows its first instance card and that card\'s price, age and source kind on the first screen, and nothing scrolls sideways', async () => {
    let seen = 0;
    for (const p of providers) {
      const l = await read(p, 375);
      if (!l || l.rows.length === 0) continue;
      assert.deepEqual(l.layout, [], `${p}: ${l.layout.join('; ')}`);
      seen++;
      const first = l.rows[0];
      assert.equal(first.display, 'grid', `${p}: the first instance type is laid out as ${first.display}, not as a card`);
      assert.ok(!l.headVisible, `${p}: the table's header row is still on view above the cards`);
      assert.ok(first.nameBox?.inView, `${p}: the first card, ${first.name}, is not on the first screen`);
      if (first.text !== null) {
        assert.ok(first.price?.inView, `${p}: ${first.name}'s price ${first.text} is not on the first screen`);
        assert.ok(first.age?.inView, `${p}: the age of ${first.name}'s price is not on the first screen`);
        assert.ok(first.kind?.inView, `${p}: the source kind of ${first.name}'s price is not on the first screen`);
        // The price is beside the name, not under a column of figures.
        assert.ok(first.price.top < first.nameBox.bottom, `${p}: ${first.name}'s price starts under its name`);
      }
    }
    assert.ok(seen > 1, `${seen} provider pages list instance types: the test is not testing`);
  });

  test('a GPU page lists its instance types as cards, and nothing scrolls sideways', async () => {
    const l = await read(gpu, 375);
    assert.deepEqual(l.layout, [], `${gpu}: ${l.layout.join('; ')}`);
    assert.ok(l.rows.every((r) => r.display === 'grid'), `${gpu}: not every instance type is a card`);
    assert.ok(l.rows.every((r) => r.text === null || r.price.top < r.nameBox.bottom), `${gpu}: a card's price starts under its name`);
  });
});

describe('at 1280 px', () => {
  for (const which of ['provider', 'gpu']) {
    test(`a ${which} page's instance types are still a table, one line a row`, async () => {
      const rel = which === 'gpu' ? gpu : provider;
      const l = await read(rel, 1280);
      assert.deepEqual(l.layout, [], `${rel}: ${l.layout.join('; ')}`);
      assert.equal(l.display, 'table', `${rel}: the instance list is laid out as ${l.display}`);
      assert.ok(l.headVisible, `${rel}: the instance list has no header row on view`);
      for (const r of l.rows) {
        assert.equal(r.display, 'table-row', `${rel}: ${r.name} is laid out as ${r.display}`);
        const tops = r.cells.filter((x) => x !== undefined);
        assert.ok(Math.max(...tops) - Math.min(...tops) < 1, `${rel}: the cells of ${r.name} do not start on one line`);
      }
    });
  }
});

// The order a buyer reads: of the rows whose price is plain (current
// generation, whole, on-demand, from a provider or aggregator, answering
// by default, in the list's currency), the first is first of all, and each costs no less per
// GPU-hour than the one before.
for (const which of ['provider', 'gpu']) {
  test(`a ${which} page lists the current, cheapest choices first`, async () => {
    const pages = which === 'gpu' ? [gpu] : providers;
    let checked = 0;
    for (const rel of pages) {
      const l = wide.get(rel);
      // Prices in the list's currency: one it cannot convert comes after them.
      const cur = l?.rows.find((r) => r.cur)?.cur;
      const plain = (l?.rows || []).filter((r) => r.plain && r.cur === cur);
      if (plain.length < 2) continue;
      checked++;
      assert.equal(l.rows[0].name, plain[0].name, `${rel}: ${l.rows[0].name} is listed before ${plain[0].name}, the cheapest current price`);
      for (let i = 1; i < plain.length; i++)
        assert.ok(plain[i].value >= plain[i - 1].value, `${rel}: ${plain[i].name} (${plain[i].text}) is listed after ${plain[i - 1].name} (${plain[i - 1].text})`);
    }
    assert.ok(checked > 0, `no ${which} page lists two plain prices: the test is not testing`);
  });
}
