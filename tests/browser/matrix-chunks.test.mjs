// The instance matrix's offers on demand, in headless Chromium: the page
// loads the first of its data scripts of offers (compare/offers-1.js,
// which holds the first screen of the default view) and matrix.js inserts
// the others (offers-2.js …) as <script> elements when the reader asks
// for more — a search, a filter, a download — from file:// too; when one
// of them does not load, the page's own rows come back, as without
// script.
//
//   SITE_DIR=public node --test tests/browser/matrix-chunks.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { launch, matrixData, pathToFileURL, serve } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const PAGE = 'compare/index.html';
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const CHUNK = /\/compare\/(offers-\d+\.js)$/;

let browser;
let server;
let data;
let first; // the offers of offers-1.js
let last; // the offers of the last data script

const keyOf = (o) => [o.provider, o.instance, o.region].filter(Boolean).join('/');

// chunk runs one data script alone and returns its offers.
function chunk(n) {
  const window = {};
  vm.runInNewContext(readFileSync(path.join(SITE, 'compare', `offers-${n}.js`), 'utf8'), { window });
  return JSON.parse(JSON.stringify(window.gpucompareOffers));
}

before(async () => {
  data = matrixData(path.join(SITE, PAGE));
  assert.ok(data.offer_chunks > 1, `the catalog's offers fit ${data.offer_chunks || 0} data script: nothing to load on demand`);
  first = chunk(1);
  last = chunk(data.offer_chunks);
  browser = await launch();
  server = await serve(SITE, '/');
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// open loads the matrix from base (a loopback server or file://) and
// returns the page, the data scripts of offers it asked for and the
// errors it threw; block aborts the request of one data script.
async function open(base, { block, hash = '' } = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await ctx.newPage();
  const errors = [];
  const asked = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    const m = CHUNK.exec(new URL(r.url()).pathname);
    if (m) asked.push(m[1]);
  });
  if (block) await page.route('**/compare/' + block, (r) => r.abort());
  await page.goto(base + PAGE + hash);
  await page.waitForLoadState('load');
  return { ctx, page, errors, asked };
}

// drawnKeys are the keys of the rows drawn, in order.
const drawnKeys = (page) => page.$$eval('#matrix tbody input.pick', (boxes) => boxes.map((b) => b.value));

test('the first view asks for the first data script only and draws the first screen of the whole view', async () => {
  const t = await open(server.base);
  await t.page.waitForSelector('#matrix-controls:not([hidden])');
  await t.page.waitForFunction(() => document.querySelectorAll('#matrix tbody input.pick').length > 0);
  assert.deepEqual(t.asked, ['offers-1.js']);
  assert.equal(await t.page.evaluate(() => window.gpucompareMatrix.loaded()), false);
  assert.equal(await t.page.evaluate(() => window.gpucompareOffers.length), first.length);
  const count = await t.page.textContent('#matrix-count');
  assert.match(count, new RegExp(`^${data.offer_count.toLocaleString('en')} of ${data.offer_count.toLocaleString('en')} offers`));
  const before = await drawnKeys(t.page);
  assert.ok(before.length > 10, `${before.length} rows drawn`);
  // Every offer: the first screen is the same rows in the same order.
  await t.page.evaluate(() => window.gpucompareMatrix.loadAll());
  await t.page.waitForFunction(() => window.gpucompareMatrix.loaded() && window.gpucompareMatrix.view().length === window.gpucompareOffers.length);
  assert.deepEqual(
    t.asked,
    Array.from({ length: data.offer_chunks }, (_, i) => `offers-${i + 1}.js`),
  );
  // (The box may have shrunk by a line of rates: the rows both drew.)
  const after = await drawnKeys(t.page);
  const n = Math.min(before.length, after.length);
  assert.ok(n > 10, `${n} rows drawn`);
  assert.deepEqual(after.slice(0, n), before.slice(0, n), 'the first screen from offers-1.js is not the first screen of every offer');
  assert.deepEqual(t.errors, []);
  await t.ctx.close();
});

test('from file://, a search finds an offer of the last data script', async () => {
  const want = last[last.length - 1];
  assert.ok(!first.some((o) => keyOf(o) === keyOf(want)));
  const t = await open(SITE_URL);
  await t.page.waitForSelector('#matrix-controls:not([hidden])');
  await t.page.fill('#matrix-q', want.instance_name);
  await t.page.waitForFunction(
    (k) => window.gpucompareMatrix.loaded() && window.gpucompareMatrix.view().some((i) => window.gpucompareMatrix.key(i) === k),
    keyOf(want),
  );
  const q = want.instance_name.toLowerCase();
  const view = await t.page.evaluate(() => window.gpucompareMatrix.view().map((i) => window.gpucompareMatrix.key(i)));
  const named = data.offers.filter((o) => o.instance_name.toLowerCase().includes(q)).map(keyOf);
  assert.ok(named.every((k) => view.includes(k)), 'an offer of that name is not in the view');
  assert.deepEqual(t.errors, []);
  await t.ctx.close();
});

test('from file://, a link to a filtered view loads every offer before it draws', async () => {
  const want = last[0];
  const t = await open(SITE_URL, { hash: '#q=' + encodeURIComponent(want.instance_name) });
  await t.page.waitForFunction((k) => !!document.querySelector(`#matrix tbody input.pick[value="${k}"]`), keyOf(want));
  assert.equal(await t.page.evaluate(() => window.gpucompareMatrix.loaded()), true);
  assert.deepEqual(t.errors, []);
  await t.ctx.close();
});

test('from file://, the JSON download of the first view holds every offer', async () => {
  const t = await open(SITE_URL);
  await t.page.waitForSelector('#matrix-controls:not([hidden])');
  assert.equal(await t.page.evaluate(() => window.gpucompareMatrix.loaded()), false);
  const [d] = await Promise.all([t.page.waitForEvent('download'), t.page.click('#matrix-json')]);
  const doc = JSON.parse(readFileSync(await d.path(), 'utf8'));
  assert.equal(doc.offers.length, data.offer_count);
  assert.deepEqual(new Set(doc.offers.map((o) => o.key)), new Set(data.offers.map(keyOf)));
  assert.deepEqual(t.errors, []);
  await t.ctx.close();
});

test('a data script that does not load puts the page\'s own rows back, as without script', async () => {
  const t = await open(server.base, { block: `offers-${data.offer_chunks}.js` });
  await t.page.waitForSelector('#matrix-controls:not([hidden])');
  await t.page.fill('#matrix-q', last[0].instance_name);
  await t.page.waitForSelector('#matrix-controls', { state: 'hidden' });
  const rows = await t.page.locator('#matrix tbody tr').count();
  // The page's own rows: those it shows without script.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const p = await plain.newPage();
  await p.goto(server.base + PAGE);
  const own = await p.locator('#matrix tbody tr').count();
  await plain.close();
  assert.ok(rows > 0 && rows === own, `${rows} rows, the page's own are ${own}`);
  assert.equal(await t.page.isVisible('#matrix-pager') || (await t.page.locator('#matrix-pager').count()) === 0, true, 'the pager stays hidden');
  assert.equal(await t.page.locator('#matrix thead th[hidden]').count(), 0, 'a column stays hidden');
  assert.deepEqual(t.errors, []);
  await t.ctx.close();
});

test('printed before every offer has loaded, the first sheet holds the page and says it holds the first offers only, and the rest load for the next print', async () => {
  const t = await open(server.base);
  await t.page.waitForSelector('#matrix-controls:not([hidden])');
  assert.equal(await t.page.evaluate(() => window.gpucompareMatrix.loaded()), false);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'matrix-print-'));
  try {
    const pdf = path.join(dir, 'compare.pdf');
    await t.page.pdf({ path: pdf });
    const r = spawnSync('pdftotext', ['-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' });
    if (r.error?.code === 'ENOENT') throw new Error('pdftotext not found: install the Debian package poppler-utils');
    const page1 = r.stdout.replace(/\s+/g, ' ');
    // The first sheet holds the page, not the header alone.
    const h1 = (await t.page.textContent('h1')).replace(/\s+/g, ' ').trim();
    assert.ok(page1.includes(h1), `the first printed page has no "${h1}": ${page1.slice(0, 200)}`);
    const m = /holds the first ([\d,]+) of the ([\d,]+) offers/.exec(page1);
    assert.ok(m, `the printout does not say it is partial: ${page1.slice(0, 600)}`);
    assert.equal(Number(m[1].replace(/,/g, '')), first.length);
    assert.equal(Number(m[2].replace(/,/g, '')), data.offer_count);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // After the print, every offer loads, and the count is the screen's again.
  await t.page.waitForFunction(() => window.gpucompareMatrix.loaded());
  const n = data.offer_count.toLocaleString('en');
  await t.page.waitForFunction((want) => document.getElementById('matrix-count').textContent.startsWith(want), `${n} of ${n} offers`);
  assert.deepEqual(t.errors, []);
  await t.ctx.close();
});
