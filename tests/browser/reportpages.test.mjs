// The short report (gpucompare report, the default) printed as a buyer
// prints it: Chromium's own print to PDF (chromium --headless
// --print-to-pdf, no test harness in between), read back with poppler's
// pdfinfo and pdftotext. On the shipped catalog, in English and in
// Chinese, it is at most 4 A4 pages, and its first page answers per GPU
// class: the answer's first rows (each GPU model, its cheapest on-demand
// price, the offer and the source's number), and no recommendation across
// GPU models. The full report (-full) is longer and holds the appendix.
// The PDFs and their pages as PNGs go to tests/browser/screenshots/
// reportpages-*.
//
// GPUCOMPARE names the binary (default bin/gpucompare); ROOT the site root
// (default .); CHROMIUM the browser (default /usr/bin/chromium).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM } from './helpers.mjs';
import { patience } from './patience.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const ROOT = path.resolve(process.env.ROOT || '.');
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

// maxPages is what a purchase file takes.
const maxPages = 4;

let dir;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gpucompare-reportpages-'));
  mkdirSync(SHOTS, { recursive: true });
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// tool runs a command and returns its output; a missing one fails the
// test, naming the Debian package that has it.
function tool(cmd, pkg, args, timeout) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, timeout });
  if (r.error?.code === 'ENOENT') {
    throw new Error(`${cmd} not found: install the Debian package ${pkg} (apt-get install -y --no-install-recommends ${pkg}; make browser-deps does, as root)`);
  }
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

// printed writes the report of flags to NAME.html, prints it to NAME.pdf
// with Chromium's own print to PDF, and returns the PDF's path, its
// page count and the HTML.
function printed(name, ...flags) {
  const html = path.join(dir, `${name}.html`);
  execFileSync(BIN, ['report', '-root', ROOT, '-o', html, ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install the Debian package chromium (apt-get install -y --no-install-recommends chromium) or set CHROMIUM`);
  }
  const pdf = path.join(SHOTS, `reportpages-${name}.pdf`);
  rmSync(pdf, { force: true });
  tool(CHROMIUM, 'chromium', [
    '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--no-pdf-header-footer', `--print-to-pdf=${pdf}`, pathToFileURL(html).href,
  ], patience(180_000));
  assert.ok(existsSync(pdf), `chromium wrote no ${pdf}`);
  const info = tool('pdfinfo', 'poppler-utils', [pdf]);
  const pages = +info.match(/^Pages:\s+(\d+)/m)[1];
  assert.match(info, /^Page size:\s+841\.\d+ x 59[45]\.\d+ pts \(A4\)/m, 'the pages are A4 landscape');
  return { pdf, pages, html: readFileSync(html, 'utf8') };
}

// text is the text of pages from..to of a PDF, its white space made one
// space (pdftotext breaks lines where the page does).
function text(pdf, from, to) {
  return tool('pdftotext', 'poppler-utils', ['-f', String(from), '-l', String(to), pdf, '-'], 60_000).replace(/\s+/g, ' ');
}

// answerRows reads the answer per GPU class from the report's HTML: each
// row's GPU model, its on-demand price and the number of its source.
function answerRows(html) {
  const table = html.slice(html.indexOf('id="classes-table"'), html.indexOf('</table>', html.indexOf('id="classes-table"')));
  return [...table.matchAll(/<th scope="row" class="gpu">(?:<a [^>]*>)?([^<]+)(?:<\/a>)?<\/th>\s*<td class="num price metric"[^>]*>([^<]+).*?<\/td>\s*<td class="offer"[^>]*>(.*?)<\/td>/gs)].map((m) => ({
    gpu: m[1].replace(/&amp;/g, '&').trim(),
    price: m[2].trim(),
    ref: (m[3].match(/\[(\d+)\]<\/a>/) || [])[1],
  }));
}

describe('the short report, printed', () => {
  for (const [lang, flags, none] of [
    ['en', [], /Recommendation/i],
    ['zh-CN', ['-lang', 'zh-CN'], /推荐/],
  ]) {
    test(`in ${lang}: at most ${maxPages} A4 pages, its first page the answer per GPU class`, () => {
      const { pdf, pages, html } = printed(`short-${lang}`, ...flags);
      assert.ok(pages >= 1 && pages <= maxPages, `the short report prints on ${pages} pages, want at most ${maxPages}`);
      const rows = answerRows(html);
      assert.ok(rows.length >= 10, `the answer has ${rows.length} GPU models`);
      const page1 = text(pdf, 1, 1);
      const flat = (s) => s.replace(/\s+/g, '');
      // The first rows, whole, on page 1: the model, its price, its source
      // (three: a row that says why a stale price answers takes more lines).
      for (const r of rows.slice(0, 3)) {
        assert.ok(flat(page1).includes(flat(r.gpu)), `page 1 has no ${r.gpu}: ${page1.slice(0, 300)}…`);
        assert.ok(page1.includes(r.price), `page 1 has no price ${r.price} (${r.gpu})`);
        assert.ok(r.ref && page1.includes(`[${r.ref}]`), `page 1 has no source [${r.ref}] (${r.gpu})`);
      }
      assert.doesNotMatch(page1, none, 'page 1 recommends no offer across GPU models');
      // Every source the answer names is written out in the PDF.
      const all = text(pdf, 1, pages);
      for (const r of rows) assert.ok(all.includes(`[${r.ref}] `) || all.includes(`[${r.ref}]`), `source [${r.ref}] is not in the PDF`);
      tool('pdftoppm', 'poppler-utils', ['-png', '-r', '60', pdf, path.join(SHOTS, `reportpages-short-${lang}`)], 60_000);
    });
  }

  test('-full is longer and holds the appendix', () => {
    const short = printed('short-again');
    const full = printed('full', '-full');
    assert.ok(full.pages > short.pages, `the full report prints on ${full.pages} pages, the short one on ${short.pages}`);
    assert.match(full.html, /id="appendix"/);
    const all = text(full.pdf, 1, full.pages);
    assert.ok(all.includes('Appendix: offers without a public price'), 'the full report\'s PDF has the appendix');
    assert.ok(all.includes('Offers, cheapest per GPU-hour first'), 'the full report\'s PDF has the matrix of every offer');
    assert.ok(!text(short.pdf, 1, short.pages).includes('Appendix: offers without a public price'), 'the short report has no appendix');
  });
});
