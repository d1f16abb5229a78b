// The evaluation matrix's script (static/weights.js) in headless Chromium,
// on a catalog whose every figure is worked out by hand: the one in
// generator/site/testdata/evaluation.txtar, built here and opened from
// file://. Its header gives the scores; the expectations below are the
// same sums.
//
// - The script leaves the generator's ranking as it is.
// - Picking another GPU class compares prices within it: the ranking, the
//   price cells, the list of providers with too little data to rank, the
//   note naming the class and the offers follow.
// - Changing a weight reorders the ranking and moves a provider out of
//   the list with too little data once its known criteria hold half of
//   the weight.
// - The URL keeps the class and the weights, and opening it ranks the
//   same; the reset button brings the default back.
// - Nothing raises a console error or a Content-Security-Policy violation.
//
// GPUCOMPARE names the binary (default bin/gpucompare; make test-browser
// builds it).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildArchive, cspViolations, instrument, launch, settle } from './helpers.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ARCHIVE = path.join(HERE, '../../generator/site/testdata/evaluation.txtar');

let browser;
let root;
let siteURL;

before(async () => {
  assert.ok(existsSync(BIN), `no gpucompare binary at ${BIN}: build it first (make binary) or set GPUCOMPARE`);
  ({ root, url: siteURL } = buildArchive(BIN, ARCHIVE, 'gpucompare-evaluation-'));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function open(hash = '', viewport = { width: 1280, height: 900 }) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  const allowed = (u) => u.startsWith(siteURL) || u.startsWith('data:') || u === 'about:blank';
  const problems = await instrument(page, allowed);
  await page.goto(siteURL + 'evaluation/index.html' + hash);
  await settle(page);
  return { ctx, page, problems };
}

async function clean(page, problems) {
  const csp = await cspViolations(page);
  assert.deepEqual([...problems, ...csp.map((v) => `CSP violation: ${v}`)], []);
}

// view reads what the page shows: the ranking as "rank name score", the
// providers with too little data (when their list shows), the caption,
// the class note and the offers as "rank name score".
function view(page) {
  return page.evaluate(() => {
    const t = (e) => e.textContent.replace(/\s+/g, ' ').trim();
    const row = (tr) => [tr.querySelector('.rank').textContent, tr.querySelector('th a').textContent, tr.querySelector('.score strong')?.textContent ?? t(tr.querySelector('.score .not-ranked') ?? tr.querySelector('.score'))].join(' ').trim();
    return {
      ranked: [...document.querySelectorAll('#scores tbody tr')].map(row),
      apart: document.getElementById('apart').hidden ? [] : [...document.querySelectorAll('#scores-apart tbody tr')].map(row),
      caption: t(document.getElementById('scores-caption')),
      note: t(document.getElementById('class-note')),
      offers: document.getElementById('offer-ranking').hidden ? [] : [...document.querySelectorAll('#offer-scores tbody tr')].map((tr) => [tr.querySelector('.rank').textContent, tr.querySelector('th a').textContent, tr.querySelector('.sub a').textContent, tr.querySelector('.score strong').textContent].join(' ')),
    };
  });
}

// priceCell is a provider's cell on the price per GPU-hour: its score,
// then the value under it.
function priceCell(page, name) {
  return page.evaluate((name) => {
    const tr = [...document.querySelectorAll('#scores tbody tr, #scores-apart tbody tr')].find((r) => r.querySelector('th a').textContent === name);
    const td = tr.cells[3], sub = td.querySelector('.sub');
    return sub ? td.firstChild.textContent + ' ' + sub.textContent : td.textContent.trim();
  }, name);
}

async function setWeight(page, id, value) {
  // The sliders wait behind their summary until a reader opens them.
  if (!(await page.locator('#weights-panel').evaluate((d) => d.open))) await page.locator('#weights-panel summary').click();
  const slider = page.locator(`#weights input[name="${id}"]`);
  const from = Number(await slider.inputValue());
  await slider.focus();
  for (let i = from; i !== value; i += value > from ? 1 : -1) await page.keyboard.press(value > from ? 'ArrowRight' : 'ArrowLeft');
  assert.equal(await slider.inputValue(), String(value));
}

function hash(page) {
  return page.evaluate(() => location.hash);
}

const DEFAULT = {
  ranked: ['1 CN 71.4', '2 Big 50'],
  apart: ['Cheap not ranked', 'Dark not ranked'],
  caption: 'Providers ranked: 2, on 4 indicators; prices compared within one GPU class: A100 SXM4 80GB.',
  offers: ['1 a8 CN 71.4', '2 a1 Big 50'],
};

test('the script keeps the generator\'s ranking of the default class', async () => {
  const { ctx, page, problems } = await open();
  assert.ok(await page.locator('#gpu-class').isVisible(), 'the class list shows when the script runs');
  const v = await view(page);
  assert.deepEqual({ ranked: v.ranked, apart: v.apart, caption: v.caption, offers: v.offers }, DEFAULT);
  assert.match(v.note, /one GPU class, A100 SXM4 80GB,/);
  await clean(page, problems);
  await ctx.close();
});

test('the ranking is on the first screen, at 1280×900 and 375×800; an address with weights opens the sliders', async () => {
  const { ctx, page, problems } = await open();
  assert.equal(await page.locator('#weights-panel').evaluate((d) => d.open), false, 'the sliders stand open before the ranking');
  const top = await page.locator('#scores tbody tr').first().evaluate((tr) => tr.getBoundingClientRect().top);
  assert.ok(top < 900, `the first ranked provider is at ${top} px, below a 900 px screen`);
  await clean(page, problems);
  await ctx.close();
  // On a phone too: the first ranked provider's name and score are on the first screen.
  const phone = await open('', { width: 375, height: 800 });
  const bottom = await phone.page.locator('#scores tbody tr').first().evaluate((tr) =>
    Math.max(tr.querySelector('th a').getBoundingClientRect().top + 16, tr.querySelector('td.score strong').getBoundingClientRect().bottom));
  assert.ok(bottom <= 800, `at 375×800 the first ranked provider's name or score ends at ${bottom} px, below the screen`);
  await clean(phone.page, phone.problems);
  await phone.ctx.close();
  const carried = await open('#certs=10');
  assert.equal(await carried.page.locator('#weights-panel').evaluate((d) => d.open), true, 'an address that sets a weight does not show the sliders');
  await clean(carried.page, carried.problems);
  await carried.ctx.close();
});

test('picking a GPU class compares prices within it', async () => {
  const { ctx, page, problems } = await open();
  // H100 80GB: big's h8 at 32/8 = 4.00 is the only price: big 100 on it
  // and (400 + 600)/10 = 100 overall; cn keeps 4 of 10 of the weight.
  await page.selectOption('#gpu-class', 'h100-80gb');
  let v = await view(page);
  assert.deepEqual(v.ranked, ['1 Big 100']);
  assert.deepEqual(v.apart, ['Cheap not ranked', 'CN not ranked', 'Dark not ranked']);
  // Beside its mark, why: the share of the weight cn's score now rests on,
  // the one its basis gives, against the half a place needs.
  const cn = await page.evaluate(() => {
    const tr = [...document.querySelectorAll('#scores-apart tbody tr')].find((r) => r.querySelector('th a').textContent === 'CN');
    return { why: tr.querySelector('.score .why-not')?.textContent, basis: tr.querySelector('.basis').textContent };
  });
  assert.equal(cn.why, 'rests on 20\u202f% of the weight; a place needs 50\u202f%');
  assert.match(cn.basis, /\(20 % of the weight\)/);
  assert.equal(v.caption, 'Providers ranked: 1, on 4 indicators; prices compared within one GPU class: H100 SXM5 80GB.');
  assert.match(v.note, /one GPU class, H100 SXM5 80GB,/);
  assert.equal(await priceCell(page, 'Big'), '100 4.00 USD per GPU-hour');
  assert.equal(await priceCell(page, 'CN'), '\u2014', 'cn sells no H100: unknown, not 0');
  assert.deepEqual(v.offers, ['1 h8 Big 100']);
  assert.equal(await hash(page), '#class=h100-80gb');
  // T4 16GB: cheap's 0.30 beats big's 0.50: cheap (400 + 0)/6 = 66.7
  // on 60 % of the weight, big (0 + 400)/8 = 50, its RDMA unknown within
  // T4: the RDMA big states is its H100 type's. Offers: cheap's t1
  // (100×4 + 0×2)/6 = 66.7; big's t1 (0×4 + 100×2 + 100×2)/8 = 50, its
  // RDMA unknown: h8's is not its.
  await page.selectOption('#gpu-class', 't4-16gb');
  v = await view(page);
  assert.deepEqual(v.ranked, ['1 Cheap 66.7', '2 Big 50']);
  assert.deepEqual(v.apart, ['CN not ranked', 'Dark not ranked']);
  assert.deepEqual(v.offers, ['1 t1 Cheap 66.7', '2 t1 Big 50']);
  assert.equal(await priceCell(page, 'Cheap'), '100 0.30 USD per GPU-hour');
  await page.click('#weights-reset');
  v = await view(page);
  assert.deepEqual({ ranked: v.ranked, apart: v.apart, caption: v.caption, offers: v.offers }, DEFAULT);
  assert.equal(await hash(page), '');
  await clean(page, problems);
  await ctx.close();
});

test('weights reorder the ranking and decide who has too little data', async () => {
  const { ctx, page, problems } = await open();
  // Certifications 10 (of 18): dark's 85.7 alone now rests on 10/18 of
  // the weight and ranks first; cn (400 + 857.1)/16 = 78.6; big
  // (0 + 1000 + 200)/16 = 75, its RDMA unknown within A100 80GB; cheap
  // still rests on 2/18.
  await setWeight(page, 'certs', 10);
  let v = await view(page);
  assert.deepEqual(v.ranked, ['1 Dark 85.7', '2 CN 78.6', '3 Big 75']);
  assert.deepEqual(v.apart, ['Cheap not ranked']);
  assert.equal(await hash(page), '#certs=10');
  // Back to 2, and price 0 (of 6): big 600/6 = 100; cn 171.4/4 = 42.9 on
  // 4 of 6; cheap and dark on 2 of 6 each.
  await setWeight(page, 'certs', 2);
  await setWeight(page, 'price', 0);
  v = await view(page);
  assert.deepEqual(v.ranked, ['1 Big 100', '2 CN 42.9']);
  assert.deepEqual(v.apart, ['Cheap not ranked', 'Dark not ranked']);
  assert.ok(await page.locator('#offers-apart').isHidden(), 'every A100 offer rests on enough of the weight');
  // The same weights among the T4 offers: cheap's t1 is known on its SLA
  // alone (2 of 6) and goes apart, named; big's t1 scores 100 on its
  // certifications and SLA.
  await page.selectOption('#gpu-class', 't4-16gb');
  v = await view(page);
  assert.deepEqual(v.offers, ['1 t1 Big 100']);
  assert.equal(await page.locator('#offers-apart').textContent(), 'Offers of T4 with too little data to rank (1): t1 (Cheap \u00b7 Region R \u00b7 1\u00d7 T4).');
  await clean(page, problems);
  await ctx.close();
});

test('the URL keeps the class and the weights', async () => {
  // T4 with certifications 10 (of 18): dark 85.7 on 10/18; cn, with no
  // T4 offer, is unknown on RDMA within T4 and has the same 857.1/10 =
  // 85.7 on 10/18: they share rank 1, in catalog order; big (0 + 1000 +
  // 200)/16 = 75, its RDMA unknown within T4; cheap (400 + 0)/6 rests on
  // 6/18 only: too little data.
  const { ctx, page, problems } = await open('#certs=10&class=t4-16gb');
  const v = await view(page);
  assert.deepEqual(v.ranked, ['1 CN 85.7', '1 Dark 85.7', '3 Big 75']);
  assert.deepEqual(v.apart, ['Cheap not ranked']);
  assert.equal(await page.locator('#gpu-class').inputValue(), 't4-16gb');
  assert.equal(await page.locator('#weights input[name="certs"]').inputValue(), '10');
  await clean(page, problems);
  await ctx.close();
});
