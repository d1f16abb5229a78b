// The one-page summary (/summary/, /zh/summary/): one click from the home
// page's first screen reaches it, and Chromium prints it, as the page asks
// (its CSS page size), on exactly one A4 page, read back with poppler's
// pdfinfo, the mainland view with it, compressed, read back with
// pdftotext. Its rows are the answer per GPU class. A spot answer from
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

// pdftext is a PDF's text, its white space made one space; raw, in the
// order the page draws it (a grid's cells row by row; pdftotext's reading
// order drops a figure of small print now and then).
function pdftext(pdf, raw = false) {
  const r = spawnSync('pdftotext', [...(raw ? ['-raw'] : []), pdf, '-'], { encoding: 'utf8' });
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
      const text = pdftext(pdf, true);
      const printed = [...text.matchAll(paper)].map((m) => m[1]);
      assert.deepEqual(printed, figures, `the paper gives each mark's own on-demand price after it:\n${text.slice(0, 1500)}`);
      assert.match(text, note, 'the note under the table tells a reader of paper where the price is');
      // On paper a mark's own on-demand price is said once: the words for
      // screen readers do not print beside the short ones.
      const marks = await page.locator('#classes-table details.other-mark').evaluateAll((ds) => ds.map((d) => d.innerText));
      for (const [i, words] of marks.entries()) {
        const figure = (titles[i].match(own) || [])[1];
        if (figure) assert.equal(words.split(figure).length - 1, 1, `the paper says the own on-demand price ${figure} once: ${JSON.stringify(words)}`);
      }
      // The mainland view prints too, compressed: each GPU model's price,
      // provider and age, where the screen has it, on the same page.
      const mainland = await page.evaluate(() => {
        const t = document.getElementById('mainland-table');
        const shown = (e) => !!e && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0;
        const section = t?.closest('section');
        return {
          title: document.getElementById('mainland-title')?.innerText.trim(),
          shown: shown(t) && shown(section) && shown(document.getElementById('mainland-title')),
          rows: [...(t?.querySelectorAll('tbody tr') || [])].map((tr) => ({
            gpu: tr.querySelector('.gpu').innerText.trim(),
            price: tr.querySelector('.money').innerText.trim(),
            provider: tr.querySelector('.provider').innerText.trim(),
            cells: ['gpu', 'price', 'provider', 'trust-cell'].every((c) => shown(tr.querySelector('.' + c))),
            left: ['region', 'instance'].filter((c) => shown(tr.querySelector('.' + c))),
          })),
          before: t ? !!(t.compareDocumentPosition(document.getElementById('classes-table')) & Node.DOCUMENT_POSITION_FOLLOWING) : null,
        };
      });
      assert.ok(mainland.shown, `the mainland table prints: ${JSON.stringify(mainland)}`);
      assert.ok(mainland.rows.length >= 5, `the mainland table prints ${mainland.rows.length} rows`);
      assert.equal(mainland.before, lang === 'zh-CN', 'the mainland table prints where the screen has it: first in the Chinese edition');
      for (const r of mainland.rows) {
        assert.ok(r.cells, `the printed mainland row ${r.gpu} shows its GPU, price, provider and age`);
        assert.deepEqual(r.left, [], `the printed mainland row ${r.gpu} leaves the region and instance type to the screen`);
      }
      // It fits the page as it is, not shrunk to fit: at the width of an
      // A4 landscape page inside its 6 mm margins (285 mm), nothing is
      // wider, and it ends within the page's 198 mm.
      const mm = 96 / 25.4;
      await page.setViewportSize({ width: Math.floor(285 * mm), height: Math.floor(198 * mm) });
      const fit = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, bottom: document.querySelector('main').getBoundingClientRect().bottom }));
      assert.ok(fit.width <= Math.floor(285 * mm) && fit.bottom <= 198 * mm, `the printed summary overflows an A4 page unscaled: ${JSON.stringify(fit)}`);
      const raw = pdftext(pdf, true);
      const at = raw.indexOf(mainland.title);
      assert.ok(at >= 0, `the paper has the mainland table's title ${mainland.title}:\n${raw.slice(0, 800)}`);
      for (const r of mainland.rows) {
        assert.ok(raw.includes(`${r.gpu} ${r.price}`, at) && raw.includes(r.provider, at), `the paper gives ${r.gpu} ${r.price} at ${r.provider} under the mainland title:\n${raw.slice(at, at + 1500)}`);
      }
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
      // A date and a converted price's original figure (marked as the
      // quote) each stay on one line.
      const lines = await page.locator('#classes-table').evaluate((t) =>
        [...t.querySelectorAll('.offer-trust time, .quoted')].map((e) => ({ text: e.textContent, lines: new Set([...e.getClientRects()].map((r) => Math.round(r.top))).size })));
      assert.ok(lines.filter((l) => /\d/.test(l.text)).length >= 20, `too few dates and quoted figures: ${JSON.stringify(lines.slice(0, 5))}`);
      for (const l of lines) assert.equal(l.lines, 1, `"${l.text}" breaks over ${l.lines} lines`);
      if (lang === 'zh-CN') {
        for (const q of lines.filter((l) => !/年/.test(l.text))) assert.match(q.text, /^原报价[\d.,]+美元$/, 'a converted price gives its original as the quote');
      }
      await page.screenshot({ path: path.join(SHOTS, `summary-375-${lang}.png`), fullPage: false });
      await page.close();
    });
  }
});
