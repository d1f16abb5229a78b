// The full single-file report (gpucompare report -full; the short one,
// the default, is reportpages.test.mjs's) in headless Chromium, opened
// from file:// the way a buyer opens an attachment, with every request
// recorded and blocked: the only request may be the file itself. The page
// must raise no console error and no Content-Security-Policy violation
// under its own policy of hashes, and its charts must draw (a canvas of
// non-zero size in every chart shown). A second report, of one provider,
// shows the filters narrow what is drawn. At 375 px nothing overflows the
// page: wide tables scroll in their own region; at 1280 px no table is
// wider than its box. Printed to PDF, the first page is the purchase
// summary (read back with pdftotext, from poppler-utils): the
// recommendation, the top offer and its total, the exchange rate's date
// and the snapshot id; the summary is the only forced page break, and no
// page but the last, and those with a chart, ends in its top half.
// Screenshots of the screen and of the print rendering, the PDF and its
// first page as a PNG go to tests/browser/screenshots/report-*. A report
// in Chinese (-lang zh-CN) fits its tables at 1280 px and its head's labels
// on one line at 375 px; it is lang="zh-CN", its headings are Chinese and
// print in a CJK font of the report's font stacks (Debian's
// fonts-noto-cjk), and its PDF's text, read back, holds them.
//
// GPUCOMPARE names the binary (default bin/gpucompare; make test-browser
// builds it); ROOT the site root the report is made from (default .).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, settle } from './helpers.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const ROOT = path.resolve(process.env.ROOT || '.');
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

let browser, dir;
before(async () => {
  browser = await launch();
  dir = mkdtempSync(path.join(tmpdir(), 'gpucompare-report-'));
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// report writes a report with the given flags and returns its path.
function report(name, ...flags) {
  const file = path.join(dir, name);
  execFileSync(BIN, ['report', '-root', ROOT, '-o', file, '-date', '2026-01-15', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  return file;
}

// open loads a report from file:// in a fresh context with the network cut
// off: every request is recorded, and every one but the file is aborted.
async function open(file, viewport = { width: 1280, height: 900 }) {
  const url = pathToFileURL(file).href;
  const context = await browser.newContext({ viewport, offline: true });
  const page = await context.newPage();
  // Two records: what the route saw (and blocked, but for the file), and
  // every request the page made, whether a route saw it or not.
  const requests = [];
  const routed = [];
  const problems = [];
  await page.route('**/*', (route) => {
    const u = route.request().url();
    routed.push(u);
    if (u === url) return route.continue();
    return route.abort('blockedbyclient');
  });
  page.on('request', (r) => requests.push(r.url()));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => window.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}${e.sample ? ': ' + e.sample : ''}`),
      true,
    );
  });
  await page.goto(url);
  await settle(page);
  return { context, page, url, requests, routed, problems };
}

// poppler runs a tool of poppler-utils (pdftotext, pdfimages, pdftoppm)
// and returns its output; a missing tool fails the test, naming the
// package.
function poppler(tool, ...args) {
  const r = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error?.code === 'ENOENT') {
    throw new Error(`${tool} not found: install the Debian package poppler-utils (apt-get install -y --no-install-recommends poppler-utils)`);
  }
  if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

// pages reads a PDF's pages: for each, how far down its text reaches (0
// at the top, 1 at the bottom; 0 with no text) and whether it holds an
// image (a chart, which pdftotext does not read).
function pages(pdf) {
  const images = new Set(
    poppler('pdfimages', '-list', pdf)
      .split('\n')
      .slice(2)
      .map((l) => +l.trim().split(/\s+/)[0])
      .filter((n) => n > 0),
  );
  return poppler('pdftotext', '-bbox', pdf, '-')
    .split('<page ')
    .slice(1)
    .map((p, i) => {
      const height = +p.match(/height="([\d.]+)"/)[1];
      const bottoms = [...p.matchAll(/yMax="([\d.]+)"/g)].map((m) => +m[1]);
      return { n: i + 1, reach: bottoms.length ? Math.max(...bottoms) / height : 0, image: images.has(i + 1) };
    });
}

// tooWide names the tables wider than the box they sit in (their
// .table-wrap, else the page), with both widths.
async function tooWide(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')]
      .filter((t) => t.offsetParent !== null)
      .map((t) => {
        const box = t.closest('.table-wrap') || document.documentElement;
        return { t, width: t.scrollWidth, room: box.clientWidth };
      })
      .filter((x) => x.width > x.room + 1)
      .map((x) => `${x.t.id || x.t.className}: ${x.width}px in ${x.room}px`),
  );
}

// drawn lists the chart containers shown on the page and the size of the
// canvas ECharts drew in each (0 when it drew none).
async function drawn(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.chart')]
      .filter((el) => !el.closest('[hidden]'))
      .map((el) => {
        const c = el.querySelector('canvas, svg');
        const r = c ? c.getBoundingClientRect() : { width: 0, height: 0 };
        return { id: el.id, width: Math.round(r.width), height: Math.round(r.height) };
      }),
  );
}

// overflow names what runs off the right of the page, outside a
// scrolling region (.table-wrap), with the page's scroll width; none when
// the page is as wide as the window.
async function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const out = [`the page scrolls to ${document.documentElement.scrollWidth}px of ${width}px`];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      const up = el.parentElement.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1 && up.right <= width + 1 && !el.parentElement.closest('.table-wrap')) {
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} to ${Math.round(r.right)}px`);
      }
      if (out.length > 10) break;
    }
    return out;
  });
}

describe('report', () => {
  test('opens from file:// with no request, no error and its charts drawn', async () => {
    const file = report('all.html', '-full', '-scenario', 'mid-size-reserved');
    const { context, page, url, requests, routed, problems } = await open(file);
    try {
      assert.deepEqual(requests, [url], 'the only request is the file itself');
      assert.deepEqual(routed, [url]);
      assert.deepEqual(problems, []);
      assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violation');

      const policy = await page.evaluate(
        () => document.querySelector('meta[http-equiv="Content-Security-Policy"]').content,
      );
      assert.match(policy, /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=*'/);
      assert.doesNotMatch(policy, /unsafe-inline|'self'|\*/);

      const charts = await drawn(page);
      assert.ok(charts.length >= 3, `want the price, performance and cost charts, got ${JSON.stringify(charts)}`);
      for (const c of charts) assert.ok(c.width > 100 && c.height > 100, `chart ${c.id} drew nothing: ${JSON.stringify(c)}`);

      // Every in-file link has its target; every other link is a source.
      const links = await page.evaluate(() =>
        [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
      );
      const ids = new Set(await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id)));
      for (const h of links) {
        if (h.startsWith('#')) assert.ok(ids.has(decodeURIComponent(h.slice(1))), `link ${h} has no target`);
        else assert.match(h, /^https?:\/\//, `link ${h} is neither an anchor nor a source`);
      }
      // A chart's offer leads to that instance type's sources.
      const first = await page.locator('#offers tbody th a').first();
      await first.click();
      const target = await page.evaluate(() => location.hash);
      assert.match(target, /^#instance\//);
      assert.ok(await page.locator(`[id="${decodeURIComponent(target.slice(1))}"]`).isVisible());
      await page.evaluate(() => window.scrollTo(0, 0));

      // On a phone nothing runs off the page: wide tables scroll in their
      // own region, the page does not.
      await page.setViewportSize({ width: 375, height: 800 });
      await settle(page);
      assert.deepEqual(await overflow(page), [], 'nothing overflows the page at 375 px');
      await page.setViewportSize({ width: 1280, height: 900 });
      await settle(page);
      // At 1280 px every table fits its box: none is cut off on the right.
      assert.deepEqual(await tooWide(page), [], 'no table is wider than its box at 1280 px');
      assert.deepEqual(await overflow(page), [], 'nothing overflows the page at 1280 px');

      await page.screenshot({ path: path.join(SHOTS, 'report-summary.png') });
      await page.locator('#charts').screenshot({ path: path.join(SHOTS, 'report-charts.png') });
      await page.locator('#scenario').screenshot({ path: path.join(SHOTS, 'report-scenario.png') });

      // Print, at the width of a landscape A4 page (297 mm less 2 × 10 mm
      // margins, at 96 px an inch): no controls, every table of the matrix
      // within the page and naming its sources by number, the sources'
      // addresses written out, one page size throughout.
      await page.setViewportSize({ width: 1047, height: 740 });
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      await settle(page);
      const print = await page.evaluate(() => ({
        controls: [...document.querySelectorAll('select, button, input, summary')].filter((el) => el.offsetParent !== null).length,
        after: getComputedStyle(document.querySelector('#sources a.source[href^="http"]'), '::after').content,
        // What a source cell of the matrix prints, where it prints more
        // than the number of its source in the list under Sources (or
        // "—" for none).
        cells: [...document.querySelectorAll('#offers td.source-cell')]
          .filter((td) => td.offsetParent !== null && !/^(\[\d+\]|—)$/.test(td.innerText.trim()))
          .map((td) => td.innerText.trim().slice(0, 60)),
        // Every element that forces a page break in print.
        breaks: [...document.querySelectorAll('body *')]
          .filter((el) => {
            const s = getComputedStyle(el);
            return [s.breakBefore, s.breakAfter].some((b) => ['page', 'left', 'right', 'recto', 'verso', 'always'].includes(b));
          })
          .map((el) => `${el.tagName.toLowerCase()}#${el.id}`),
      }));
      assert.deepEqual(print.breaks, ['section#summary'], 'the summary is the only forced page break');
      assert.equal(print.controls, 0, 'no control shows in print');
      assert.deepEqual(print.cells.slice(0, 5), [], 'the matrix prints a source as its number');
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('#offers table, #scenario table')]
          .filter((t) => t.getBoundingClientRect().width > document.documentElement.clientWidth + 1)
          .map((t) => `${t.id || t.className}: ${Math.round(t.getBoundingClientRect().width)}px`),
      );
      assert.deepEqual(wide, [], 'every table of the matrix and the costs fits the page');
      await page.evaluate(() => window.scrollTo(0, document.querySelector('#offers-table').getBoundingClientRect().top + window.scrollY - 40));
      assert.match(print.after, /http/, 'a source prints its address');
      await page.screenshot({ path: path.join(SHOTS, 'report-print.png') });
      // Every page of the PDF, the cover's too, has the size the report's
      // stylesheet asks for: A4 landscape (842 × 595 pt).
      await page.pdf({ path: path.join(SHOTS, 'report.pdf'), preferCSSPageSize: true, printBackground: true });
      assert.ok(statSync(path.join(SHOTS, 'report.pdf')).size > 10000);
      const boxes = readFileSync(path.join(SHOTS, 'report.pdf'), 'latin1').match(/\/MediaBox\s*\[[^\]]*\]/g) || [];
      const sizes = [...new Set(boxes.map((b) => b.match(/[\d.]+/g).slice(2).map((n) => Math.round(+n)).join(' × ')))];
      assert.ok(boxes.length > 1, 'the PDF has pages');
      assert.deepEqual(sizes, ['842 × 595'], 'every page is A4 landscape');

      // Page 1 is the purchase summary, whole: read back from the PDF.
      const want = await page.evaluate(() => ({
        offer: document.querySelector('.rec-offer a').textContent.trim(),
        total: document.querySelector('#summary-top tbody tr td.total').textContent.trim(),
        snapshot: document.querySelector('#snapshot-short').textContent.trim(),
        // The date of the exchange rate the prices are converted at.
        fx: document.querySelector('#offers .fx-rate').textContent.match(/\d{4}-\d{2}-\d{2}/)[0],
        last: document.querySelector('#risks li:last-child').textContent.trim().slice(0, 30),
      }));
      const pdf = path.join(SHOTS, 'report.pdf');
      const page1 = poppler('pdftotext', '-f', '1', '-l', '1', pdf, '-').replace(/\s+/g, ' ');
      const page2 = poppler('pdftotext', '-f', '2', '-l', '2', pdf, '-').replace(/\s+/g, ' ');
      assert.match(page1, /Recommendation/i, 'page 1 has the recommendation');
      for (const [what, text] of Object.entries(want)) {
        assert.ok(page1.includes(text), `page 1 has the ${what}, ${JSON.stringify(text)}: ${page1.slice(0, 300)}…`);
      }
      assert.match(want.total, /\d/);
      assert.ok(page1.includes('Assumptions') && page1.includes('Risks'), 'page 1 has the assumptions and the risks');
      assert.ok(page2.trimStart().startsWith('Offers, cheapest per GPU-hour first'), `page 2 starts the matrix: ${page2.slice(0, 80)}`);
      // No page is left nearly empty: each but the last reaches into its
      // lower half, or holds a chart (an image, which moves whole).
      const short = pages(pdf).filter((p, i, all) => i < all.length - 1 && p.reach < 0.5 && !p.image);
      assert.deepEqual(short, [], 'no page but the last ends in its top half');
      poppler('pdftoppm', '-png', '-f', '1', '-l', '1', '-r', '80', '-singlefile', pdf, path.join(SHOTS, 'report-page1'));
      assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violation in print');
      assert.deepEqual(requests, [url], 'still no request');
      assert.deepEqual(routed, [url]);
    } finally {
      await context.close();
    }
  });

  test('a report in Chinese fits the window: its tables at 1280 px, its head\'s labels on one line at 375 px', async () => {
    const { context, page } = await open(report('zh-plain.html', '-lang', 'zh-CN'));
    try {
      // At 1280 px no table is wider than its box (the lowest prices'
      // last column once was cut off); at 375 px no label of the head
      // breaks across lines (日/期).
      await settle(page);
      assert.ok(await page.locator('table.classes-table').count() > 0, 'no table of the lowest prices: the test is not testing');
      assert.deepEqual(await tooWide(page), [], 'a table of the Chinese report is wider than its box at 1280 px');
      await page.setViewportSize({ width: 375, height: 800 });
      await settle(page);
      const split = await page.evaluate(() => [...document.querySelectorAll('.report-ids dt')]
        .filter((dt) => dt.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(dt).fontSize))
        .map((dt) => dt.textContent));
      assert.ok(await page.locator('.report-ids dt').count() > 0, 'no label in the head: the test is not testing');
      assert.deepEqual(split, [], 'a label of the report\'s head on two lines at 375 px');
    } finally {
      await context.close();
    }
  });

  test('a report in Chinese prints in a CJK font, and its PDF reads back as Chinese', async () => {
    const file = report('zh.html', '-full', '-lang', 'zh-CN', '-scenario', 'mid-size-reserved');
    const { context, page, url, requests, problems } = await open(file);
    try {
      assert.deepEqual(requests, [url]);
      assert.deepEqual(problems, []);
      assert.deepEqual(await page.evaluate(() => window.__csp), []);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      await page.setViewportSize({ width: 1047, height: 740 });
      await page.emulateMedia({ media: 'print' });
      await settle(page);
      // The headings of the summary and of every section, in Chinese.
      const headings = await page.evaluate(() =>
        [...document.querySelectorAll('h1, main h2')]
          .filter((h) => h.offsetParent !== null)
          .map((h) => ({ id: h.id, text: h.textContent.trim() })),
      );
      assert.ok(headings.length >= 6, `want the summary's and the sections' headings, got ${JSON.stringify(headings)}`);
      for (const h of headings) assert.match(h.text, /\p{Script=Han}/u, `heading ${h.id || 'h1'} is not in Chinese: ${h.text}`);
      assert.equal(headings[0].text, '采购摘要');
      // The report's font stack names a CJK font after the Latin ones, and
      // the font that draws the headings in print is one of its CJK fonts.
      const stack = await page.evaluate(() => getComputedStyle(document.querySelector('h1')).fontFamily);
      assert.ok(/Arial.*"Noto Sans CJK SC"/.test(stack), `the headings' font stack names Noto Sans CJK SC after the Latin fonts: ${stack}`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      for (const selector of ['h1', '#assumptions-title', '#offers-title', '#sources-title']) {
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        const cjk = fonts.filter((f) => /CJK SC|Source Han Sans SC|PingFang SC|Hiragino Sans GB|Microsoft YaHei/.test(f.familyName));
        assert.ok(cjk.length > 0, `${selector} prints in ${JSON.stringify(fonts.map((f) => f.familyName))}: no CJK font of the report's stacks (install fonts-noto-cjk)`);
      }

      // Every table fits the page, and a column name of one Chinese word
      // (抢占式实例, no space or bracket to break at) stays on one line.
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('#offers table, #scenario table, #appendix table')]
          .filter((t) => t.getBoundingClientRect().width > document.documentElement.clientWidth + 1)
          .map((t) => `${t.id || t.className}: ${Math.round(t.getBoundingClientRect().width)}px`),
      );
      assert.deepEqual(wide, [], 'every table of the matrix, the costs and the appendix fits the page');
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll('#offers-table thead th')]
          .filter((th) => /^[\p{Script=Han}A-Za-z0-9]+$/u.test(th.textContent.trim()))
          .filter((th) => {
            const r = document.createRange();
            r.selectNodeContents(th);
            return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1;
          })
          .map((th) => th.textContent.trim()),
      );
      assert.deepEqual(broken, [], 'a one-word column name breaks inside the word');

      const pdf = path.join(SHOTS, 'report-zh.pdf');
      await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
      // pdftotext writes the text as it extracts: Chinese, not boxes or
      // private glyph codes. Line breaks and spaces it puts between
      // characters do not count.
      const flat = (s) => s.replace(/\s+/g, '');
      const text = flat(poppler('pdftotext', pdf, '-'));
      const page1 = flat(poppler('pdftotext', '-f', '1', '-l', '1', pdf, '-'));
      for (const word of ['采购摘要', 'GPU算力报价对比', '推荐', '假设', '风险']) {
        assert.ok(page1.includes(word), `page 1, the summary, has ${word}: ${page1.slice(0, 120)}…`);
      }
      for (const h of headings) assert.ok(text.includes(flat(h.text)), `the PDF has the heading ${JSON.stringify(h.text)}`);
      for (const word of ['目录快照', '云服务商', '每GPU小时', '引用的全部来源']) {
        assert.ok(text.includes(word), `the PDF has ${word}`);
      }
      assert.doesNotMatch(text, /[\uFFFD\uE000-\uF8FF]/, 'no replacement or private-use character in the PDF\'s text');
      poppler('pdftoppm', '-png', '-f', '1', '-l', '1', '-r', '80', '-singlefile', pdf, path.join(SHOTS, 'report-zh-page1'));
      await page.screenshot({ path: path.join(SHOTS, 'report-zh-print.png') });
    } finally {
      await context.close();
    }
  });

  test('a report of one provider draws only its offers', async () => {
    const file = report('lambda.html', '-full', '-provider', 'lambda');
    const { context, page, url, requests, routed, problems } = await open(file, { width: 375, height: 800 });
    try {
      assert.deepEqual(requests, [url]);
      assert.deepEqual(routed, [url]);
      assert.deepEqual(problems, []);
      assert.deepEqual(await page.evaluate(() => window.__csp), []);
      const providers = await page.evaluate(() => [
        ...new Set([...document.querySelectorAll('#offers tbody tr td.provider')].map((td) => td.textContent.trim())),
      ]);
      assert.deepEqual(providers, ['Lambda']);
      const charts = await drawn(page);
      assert.ok(charts.length >= 1);
      for (const c of charts) assert.ok(c.width > 100 && c.height > 100, `chart ${c.id} drew nothing`);
      assert.ok(statSync(file).size < statSync(report('all-again.html', '-full')).size, 'the filtered report is smaller');
      // No element, as parsed, names a place to fetch from.
      const refs = await page.evaluate(() =>
        [...document.querySelectorAll('[src], [srcset], [poster], [action], [data], [background], link[href], base, use[href]')].map(
          (el) => el.outerHTML.slice(0, 80),
        ),
      );
      assert.deepEqual(refs, []);
      assert.deepEqual(await overflow(page), [], 'nothing overflows the page at 375 px');
      await page.screenshot({ path: path.join(SHOTS, 'report-phone.png') });
    } finally {
      await context.close();
    }
  });
});
