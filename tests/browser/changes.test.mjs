// The pages of /changes/ in headless Chromium, from file://: /changes/
// shows the latest month and links to a page per month; its filter finds
// changes of every month (loading each month's script), the choice lands
// in the URL, and opening that URL restores it; the month links and the
// links of a change the filter added lead to their pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

// open opens a page, recording its script errors in errors.
async function open(target, errors) {
  const page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(target);
  return page;
}

// The rows of changes, not the headings of months the filter adds.
const changeRows = '#changes tbody tr:not(.month-head)';
const visibleRows = '#changes tbody tr:not(.month-head):not([hidden])';

test('filtering price changes by direction, kept in the URL', async () => {
  const errors = [];
  const page = await open(url, errors);
  const rows = page.locator(changeRows);
  const total = await rows.count();
  assert.ok(total > 0, 'the shipped catalog has price changes');
  assert.ok(await page.locator('#changes-filter').isVisible(), 'the filter shows when the script runs');

  await page.selectOption('select[name=direction]', 'down');
  const count = page.locator('#changes-count');
  await count.filter({ hasText: /from every month/ }).waitFor();
  const visible = page.locator(visibleRows);
  const n = await visible.count();
  assert.ok(n > 0, `some rows are price cuts (${n})`);
  for (const dir of await visible.evaluateAll((trs) => trs.map((tr) => tr.dataset.direction))) {
    assert.equal(dir, 'down');
  }
  assert.match(page.url(), /#direction=down$/);
  const all = await page.locator('#changes-count').textContent();
  assert.match(all, new RegExp(`^${n} of \\d+ changes shown`));

  const again = await open(page.url(), errors);
  await again.locator('#changes-count').filter({ hasText: /from every month/ }).waitFor();
  assert.equal(await again.locator(visibleRows).count(), n, 'the URL reproduces the view');
  assert.equal(await again.locator('select[name=direction]').inputValue(), 'down');
  assert.deepEqual(errors, []);
});

test('the filter of /changes/ finds a change of an older month, whose links work', async () => {
  const errors = [];
  const page = await open(url, errors);
  // /changes/ holds the newest month; an older one has its own page.
  const months = await page.locator('.month-list a[data-month]').evaluateAll((as) =>
    as.map((a) => ({ key: a.dataset.month, here: a.hasAttribute('data-here'), href: a.href })));
  assert.ok(months.length > 1, `the shipped catalog has changes in several months (${months.map((m) => m.key)})`);
  assert.ok(months[0].here, 'the newest month is on /changes/');
  const older = months.find((m) => !m.here && /^\d{4}-\d{2}$/.test(m.key));
  assert.ok(older, 'a month is not on /changes/');
  const onPage = await page.locator(changeRows).evaluateAll((trs) => trs.map((tr) => tr.querySelector('time')?.getAttribute('datetime') || ''));
  assert.ok(onPage.length > 0 && onPage.every((d) => !d.startsWith(older.key)), `/changes/ lists no change of ${older.key}`);

  // A change of that month, as its own page lists it.
  const monthPage = await open(older.href, errors);
  assert.match(await monthPage.locator('h1').textContent(), new RegExp(older.key));
  const first = monthPage.locator(changeRows).first();
  const want = await first.evaluate((tr) => ({
    provider: tr.dataset.provider, gpu: tr.dataset.gpu, model: tr.dataset.model,
    instance: tr.querySelector('th a').textContent, text: tr.innerText,
  }));

  // The filter on /changes/ finds it, under the heading of its month.
  await page.selectOption('select[name=provider]', want.provider);
  if (want.gpu) await page.selectOption('select[name=gpu]', want.gpu);
  await page.selectOption('select[name=model]', want.model);
  await page.locator('#changes-count').filter({ hasText: /from every month/ }).waitFor();
  const body = page.locator(`#changes tbody.other-month[data-month="${older.key}"]`);
  assert.ok(await body.isVisible(), `the changes of ${older.key} show under their heading`);
  assert.equal(await body.locator('tr.month-head a').getAttribute('href'),
    await page.locator(`.month-list a[data-month="${older.key}"]`).getAttribute('href'), 'the heading links to the month');
  const found = body.locator('tr:not(.month-head):not([hidden])').filter({ hasText: want.instance }).first();
  assert.ok(await found.isVisible(), `the filter finds ${want.instance} of ${older.key}`);
  // The row is the month page's row: the same words (its age counted
  // again to the reader's day on both).
  assert.equal(await found.evaluate((tr) => tr.innerText), want.text);

  // Its links lead to files of the site, from file://.
  for (const href of await found.locator('a[href]').evaluateAll((as) => as.map((a) => a.href))) {
    if (!href.startsWith('file:')) continue;
    assert.ok(existsSync(fileURLToPath(href.split('#')[0])), `${href} is a file of the site`);
  }
  await found.locator('th a').first().click();
  await page.waitForURL(/\/instances\/[^/]+\/[^/]+\/index\.html$/);
  assert.match(await page.locator('h1').textContent(), new RegExp(want.instance.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.deepEqual(errors, []);
});

test('month links work from file://', async () => {
  const errors = [];
  const page = await open(url, errors);
  const keys = await page.locator('.month-list a[data-month]').evaluateAll((as) => as.map((a) => a.dataset.month));
  assert.ok(keys.length > 1);
  // From /changes/ to the second month, then back to the newer one and
  // to the latest.
  await page.locator(`.month-list a[data-month="${keys[1]}"]`).click();
  await page.waitForURL(new RegExp(`/changes/${keys[1]}/index\\.html$`));
  assert.equal(await page.locator(`.month-list a[aria-current="page"]`).getAttribute('data-month'), keys[1]);
  assert.ok(await page.locator(changeRows).count() > 0, `the page of ${keys[1]} lists its changes`);
  await page.locator('.month-steps a[rel=prev]').click();
  await page.waitForURL(new RegExp(`/changes/${keys[0]}/index\\.html$`));
  assert.match(await page.locator('h1').textContent(), new RegExp(keys[0]));
  await page.locator('.month-list a').first().click();
  await page.waitForURL(/\/changes\/index\.html$/);
  assert.deepEqual(errors, []);
});

// At 1280 px a laptop shows the whole table of changes, source column
// included, and the header on one row, in both editions: Chinese labels
// and long instance names wrap differently.
for (const file of ['changes/index.html', 'zh/changes/index.html']) {
  test(`${file} fits a 1280 px window`, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(pathToFileURL(path.join(site, file)).href);
      const fit = await page.evaluate(() => {
        const wrap = document.querySelector('.table-wrap:has(#changes)');
        const bar = document.querySelector('.site-header .bar');
        const brand = bar.querySelector('.brand').getBoundingClientRect();
        const last = bar.lastElementChild.getBoundingClientRect();
        return {
          table: wrap.scrollWidth - wrap.clientWidth,
          sourceShown: getComputedStyle(document.querySelector('#changes tbody td:last-child')).display !== 'none',
          oneRow: last.top < brand.bottom && last.bottom > brand.top,
        };
      });
      assert.equal(fit.table, 0, 'the table of changes scrolls sideways');
      assert.ok(fit.sourceShown, 'the source column is shown');
      assert.ok(fit.oneRow, 'the header wraps onto a second row');
    } finally {
      await page.close();
    }
  });
}
