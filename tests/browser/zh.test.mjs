// The Chinese edition's pages in headless Chromium, from file://, at a
// laptop's and a phone's size. This builds the repository's own catalog
// with `language: zh-CN` into a temporary folder and checks that the home,
// the instance matrix, a scenario and a guide say they are zh-CN, speak
// Chinese in their UI — the text the matrix script writes included — with
// no format directive left unfilled, and that nothing overflows the page:
// Chinese labels are shorter than English ones, but wrap differently.
// Catalog prose (guide questions, scenario descriptions) stays as written.
//
//   GPUCOMPARE=bin/gpucompare node --test tests/browser/zh.test.mjs
//
// The pages need a CJK font to look right (Debian's fonts-noto-cjk).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, layoutProblems, settle } from './helpers.mjs';
import { patience } from './patience.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');

// The pages to look at, and a piece of UI text each must show in Chinese.
const PAGES = {
  'index.html': '现在一个GPU小时多少钱',
  'compare/index.html': '实例类型对比',
  'scenarios/mid-size-reserved/index.html': '此工作负载的最低价',
  'guides/choose-gpu-compute/index.html': '逐步作答',
};
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
];

let browser;
let root;
let site;

before(async () => {
  assert.ok(existsSync(BIN), `no gpucompare binary at ${BIN}: build it first (make binary) or set GPUCOMPARE`);
  root = mkdtempSync(path.join(tmpdir(), 'gpucompare-zh-'));
  for (const dir of ['data', 'content']) cpSync(path.join(REPO, dir), path.join(root, dir), { recursive: true });
  const siteYAML = path.join(root, 'data/site.yaml');
  const settings = readFileSync(siteYAML, 'utf8');
  assert.match(settings, /^language: en$/m, 'data/site.yaml: no "language: en" line to change');
  writeFileSync(siteYAML, settings.replace(/^language: en$/m, 'language: zh-CN'));
  site = path.join(root, 'out');
  execFileSync(BIN, ['build', '-root', root, '-out', site], { stdio: 'pipe' });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

for (const [file, heading] of Object.entries(PAGES)) {
  for (const size of SIZES) {
    test(`${file} at ${size.width}px is zh-CN and fits`, { timeout: patience(60_000) }, async () => {
      const page = await browser.newPage({ viewport: size });
      try {
        const problems = await instrument(page, (u) => u.startsWith('file:'));
        // The matrix is a large page: its load takes long on a busy machine.
        await page.goto(pathToFileURL(path.join(site, file)).href, { timeout: patience(30_000) });
        await settle(page);
        assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
        const text = await page.evaluate(() => document.body.innerText);
        assert.ok(text.includes(heading), `${file}: no "${heading}" on the page`);
        // The navigation is the catalogue's, in Chinese.
        const nav = await page.locator('nav a').allInnerTexts();
        assert.ok(nav.includes('实例对比') && nav.includes('价格变动'), `${file}: navigation ${JSON.stringify(nav)}`);
        // No message was shown without its arguments, by the build or by a script.
        const unfilled = text.match(/%(\[\d+\])?[sd]|%!/g);
        assert.equal(unfilled, null, `${file}: unfilled format directives in the text`);
        if (file.startsWith('compare/')) {
          // The matrix script writes its status line from the catalogue.
          await page.waitForFunction(() => /显示[\d,]+个报价，共[\d,]+个。/.test(document.body.innerText), null, {
            timeout: patience(20_000),
          });
        }
        assert.deepEqual(await layoutProblems(page), [], `${file} at ${size.width}px: something overflows`);
        assert.deepEqual(await cspViolations(page), []);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }
}

// The matrix script writes the dates and amounts it draws as the Chinese
// edition writes them: the rates note of a switched currency (its date in
// Chinese brackets, not after an English comma) and the
// dates behind a price's age in 年月日 (static/age.js gives the layouts of
// the catalogue), amounts grouped 1,234.56.
test('the matrix script writes dates 年月日 and amounts 1,234.56', { timeout: patience(120_000) }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const problems = await instrument(page, (u) => u.startsWith('file:'));
    // The matrix is a large page: its load takes long on a busy machine.
    await page.goto(pathToFileURL(path.join(site, 'compare/index.html')).href, { timeout: patience(30_000) });
    await settle(page);
    assert.equal(await page.evaluate(() => window.gpucompareDate('2026-11-30')), '2026年11月30日');
    assert.equal(await page.evaluate(() => window.gpucompareDate('2026-11')), '2026年11月');
    await page.selectOption('#matrix-currency', 'CNY');
    await page.selectOption('#matrix-unit', 'month');
      await page.waitForFunction(() => {
      const n = document.getElementById('matrix-rates');
      return !n.hidden && /CNY/.test(n.textContent);
    }, null, { timeout: patience(20_000) });
    const rates = await page.textContent('#matrix-rates');
    assert.match(rates, /1 USD = [\d.]+ CNY（\d{4}年\d{1,2}月\d{1,2}日）/, `rates note ${JSON.stringify(rates)}`);
    assert.doesNotMatch(rates, /\d{4}-\d{2}(-\d{2})?/, `an ISO date in the rates note ${JSON.stringify(rates)}`);
    const drawn = await page.evaluate(() => {
      const table = document.getElementById('matrix');
      const heads = [...table.tHead.rows[0].cells].filter((th) => !th.hidden).map((th) => th.dataset.col);
      const at = (tr, col) => tr.cells[heads.indexOf(col)];
      const rows = [...table.tBodies[0].rows].filter((tr) => !tr.classList.contains('pad') && !tr.querySelector('td.none'));
      return {
        ages: rows.flatMap((tr) => [...at(tr, 'since').querySelectorAll('.age[data-date]')].map((a) => ({ date: a.dataset.date, title: a.title }))),
        prices: rows.map((tr) => at(tr, 'price').textContent.replace(/\s+/g, ' ').trim()),
      };
    });
    assert.ok(drawn.ages.length > 0, 'no dated price drawn');
    for (const a of drawn.ages) {
      const [y, m, d] = a.date.split('-');
      const want = y + '年' + (m ? +m + '月' : '') + (d ? +d + '日' : '');
      assert.equal(a.title, want, `the age of ${a.date}`);
    }
    const big = drawn.prices.filter((p) => /\d,\d{3}\.\d{2}/.test(p));
    assert.ok(big.length > 0, `no monthly amount grouped as 1,234.56: ${JSON.stringify(drawn.prices.slice(0, 5))}`);
    assert.deepEqual(drawn.prices.filter((p) => /\d{4}\.\d/.test(p) || /\d\.\d{3},/.test(p)), [], 'an amount not grouped 1,234.56');
    assert.deepEqual(await cspViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

// A history chart names each price point by its date (the tooltip shows
// it): static/charts.js writes it 年月日, as the table under the chart.
test('a history chart names its points 年月日', { timeout: patience(60_000) }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const problems = await instrument(page, (u) => u.startsWith('file:'));
    await page.goto(pathToFileURL(path.join(site, 'instances/lambda/gpu_1x_h100_pcie/index.html')).href);
    await settle(page);
    await page.locator('[id$="_history-box"]').scrollIntoViewIfNeeded();
    const names = await (await page.waitForFunction(() => {
      const el = document.querySelector('[id$="_history-box"]');
      const chart = el && window.echarts && window.echarts.getInstanceByDom(el);
      return chart && chart.getOption().series.flatMap((s) => s.data.map((d) => d.name));
    }, null, { timeout: patience(20_000) })).jsonValue();
    assert.ok(names.length > 0, 'no point on the history chart');
    for (const n of names) assert.match(n, /^\d{4}年\d{1,2}月(\d{1,2}日)?$/, `a point named ${JSON.stringify(n)}`);
    assert.deepEqual(await cspViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
