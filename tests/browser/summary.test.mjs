// The one-page summary (/summary/, /zh/summary/): one click from the home
// page's first screen reaches it, and Chromium prints it, as the page asks
// (its CSS page size), on exactly one A4 page, read back with poppler's
// pdfinfo. Its rows are the answer per GPU class. A spot answer from
// another provider (its mark a disclosure, which cannot be tapped on paper)
// gives that provider's own on-demand price on the paper itself, read back
// with pdftotext. The PDFs go to tests/browser/screenshots/summary-*.pdf.
//
//   SITE_DIR=public node --test tests/browser/summary.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

let browser;
before(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

// pdfinfo reads a PDF's page count and page size.
function pdfinfo(pdf) {
  const r = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' });
  if (r.error?.code === 'ENOENT') throw new Error('pdfinfo not found: install the Debian package poppler-utils');
  assert.equal(r.status, 0, `pdfinfo ${pdf}: ${r.stderr}`);
  return r.stdout;
}

// pdftext is a PDF's text, its white space made one space.
function pdftext(pdf) {
  const r = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
  assert.equal(r.status, 0, `pdftotext ${pdf}: ${r.stderr}`);
  return r.stdout.replace(/\s+/g, ' ');
}

describe('the one-page summary', () => {
  // own reads the own on-demand price from a mark's title, paper from the
  // printed page; note is what the note under the table says of paper.
  for (const [lang, dir, link, own, paper, note] of [
    ['en', '', 'One-page summary (print / PDF)', /its own on-demand price: ([\d.,]+)/, /\(own on-demand ([\d.,]+)\)/g, /own on-demand price: printed after the mark/],
    ['zh-CN', 'zh/', '一页摘要（打印 / PDF）', /该服务商的按量计费价格为([\d.,]+)/, /（该服务商按量计费价([\d.,]+)）/g, /打印时列于标记后/],
  ]) {
    test(`in ${lang}: one click from the home page, printed on exactly 1 A4 page`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const problems = await instrument(page, (u) => u.startsWith(SITE_URL) || u.startsWith('data:') || u === 'about:blank');
      await page.goto(pathToFileURL(path.join(SITE, dir, 'index.html')).href);
      const a = page.getByRole('link', { name: link, exact: true });
      const box = await a.boundingBox();
      assert.ok(box && box.y + box.height <= 800, `the link is on the first screen: ${JSON.stringify(box)}`);
      await Promise.all([page.waitForURL(/summary\/index\.html$/), a.click()]);
      const rows = await page.locator('#classes-table tbody tr').count();
      assert.ok(rows >= 5, `the summary answers per GPU class: ${rows} rows`);
      assert.match(await page.locator('.summary-date time').getAttribute('datetime'), /^\d{4}-\d{2}-\d{2}$/);
      assert.deepEqual(await cspViolations(page), []);
      assert.deepEqual(problems, []);
      const pdf = path.join(SHOTS, `summary-${lang}.pdf`);
      rmSync(pdf, { force: true });
      await page.emulateMedia({ media: 'print' });
      await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
      const info = pdfinfo(pdf);
      assert.match(info, /^Pages:\s+1$/m, `the summary prints on exactly one page:\n${info}`);
      assert.match(info, /^Page size:\s+841\.\d+ x 59[45]\.\d+ pts \(A4\)/m, `the page is A4 landscape:\n${info}`);
      // Each marked spot answer's own on-demand price (its mark's title)
      // is printed after the mark, without a tap.
      const titles = await page.locator('#classes-table details.other-mark > summary').evaluateAll((ss) => ss.map((s) => s.title));
      const figures = titles.map((t) => (t.match(own) || [])[1]).filter(Boolean);
      assert.ok(figures.length >= 1, `no marked spot answer gives an own on-demand price: ${JSON.stringify(titles)}`);
      const text = pdftext(pdf);
      const printed = [...text.matchAll(paper)].map((m) => m[1]);
      assert.deepEqual(printed, figures, `the paper gives each mark's own on-demand price after it:\n${text.slice(0, 1500)}`);
      assert.match(text, note, 'the note under the table tells a reader of paper where the price is');
      await page.close();
    });
  }
});

// On a phone (375 px) the summary is a card per GPU class, each price
// and offer beside its label, and the page does not scroll sideways.
describe('the one-page summary at 375 px', () => {
  for (const [lang, dir] of [['en', ''], ['zh-CN', 'zh/']]) {
    test(`in ${lang}: cards, no horizontal scroll`, async () => {
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      await page.goto(pathToFileURL(path.join(SITE, dir, 'summary', 'index.html')).href);
      const sizes = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: innerWidth }));
      assert.ok(sizes.scroll <= sizes.inner, `the page scrolls sideways: ${JSON.stringify(sizes)}`);
      const table = await page.evaluate(() => {
        const t = document.getElementById('classes-table');
        const row = t.querySelector('tbody tr');
        const price = row.querySelector('td.price');
        return {
          head: getComputedStyle(t.querySelector('thead')).position,
          row: getComputedStyle(row).display,
          label: getComputedStyle(price, '::before').content,
          wrap: t.closest('.table-wrap').scrollWidth <= t.closest('.table-wrap').clientWidth,
        };
      });
      assert.equal(table.head, 'absolute', 'the column heads are hidden: each cell carries its label');
      assert.equal(table.row, 'block', 'a GPU class is a card');
      assert.notEqual(table.label, 'none', 'a price shows its label');
      assert.ok(table.wrap, 'the table fits its box');
      await page.screenshot({ path: path.join(SHOTS, `summary-375-${lang}.png`), fullPage: false });
      await page.close();
    });
  }
});
