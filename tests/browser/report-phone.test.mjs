// The report (gpucompare report, the default short one) read on a phone,
// in Chinese (-lang zh-CN) and in English, opened from file:// at 375×800:
// the page never scrolls sideways and nothing is drawn past its edge
// (layoutProblems), and every table is read as the site's tables are —
// stacked into one block a row, or scrolling inside its own box — with no
// column squeezed to a sliver that breaks its text every character or two
// (the mainland table's regions, 华南1（深圳）, were written one or two
// characters a line). A screenshot of each goes to
// tests/browser/screenshots/report-phone-*.png.
//
// GPUCOMPARE names the binary (default bin/gpucompare); ROOT the site root
// the report is made from (default .).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeFile, launch, layoutProblems, openFile } from './helpers.mjs';
import { patience } from './patience.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const ROOT = path.resolve(process.env.ROOT || '.');
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

let browser, dir;
before(async () => {
  browser = await launch();
  dir = mkdtempSync(path.join(tmpdir(), 'gpucompare-report-phone-'));
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// squeezed lists the table cells shown that are narrower than four of
// their characters while holding more text than that: a column crushed by
// its table. Cells kept only for screen readers (a stacked table's
// clipped header) are not shown.
function squeezed(page) {
  return page.evaluate(() => {
    const out = [];
    const clipped = (el) => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if (cs.display === 'none' || cs.visibility === 'hidden') return true;
        if (cs.clipPath !== 'none' && e.getBoundingClientRect().width <= 1) return true;
        if (cs.position === 'absolute' && e.getBoundingClientRect().width <= 1) return true;
      }
      return false;
    };
    for (const cell of document.querySelectorAll('main td, main th')) {
      const text = cell.textContent.replace(/\s+/g, ' ').trim();
      if ([...text].length <= 4 || clipped(cell)) continue;
      const r = cell.getBoundingClientRect();
      const em = parseFloat(getComputedStyle(cell).fontSize);
      if (r.width > 0 && r.width < 4 * em)
        out.push(`${cell.closest('table').className || 'table'}: "${text.slice(0, 24)}" in a cell ${Math.round(r.width)} px wide`);
    }
    return [...new Set(out)].slice(0, 20);
  });
}

for (const [lang, flags] of [['zh-CN', ['-lang', 'zh-CN']], ['en', []]]) {
  test(`the ${lang} report at 375 px: no sideways scroll, every table readable`, { timeout: patience(120_000) }, async () => {
    const file = path.join(dir, `report-${lang}.html`);
    execFileSync(BIN, ['report', '-root', ROOT, '-o', file, '-date', '2026-01-15', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
    const t = await openFile(browser, dir, path.basename(file), { width: 375, height: 800 });
    try {
      const { page } = t;
      const tables = await page.evaluate(() => document.querySelectorAll('main table').length);
      assert.ok(tables > 0, 'the report has no table');
      await page.screenshot({ path: path.join(SHOTS, `report-phone-${lang}.png`), fullPage: true });
      assert.deepEqual(await layoutProblems(page), [], 'something is drawn past the phone\'s edge');
      assert.deepEqual(await squeezed(page), [], 'a table squeezes a column');
    } finally {
      await closeFile(t);
    }
  });
}
