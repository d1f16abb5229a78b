// The instance matrix's data scripts (compare/offers-1.js …), in headless
// Chromium, over a loopback server: every offer of them reaches
// window.gpucompareOffers once the matrix's script has loaded the rest
// (compare/offers-2.js …, on demand: matrix-chunks.test.mjs), in their
// order; when the first does not load, the script leaves the page's own
// rows as they are, as without script.
//
//   SITE_DIR=public node --test tests/browser/matrix-data.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { allOffers, launch, matrixData, serve } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const PAGE = 'compare/index.html';

let browser;
let server;
let data;

before(async () => {
  data = matrixData(path.join(SITE, PAGE));
  browser = await launch();
  server = await serve(SITE, '/');
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(block) {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  if (block) await page.route('**/compare/' + block, (r) => r.abort());
  await page.goto(server.base + PAGE);
  await page.waitForLoadState('load');
  return { ctx, page, errors };
}

test('every offer of the data scripts reaches the script, in their order', async () => {
  assert.ok(data.offers.length === data.offer_count && data.offer_count > 0, `${data.offers.length} of ${data.offer_count} offers`);
  const t = await open();
  await t.page.waitForSelector('#matrix-controls:not([hidden])');
  await allOffers(t.page);
  const keys = await t.page.evaluate(() => window.gpucompareOffers.map((o) => `${o.provider}/${o.instance}/${o.region || ''}`));
  assert.deepEqual(keys, data.offers.map((o) => `${o.provider}/${o.instance}/${o.region || ''}`));
  assert.deepEqual(t.errors, []);
  await t.ctx.close();
});

test('a first data script that does not load leaves the page\'s own rows', async () => {
  const t = await open('offers-1.js');
  const rows = await t.page.locator('#matrix tbody tr').count();
  assert.equal(rows, data.offer_count, 'the page\'s rows');
  assert.equal(await t.page.locator('#matrix-controls').isHidden(), true, 'the controls of the script are shown');
  assert.deepEqual(t.errors, []);
  await t.ctx.close();
});
