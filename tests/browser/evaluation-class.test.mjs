// The evaluation within a GPU class in headless Chromium: the catalog of
// generator/site/testdata/evaluation-classes.txtar, whose header works
// the figures out by hand, built here and opened from file://. RunPod
// and OCI both rent the A100 80GB; RunPod also a B200 (180 GB, 7,700
// GB/s), OCI an MI355X (288 GB).
//
// - Under A100 80GB each provider's row shows and scores the A100's
//   figures: 80 GB and 2,039 GB/s, never another GPU's.
// - Picking B200 180GB, static/weights.js shows and scores that class's
//   figures (RunPod 180 GB, 7,700 GB/s; OCI unknown), and back.
//
// GPUCOMPARE names the binary (default bin/gpucompare).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildArchive, cspViolations, instrument, launch, settle } from './helpers.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ARCHIVE = path.join(HERE, '../../generator/site/testdata/evaluation-classes.txtar');

let browser;
let root;
let siteURL;

before(async () => {
  assert.ok(existsSync(BIN), `no gpucompare binary at ${BIN}: build it first (make binary) or set GPUCOMPARE`);
  ({ root, url: siteURL } = buildArchive(BIN, ARCHIVE, 'gpucompare-evaluation-class-'));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

// rows reads each provider's row, ranked or apart, as "rank name score |
// cell | cell …", a cell being its score and the value under it.
function rows(page) {
  return page.evaluate(() => {
    const t = (e) => e.textContent.replace(/\s+/g, ' ').trim();
    return [...document.querySelectorAll('#scores tbody tr, #scores-apart tbody tr')].map((tr) => {
      const head = [tr.querySelector('.rank').textContent, tr.querySelector('th a').textContent, tr.querySelector('.score strong')?.textContent ?? t(tr.querySelector('.score .not-ranked') ?? tr.querySelector('.score'))].join(' ').trim();
      const cell = (td) => {
        const sub = td.querySelector('.sub');
        return sub ? t(td.firstChild) + ' ' + t(sub) : t(td);
      };
      return [head, ...[...tr.cells].slice(3).map(cell)].join(' | ');
    });
  });
}

test('within a class, each row shows and scores only that class\'s figures', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const allowed = (u) => u.startsWith(siteURL) || u.startsWith('data:') || u === 'about:blank';
  const problems = await instrument(page, allowed);
  await page.goto(siteURL + 'evaluation/index.html');
  await settle(page);

  // A100 80GB: RunPod (400 + 300 + 300)/10 = 100; OCI (0 + 300 + 300 +
  // 100)/11 = 63.6. Both show the A100's 80 GB and 2,039 GB/s.
  const a100 = [
    '1 RunPod 100 | 100 1.39 USD per GPU-hour | 100 80 GB | 100 2,039 GB/s | \u2014',
    '2 OCI 63.6 | 0 4.00 USD per GPU-hour | 100 80 GB | 100 2,039 GB/s | 100 1 regions',
  ];
  assert.deepEqual(await rows(page), a100);

  // B200 180GB: only RunPod rents it: 180 GB, 7,700 GB/s. OCI is unknown
  // on every figure of offers and rests on its regions alone: apart.
  await page.selectOption('#gpu-class', 'b200-180gb');
  assert.deepEqual(await rows(page), [
    '1 RunPod 100 | 100 5.99 USD per GPU-hour | 100 180 GB | 100 7,700 GB/s | \u2014',
    'OCI not ranked | \u2014 | \u2014 | \u2014 | 100 1 regions',
  ]);
  const known = await page.locator('#criterion-memory .known').textContent();
  assert.match(known, /^1 /, `memory known for ${known}, want 1 provider within B200 180GB`);

  await page.selectOption('#gpu-class', 'a100-80gb');
  assert.deepEqual(await rows(page), a100, 'back to A100 80GB, the A100 figures again');
  const csp = await cspViolations(page);
  assert.deepEqual([...problems, ...csp.map((v) => `CSP violation: ${v}`)], []);
  await ctx.close();
});
