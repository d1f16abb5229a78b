// The menus and filters of /zh/compare/ as the matrix's script writes
// them, in headless Chromium, over a loopback server: a menu's count in
// full-width brackets set against its name (列（7/30）, 服务商（1）), as
// Chinese writes them, where /compare/ keeps "Columns (7/30)"; and a
// numeric filter as its Chinese hint writes it ("≥4", "40–80") keeps the
// rows that ">=4" and "40..80" keep.
//
//   SITE_DIR=public node --test tests/browser/matrix-zh-counts.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, serve } from './helpers.mjs';
import { patience } from './patience.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');

let browser;
let server;

before(async () => {
  browser = await launch();
  server = await serve(SITE, '/');
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(rel) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.base + rel);
  await page.waitForSelector('#matrix-controls:not([hidden])', { timeout: patience(20_000) });
  return { ctx, page, errors };
}

const summary = (page, sel) => page.$eval(sel, (s) => s.textContent.replace(/\s+/g, ' ').trim());

for (const [rel, columns, provider] of [
  ['zh/compare/index.html#cn=0', /^列（\d+\/\d+）$/, /^服务商（1）$/],
  ['compare/index.html', /^Columns \(\d+\/\d+\)$/, /^Providers \(1\)$/],
]) {
  test(`${rel}: a menu's count as the page's language writes it`, async () => {
    const { ctx, page, errors } = await open(rel);
    await page.waitForFunction(() => document.querySelector('#matrix-columns .menu-count').textContent !== '', null, { timeout: patience(20_000) });
    assert.match(await summary(page, '#matrix-columns > summary'), columns);
    const facet = 'details.facet[data-facet="provider"]';
    await page.click(`${facet} > summary`);
    await page.locator(`${facet} input:not(.group-box)`).first().check();
    await page.waitForFunction((f) => document.querySelector(f + ' .menu-count').textContent !== '', facet, { timeout: patience(20_000) });
    assert.match(await summary(page, `${facet} > summary`), provider);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test('zh/compare/: a numeric filter written as its hint says, ≥40 and 40–80, keeps the rows >=40 and 40..80 keep', async () => {
  const { ctx, page, errors } = await open('zh/compare/index.html#cn=0&show=gpu_memory');
  const input = 'tr.filters input[data-col="gpu_memory"]';
  const hint = await page.getAttribute(input, 'placeholder');
  assert.doesNotMatch(hint, />=|\.\./, `the hint is programmer syntax: ${hint}`);
  const count = async (expr) => {
    const before = await page.textContent('#matrix-count');
    await page.fill(input, expr);
    await page.waitForFunction((b) => document.getElementById('matrix-count').textContent !== b, before, { timeout: patience(20_000) }).catch(() => {});
    assert.equal(await page.getAttribute(input, 'aria-invalid'), null, `${expr} is marked not a condition`);
    return page.textContent('#matrix-count');
  };
  for (const [plain, hinted] of [['>=40', '≥40'], ['40..80', '40–80']]) {
    await page.fill(input, '');
    const want = await count(plain);
    await page.fill(input, '');
    assert.equal(await count(hinted), want, `${hinted} keeps other rows than ${plain}`);
  }
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Where no price answers by default (mainland China's: undated or
// stale), an article's figure or an estimate still comes after every
// other price, however low, as the page's note says.
test('zh/compare/index.html: in mainland China only, articles and estimates come after the other prices', async () => {
  const { ctx, page, errors } = await open('zh/compare/index.html');
  // The script has applied the mainland switch once the count shows
  // fewer offers than there are.
  await page.waitForFunction(() => {
    const m = (document.getElementById('matrix-count')?.textContent || '').replace(/,/g, '').match(/显示(\d+)个报价，共(\d+)个/);
    return m && +m[1] < +m[2] && document.querySelectorAll('#matrix tbody tr').length > 20;
  }, null, { timeout: patience(20_000) });
  const kinds = await page.$$eval('#matrix tbody tr', (rows) =>
    rows.filter((r) => !r.hidden).map((r) => (r.querySelector('.kind-article, .kind-estimate') ? 'article' : r.querySelector('.kind') ? 'other' : 'none')));
  // The mainland view holds articles' figures (the AWS China prices a
  // news article gives, cheaper than any other): none on the first page,
  // where the other prices fill it, and after any other in it.
  const articles = await page.evaluate(() => (window.gpucompareOffers || []).filter((o) => o.region_geo === 'china-mainland' && o.prices?.on_demand?.source_kind === 'article').length);
  assert.ok(articles > 0, 'no mainland offer priced by an article: the test is not testing');
  const firstArticle = kinds.indexOf('article');
  assert.ok(kinds.includes('other'), `rows: ${kinds.join(' ')}`);
  assert.ok(firstArticle < 0 || !kinds.slice(firstArticle).includes('other'), `an article's row at ${firstArticle} comes before another price's: ${kinds.join(' ')}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});
