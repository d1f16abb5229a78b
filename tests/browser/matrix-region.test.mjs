// The region of an offer on /compare/ and /zh/compare/ is read whole: its
// name and its code (us-east-1, cn-northwest-1), never cut with an
// ellipsis. At 1280 px the region column shows them, wrapped inside the
// cell where they are longer than it; at 375 px, where the region column
// is not shown, the line under the offer's name names the provider and
// the region with its code, wrapped too. Checked on the first rows of the
// default view and of the view sorted by region (the longest names), from
// file://, in both editions.
//
//   SITE_DIR=public node --test tests/browser/matrix-region.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeFile, launchOver, openFile } from './helpers.mjs';
import { patience } from './patience.mjs';
import path from 'node:path';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const ROWS = 20;

let browser;
before(async () => {
  browser = await launchOver(SITE);
});
after(async () => {
  await browser?.close();
});

// regionCells reads the first rows drawn: for each, the element that
// shows its region at this width (the region cell, or the line under the
// name on a phone), the region's code as the data has it, and whether
// anything in that element is cut: a box whose content is wider than it
// while it hides the overflow, or text drawn past its right edge.
function regionCells(page, rows) {
  return page.evaluate((rows) => {
    const out = [];
    const trs = [...document.querySelectorAll('#matrix tbody tr:not(.pad)')].slice(0, rows);
    for (const tr of trs) {
      const td = tr.querySelector('td[data-col="region"]');
      const shown = (el) => el && getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().width > 0;
      const el = shown(td) ? td : tr.querySelector('th .where');
      if (!shown(el)) {
        out.push({ missing: true, row: tr.textContent.trim().slice(0, 60) });
        continue;
      }
      const cut = [];
      for (const e of [el, ...el.querySelectorAll('*')]) {
        const cs = getComputedStyle(e);
        const hides = cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis';
        if (hides && e.scrollWidth > e.clientWidth + 0.5) cut.push(`${e.className || e.localName}: ${e.scrollWidth} > ${e.clientWidth}`);
      }
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      for (const r of range.getClientRects()) if (r.right > box.right + 0.5) cut.push(`text ends at ${Math.round(r.right)} > ${Math.round(box.right)}`);
      const id = el.querySelector('.id');
      out.push({ text: el.textContent.replace(/\s+/g, ' ').trim(), code: id ? id.textContent : '', cut, phone: el !== td });
    }
    return out;
  }, rows);
}

for (const edition of ['', 'zh/']) {
  for (const width of [1280, 375]) {
    test(`${edition || 'en/'}compare at ${width}px: the first rows show their region's code whole`, { timeout: patience(90_000) }, async () => {
      const t = await openFile(browser, SITE, `${edition}compare/index.html`, { width, height: 900 });
      const { page } = t;
      try {
        await page.waitForSelector('#matrix tbody tr:not(.pad)');
        const problems = [];
        const check = async (view) => {
          const cells = await regionCells(page, ROWS);
          assert.ok(cells.length >= 10, `${view}: ${cells.length} rows drawn`);
          let coded = 0;
          for (const c of cells) {
            if (c.missing) {
              problems.push(`${view}: row "${c.row}" shows no region`);
              continue;
            }
            if (c.code) coded++;
            if (c.cut.length) problems.push(`${view}: region "${c.text}" is cut (${c.cut.join('; ')})`);
          }
          // The default view's first rows are offers of named regions:
          // their codes must be there to be read.
          if (coded === 0) problems.push(`${view}: no row shows a region code`);
        };
        await check('default view');
        // Sorted by region: the longest names of regions come up too.
        await page.evaluate(() => window.gpucompareMatrix && window.gpucompareMatrix.loadAll());
        const hash = '#s=-region';
        await page.evaluate((h) => {
          location.hash = h;
        }, hash);
        await page.waitForFunction(() => /s=-region/.test(location.hash));
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await check('sorted by region');
        if (problems.length) assert.fail(problems.join('\n'));
      } finally {
        await closeFile(t);
      }
    });
  }
}
