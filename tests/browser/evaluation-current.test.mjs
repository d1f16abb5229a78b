// The evaluation page's answer switches in headless Chromium: the catalog
// of generator/site/testdata/current.txtar, built here and opened from
// file://. The cheapest A100 price is stale (stale-1x, 1.00 USD), a
// marketplace's (market-1x, 1.50) or superseded (retired-1x, 0.50); the
// one current price of a provider a team can contract is current-1x's,
// 2.00. The H100 has only a stale price, 14 months old ("1 year", as a price's age says it).
//
// - By default the offers ranked are current-1x alone, as the page
//   without script ranks them, and the page names stale-1x and market-1x
//   with why they are not ranked.
// - "Include stale prices" (stale=1) ranks stale-1x first and Cloud's
//   price becomes 1.00; "include marketplaces" (market=1) ranks
//   market-1x; both rank the three; the superseded retired-1x never.
//   The switches are kept in the URL, and a URL with them opens so.
// - Both off again, the rows are the page's own, byte for byte in text.
// - Under H100 80GB, h100-1x ranks and says it has no current price.
//
// GPUCOMPARE names the binary (default bin/gpucompare).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildArchive, closeClean, launch, openAt } from './helpers.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ARCHIVE = path.join(HERE, '../../generator/site/testdata/current.txtar');

let browser;
let root;
let siteURL;

before(async () => {
  assert.ok(existsSync(BIN), `no gpucompare binary at ${BIN}: build it first (make binary) or set GPUCOMPARE`);
  ({ root, url: siteURL } = buildArchive(BIN, ARCHIVE, 'gpucompare-evaluation-current-'));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

// view reads what the page answers: the offers ranked, in order, as
// "name score"; the sentence naming the offers left out, "" when hidden;
// each provider's price cell; the text of every offer row.
function view(page) {
  return page.evaluate(() => {
    const t = (e) => e.textContent.replace(/\s+/g, ' ').trim();
    const out = document.getElementById('offers-out');
    const prices = {};
    for (const tr of document.querySelectorAll('#scores tbody tr, #scores-apart tbody tr')) {
      prices[t(tr.querySelector('th a'))] = t(tr.cells[3]);
    }
    return {
      offers: [...document.querySelectorAll('#offer-scores tbody tr')].map((tr) => t(tr.querySelector('th a')) + ' ' + t(tr.querySelector('.score'))),
      out: out.hidden ? '' : t(out),
      prices,
      rows: [...document.querySelectorAll('#offer-scores tbody tr, #scores tbody tr')].map((tr) => tr.textContent.replace(/\s+/g, '')),
    };
  });
}

test('the evaluation ranks current prices by default and the others with the switches', async () => {
  const t = await openAt(browser, siteURL, 1280, 900, 'evaluation/index.html');
  const page = t.page;
  try {
    // The rows as the page has them, in text without its spaces (the
    // template's lines break between cells, the script's do not).
    const plain = await page.evaluate(() => [...document.querySelectorAll('#offer-scores tbody tr, #scores tbody tr')].map((tr) => tr.textContent.replace(/\s+/g, '')));
    await page.waitForFunction(() => !document.getElementById('weights').hidden);
    const stale = page.locator('#home-switches input[data-switch="stale"]');
    const market = page.locator('#home-switches input[data-switch="market"]');
    assert.ok(await stale.isVisible() && await market.isVisible(), 'the switches are not shown');
    assert.equal(await page.locator('#home-switches').textContent().then((s) => s.replace(/\s+/g, ' ').trim()), 'Include stale prices Include marketplaces');

    let v = await view(page);
    assert.deepEqual(v.offers.map((s) => s.split(' ')[0]), ['current-1x']);
    assert.match(v.out, /stale-1x \(Cloud · Region One · 1× A100 SXM4 40GB\): stale/);
    assert.match(v.out, /market-1x \(Market · Region One · 1× A100 SXM4 40GB\): marketplace/);
    assert.doesNotMatch(v.out, /retired-1x/);
    assert.match(v.prices.Cloud, /2\.00 USD per GPU-hour/);
    assert.deepEqual(v.rows, plain, 'the script ranks otherwise than the page by default');

    await stale.check();
    await page.waitForFunction(() => /(^|[#&])stale=1/.test(location.hash));
    v = await view(page);
    assert.deepEqual(v.offers.map((s) => s.split(' ')[0]), ['stale-1x', 'current-1x']);
    assert.match(v.out, /market-1x/);
    assert.doesNotMatch(v.out, /stale-1x/);
    assert.match(v.prices.Cloud, /1\.00 USD per GPU-hour/);

    await market.check();
    await page.waitForFunction(() => /market=1/.test(location.hash));
    v = await view(page);
    assert.deepEqual(v.offers.map((s) => s.split(' ')[0]), ['stale-1x', 'market-1x', 'current-1x']);
    assert.equal(v.out, '');
    assert.match(v.prices.Market, /1\.50 USD per GPU-hour/);

    await stale.uncheck();
    await market.uncheck();
    await page.waitForFunction(() => !/stale=1|market=1/.test(location.hash));
    v = await view(page);
    assert.deepEqual(v.rows, plain, 'both switches off, the ranking is not the page\'s own');

    // The H100's only price is stale: it ranks, and says why.
    await page.selectOption('#gpu-class', 'h100-80gb');
    v = await view(page);
    assert.deepEqual(v.offers.map((s) => s.split(' ')[0]), ['h100-1x']);
    assert.match(v.rows.find((r) => r.includes('h100-1x')), /nocurrentprice;newestis1yearold/);
  } finally {
    await closeClean(t);
  }
});

test('a URL with market=1 opens with marketplaces ranked, and links carry it', async () => {
  const t = await openAt(browser, siteURL, 375, 800, 'evaluation/index.html', '#market=1');
  const page = t.page;
  try {
    await page.waitForFunction(() => document.querySelectorAll('#offer-scores tbody tr').length === 2);
    const v = await view(page);
    assert.deepEqual(v.offers.map((s) => s.split(' ')[0]), ['market-1x', 'current-1x']);
    assert.ok(await page.locator('#home-switches input[data-switch="market"]').isChecked());
    assert.ok(!(await page.locator('#home-switches input[data-switch="stale"]').isChecked()));
    const href = await page.locator('#offer-scores tbody tr a').first().getAttribute('href');
    assert.match(href, /#market=1$/, `an offer's link does not carry the switch: ${href}`);
  } finally {
    await closeClean(t);
  }
});

// The scenario's calculator has the same two switches: by default its
// ranking is current-1x and the H100's h100-1x (nothing current exists
// for the H100); "include stale prices" ranks stale-1x first, noted as
// stale; "include marketplaces" ranks market-1x; retired-1x never.
test('the scenario ranks stale and marketplace prices only with their switches', async () => {
  const t = await openAt(browser, siteURL, 1280, 900, 'scenarios/one/index.html');
  const page = t.page;
  const ranked = () => page.evaluate(() => [...document.querySelectorAll('table.tco tbody tr th a:first-of-type')]
    .map((a) => a.textContent.replace(/\s+/g, '')).filter((s) => /-1x$/.test(s)));
  try {
    await page.waitForFunction(() => document.querySelector('form input[name="stale"]'));
    const first = await ranked();
    assert.deepEqual(first, ['current-1x', 'h100-1x']);
    await page.locator('input[name="stale"]').check();
    await page.waitForFunction(() => /(^|[#&])stale=1/.test(location.hash));
    assert.deepEqual(await ranked(), ['stale-1x', 'current-1x', 'h100-1x']);
    assert.match(await page.locator('table.tco tbody tr').first().textContent(), /the price is stale/);
    await page.locator('input[name="stale"]').uncheck();
    await page.locator('input[name="market"]').check();
    await page.waitForFunction(() => /market=1/.test(location.hash) && !/stale=1/.test(location.hash));
    assert.deepEqual(await ranked(), ['market-1x', 'current-1x', 'h100-1x']);
    await page.locator('input[name="market"]').uncheck();
    await page.waitForFunction(() => !/market=1/.test(location.hash));
    assert.deepEqual(await ranked(), first);
  } finally {
    await closeClean(t);
  }
});
