// The price-change filter of /changes/ in headless Chromium, from file://:
// choosing a direction keeps only such rows, the choice lands in the URL,
// and opening that URL restores it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const site = path.resolve(process.env.SITE_DIR || 'public');
const url = pathToFileURL(path.join(site, 'changes/index.html')).href;
let browser;

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});
after(async () => { await browser?.close(); });

test('filtering price changes by direction, kept in the URL', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  const rows = page.locator('#changes tbody tr');
  const total = await rows.count();
  assert.ok(total > 0, 'the shipped catalog has price changes');
  assert.ok(await page.locator('#changes-filter').isVisible(), 'the filter shows when the script runs');

  await page.selectOption('select[name=direction]', 'down');
  const visible = page.locator('#changes tbody tr:not([hidden])');
  const n = await visible.count();
  assert.ok(n > 0 && n <= total, `some rows are price cuts (${n} of ${total})`);
  for (const dir of await visible.evaluateAll((trs) => trs.map((tr) => tr.dataset.direction))) {
    assert.equal(dir, 'down');
  }
  assert.match(page.url(), /#direction=down$/);
  assert.match(await page.locator('#changes-count').textContent(), new RegExp(`^${n} of ${total} `));

  const again = await browser.newPage();
  await again.goto(page.url());
  assert.equal(await again.locator('#changes tbody tr:not([hidden])').count(), n, 'the URL reproduces the view');
  assert.equal(await again.locator('select[name=direction]').inputValue(), 'down');
  assert.deepEqual(errors, []);
});
