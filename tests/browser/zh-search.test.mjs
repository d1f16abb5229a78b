// Search and heading anchors of the Chinese edition in headless Chromium,
// from file://. This builds the repository's own catalog, whose zh/
// edition is in zh-CN, with a Chinese content page of Chinese headings
// (content/zh/anchors.md), into a temporary folder. Typing Chinese into the header's box finds words
// inside names and text with no spaces to split on (阿里 in 阿里云, 抢占 in
// 抢占式实例), words run together (阿里云北京) or against Latin letters
// (华为云A100), full-width letters as ASCII ones, a GPU model by its
// vendor's Chinese name (英伟达, 昇腾), ranked as
// generator/site/search/search.go ranks them, in the catalogue's words; the
// search page answers ?q= in Chinese. On the content page each Chinese
// heading has an id of its own that a link to #id reaches.
//
//   GPUCOMPARE=bin/gpucompare node --test tests/browser/zh-search.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, searchResults } from './helpers.mjs';
import { patience } from './patience.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');

// What the Chinese edition must answer: the first results, in order, as
// "title — kind"; every, when given, must hold for every result.
const CASES = [
  // The catalog's Chinese names and titles are what the edition shows and
  // finds first.
  { q: '阿里', first: ['阿里云 — 云服务商'] },
  { q: '抢占', first: ['抢占式实例 — 计费模式', '短期项目：优先抢占式实例，配合检查点 — 工作负载场景'] },
  { q: '竞价', first: ['抢占式实例 — 计费模式', '华为云 — 云服务商', '腾讯云 — 云服务商'] },
  // A pricing model is found by the other names buyers give it.
  { q: '按需', first: ['按量计费 — 计费模式'] },
  { q: '包月', first: ['包年包月（按月） — 计费模式'] },
  { q: '等保三级', first: ['中国内地金融行业：16张A100级GPU用6个月，等保三级 — 工作负载场景', '腾讯云 — 云服务商', '写明通过等保三级备案的服务商 — 选型指南', '哪种GPU算力适合您的工作负载？ — 选型指南'] },
  // 等保 finds the providers whose certifications name it, the one that
  // states a level (腾讯云) first, and the guide's outcome for 等保三级;
  // 华为云, whose level is not stated, after every result that states one.
  { q: '等保', first: ['中国内地金融行业：16张A100级GPU用6个月，等保三级 — 工作负载场景', '腾讯云 — 云服务商', '写明通过等保三级备案的服务商 — 选型指南'], before: ['写明通过等保三级备案的服务商 — 选型指南', '华为云 — 云服务商'] },
  { q: '腾讯云广州', first: [], every: / — (实例类型|地域)$/ },
  { q: '华北2（北京）', first: ['华北2（北京） — 地域', '华北2（北京） — 地域'] },
  { q: 'Ｈ１００ ８０ＧＢ', first: ['H100 PCIe 80GB — GPU型号', 'H100 SXM5 80GB — GPU型号'] },
  { q: '阿里云抢占', first: ['阿里云 — 云服务商'] },
  { q: '华为云A100', first: [], every: / — 实例类型$/ },
  { q: '阿里云北京', first: [], every: / — (实例类型|地域)$/ },
  // A GPU model is found by its vendor's and product line's Chinese names
  // (search.vendor_names), and Huawei's Ascend is named 昇腾.
  { q: '昇腾', first: ['昇腾 910B2 — GPU型号'] },
  { q: '英伟达', first: [], every: / — GPU型号$/ },
];

// The content page of Chinese headings the test adds to the site.
const HEADINGS_PAGE = `---
title: 标题锚点
description: 中文标题的锚点
---

- [第一个价格](#价格)
- [第二个价格](#价格-1)
- [等保](#等保三级-mlps-level-3)

## 价格

${'按量计费的价格。\n\n'.repeat(30)}
## 价格

${'包年包月的价格。\n\n'.repeat(30)}
## 等保三级 (MLPS level 3)

${'数据留在中国大陆。\n\n'.repeat(30)}`;

let browser;
let root;
let site;

before(async () => {
  assert.ok(existsSync(BIN), `no gpucompare binary at ${BIN}: build it first (make binary) or set GPUCOMPARE`);
  root = mkdtempSync(path.join(tmpdir(), 'gpucompare-zh-search-'));
  for (const dir of ['data', 'content']) cpSync(path.join(REPO, dir), path.join(root, dir), { recursive: true });
  assert.match(readFileSync(path.join(root, 'data/site.yaml'), 'utf8'), /^ {2}- language: zh-CN$/m, 'data/site.yaml: no zh-CN edition');
  mkdirSync(path.join(root, 'content/zh'), { recursive: true });
  writeFileSync(path.join(root, 'content/zh/anchors.md'), HEADINGS_PAGE);
  execFileSync(BIN, ['build', '-root', root, '-out', path.join(root, 'out')], { stdio: 'pipe' });
  site = path.join(root, 'out/zh');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

// open loads a page of the site and records what must not happen on it.
async function open(file) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = await instrument(page, (u) => u.startsWith('file:'));
  await page.goto(pathToFileURL(path.join(site, file)).href);
  return { page, problems };
}

test('Chinese queries find words inside names and text, in Chinese', { timeout: patience(120_000) }, async () => {
  const { page, problems } = await open('index.html');
  try {
    for (const c of CASES) {
      const got = await searchResults(page, c.q);
      assert.ok(got.length > 0, `"${c.q}" finds nothing`);
      assert.deepEqual(got.slice(0, c.first.length), c.first, `"${c.q}": ${got.join('; ')}`);
      for (const r of got) if (c.every) assert.match(r, c.every, `"${c.q}"`);
      if (c.before) {
        const [a, b] = c.before.map((r) => got.indexOf(r));
        assert.ok(a >= 0 && b > a, `"${c.q}": ${c.before[0]} at ${a}, ${c.before[1]} at ${b}: ${got.join('; ')}`);
      }
    }
    // Huawei's A100 offers, nothing else.
    await searchResults(page, '华为云A100');
    const subs = await page.$$eval('.search-opt-sub', (s) => s.map((x) => x.textContent));
    for (const s of subs) assert.match(s, /^华为云 · .*A100/, `"华为云A100": ${s}`);
    // A region id finds the region, which shows its Chinese name and not
    // the id.
    assert.deepEqual((await searchResults(page, 'cn-beijing')).slice(0, 2), ['华北2（北京） — 地域', '华北2（北京） — 地域']);
    const regionSubs = await page.$$eval('.search-opt', (opts) =>
      opts.filter((o) => o.querySelector('.search-kind').textContent === '地域').map((o) => o.querySelector('.search-opt-sub')?.textContent ?? ''));
    assert.deepEqual(regionSubs, ['北京 · 阿里云', '火山引擎'], '"cn-beijing": the regions\' lines');
    assert.deepEqual(await searchResults(page, '空调冰箱'), []);
    assert.equal(await page.textContent('.search-none'), '没有与“空调冰箱”匹配的内容。');
    // Enter on the first option opens it: the matrix, showing spot prices.
    await searchResults(page, '抢占');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(/\/compare\/index\.html#m=spot$/, { timeout: patience(10_000) }), page.keyboard.press('Enter')]);
    assert.deepEqual([...problems, ...(await cspViolations(page))], []);
  } finally {
    await page.close();
  }
});

test('the search page answers ?q= in Chinese', { timeout: patience(60_000) }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const problems = await instrument(page, (u) => u.startsWith('file:'));
    await page.goto(pathToFileURL(path.join(site, 'search/index.html')).href + '?q=' + encodeURIComponent('阿里'));
    await page.waitForSelector('#search-results:not([hidden]) #search-list li', { timeout: patience(10_000) });
    assert.equal(await page.textContent('#search-results-title'), '“阿里”的搜索结果');
    assert.match(await page.textContent('#search-status'), /^\d+条结果$/);
    assert.equal(await page.textContent('#search-list li a'), '阿里云');
    assert.deepEqual([...problems, ...(await cspViolations(page))], []);
  } finally {
    await page.close();
  }
});

test('links to Chinese headings reach each heading', { timeout: patience(60_000) }, async () => {
  const { page, problems } = await open('anchors/index.html');
  try {
    const ids = await page.$$eval('main h2', (hs) => hs.map((h) => h.id));
    assert.deepEqual(ids, ['价格', '价格-1', '等保三级-mlps-level-3']);
    const links = page.locator('main li a');
    assert.equal(await links.count(), ids.length);
    for (let i = 0; i < ids.length; i++) {
      await links.nth(i).click();
      await page.waitForFunction((id) => document.querySelector(':target')?.id === id, ids[i], { timeout: patience(10_000) });
      // The heading is on the screen.
      const { top, bottom } = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().toJSON(), ids[i]);
      assert.ok(bottom > 0 && top < 800, `#${ids[i]} is at ${top}px to ${bottom}px, not on the screen`);
    }
    assert.deepEqual([...problems, ...(await cspViolations(page))], []);
  } finally {
    await page.close();
  }
});
