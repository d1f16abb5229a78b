// The instance matrix of a catalog of hundreds of GPU models with long
// names, in headless Chromium from file:// (where the policy is
// script-src 'self' and no fetch() is allowed): the page keeps the records
// of the first GPU models in its JSON block and loads the others from the
// data scripts of GPU models beside it (compare/gpus-1.js …), which fill
// window.gpucompareGPUs before the matrix's script starts.
//
// - The page loads data scripts of GPU models, and the catalog's GPU
//   models are in the block and the scripts together, each once.
// - Filtered on a GPU model whose record is in a data script, the matrix
//   finds its offer, and the price per TFLOPS column, which reads the
//   GPU's record, shows its figure.
// - With a data script of GPU models missing (over a loopback server,
//   which can refuse it), the script leaves the page's own rows, as
//   without script.
// - Nothing raises a console error or a Content-Security-Policy violation.
//
// GPUCOMPARE names the binary (default bin/gpucompare).
//
//   GPUCOMPARE=bin/gpucompare node --test tests/browser/matrix-gpus.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { closeClean, launch, matrixData, openAt, serve } from './helpers.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const GPUS = 900;
// fp16 is every GPU's dense FP16/BF16 figure; price its on-demand price.
const FP16 = 2;
const price = (n) => 1 + n / 100;
const id = (n) => `hg-${String(n).padStart(4, '0')}`;

let browser;
let root;
let siteURL;
let data;
let inline;
let server;

before(async () => {
  assert.ok(existsSync(BIN), `no gpucompare binary at ${BIN}: build it first (make binary) or set GPUCOMPARE`);
  root = mkdtempSync(path.join(tmpdir(), 'gpucompare-matrix-gpus-'));
  const put = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  put('data/site.yaml', 'title: Many GPUs\ncurrency: USD\n');
  put('data/fx.yaml', 'rates:\n  - {base: USD, quote: CNY, rate: 7, date: 2025-01-02, source: https://fx.example.com/}\n');
  let instances = '';
  let prices = '';
  for (let n = 0; n < GPUS; n++) {
    const name = `Model ${String(n).padStart(4, '0')} ` + '&<>"'.repeat(25);
    put(`data/gpus/${id(n)}.yaml`, `id: ${id(n)}\nname: ${JSON.stringify(name)}\nmodel: ${JSON.stringify(name)}\nvendor: Synthetic\nmemory_gb: 16\ndense:\n  fp16_bf16: ${FP16}\nsource: s\n`);
    instances += `  - {id: ${id(n)}, name: X${n}, gpu: ${id(n)}, gpu_count: 1, regions: [r], source: s}\n`;
    prices += `  - {instance: ${id(n)}, region: r, model: on_demand, amount: ${price(n)}, currency: USD, since: 2025-12-01, source: s, source_kind: provider}\n`;
  }
  put('data/providers/many.yaml', `id: many\nname: Many\nkind: gpu_cloud\ncurrency: USD\nregions: [{id: r, name: Region R}]\ninstances:\n${instances}`);
  put('data/prices/many.yaml', `provider: many\nprices:\n${prices}`);
  const out = path.join(root, 'public');
  execFileSync(BIN, ['build', '-root', root, '-out', out], { stdio: 'pipe' });
  siteURL = pathToFileURL(out).href + '/';
  const file = path.join(out, 'compare/index.html');
  const m = /<script type="application\/json" id="matrix-data">([\s\S]*?)<\/script>/.exec(readFileSync(file, 'utf8'));
  inline = new Set(JSON.parse(m[1]).gpus.map((g) => g.id));
  data = matrixData(file);
  browser = await launch();
  server = await serve(out, '/');
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

test('the page keeps the first GPU records and loads the others from data scripts, each once', () => {
  const html = readFileSync(new URL('compare/index.html', siteURL), 'utf8');
  const scripts = [...html.matchAll(/<script src="(gpus-\d+\.js)"><\/script>/g)].map((m) => m[1]);
  assert.ok(scripts.length >= 2, `${scripts.length} data scripts of GPU models`);
  assert.ok(inline.size > 0 && inline.size < GPUS, `${inline.size} of ${GPUS} GPU records in the page`);
  assert.equal(data.gpu_count, GPUS);
  const ids = data.gpus.map((g) => g.id);
  assert.equal(new Set(ids).size, ids.length, 'a GPU record twice');
  assert.deepEqual([...ids].sort(), Array.from({ length: GPUS }, (_, n) => id(n)));
});

test('a filter on a GPU model whose record is in a data script finds its offer, with its price per TFLOPS', async () => {
  const later = Array.from({ length: GPUS }, (_, n) => n).filter((n) => !inline.has(id(n)));
  assert.ok(later.length > 0, 'every GPU record is in the page: the test checks nothing');
  for (const n of [later[0], later[later.length - 1]]) {
    const t = await openAt(browser, siteURL, 1280, 900, 'compare/index.html', `#gpu=${id(n)}&show=per_fp16`);
    const { page } = t;
    await page.waitForSelector('#matrix-controls:not([hidden])');
    const status = await page.textContent('#matrix-count');
    assert.match(status, new RegExp(`^1 of ${GPUS.toLocaleString('en-US')} offers`), `${id(n)}: ${status}`);
    const row = await page.evaluate(() => {
      const tr = document.querySelector('#matrix tbody tr:not(.spacer) input.pick')?.closest('tr');
      // A drawn row has a cell per visible column.
      const heads = [...document.querySelectorAll('#matrix thead tr:first-child th')].filter((th) => !th.hidden).map((th) => th.dataset.col);
      const cell = tr && heads.includes('per_fp16') ? tr.cells[heads.indexOf('per_fp16')] : null;
      return tr && { key: tr.querySelector('input.pick').value, perTFLOPS: cell ? cell.textContent.trim() : null };
    });
    assert.ok(row, `${id(n)}: no row drawn`);
    assert.equal(row.key, `many/${id(n)}/r`);
    const shown = Number(/[\d.]+/.exec(row.perTFLOPS || '')?.[0]);
    assert.ok(Math.abs(shown - price(n) / FP16) < 0.01, `${id(n)}: per TFLOPS "${row.perTFLOPS}", want ${price(n) / FP16}`);
    await closeClean(t);
  }
});

test('a data script of GPU models that does not load leaves the page\'s own rows', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.route('**/compare/gpus-1.js', (r) => r.abort());
  await page.goto(server.base + 'compare/index.html');
  await page.waitForLoadState('load');
  assert.equal(await page.locator('#matrix-controls').isHidden(), true, 'the controls of the script are shown');
  assert.ok((await page.locator('#matrix tbody tr').count()) > 0, 'the page\'s rows');
  assert.deepEqual(errors, []);
  await ctx.close();
});
