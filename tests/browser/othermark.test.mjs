// The mark (†) of a spot answer from another provider than its row's
// on-demand answer, on a phone (375 px, touch): a tooltip never shows on a
// touch screen, so a tap on the mark must show that provider's own
// on-demand price, without script — on the home page's spot tab, on the
// one-page summary and in the short report, in both editions. The price
// shown must be the one the mark's words for screen readers give, and, in
// English on the site, one of that provider's own on-demand prices of the
// row's GPU model in compare/offers.json: a mark that opens on nothing,
// or on another provider's figure, fails. Screenshots of an opened mark go to
// tests/browser/screenshots/othermark-*.png.
//
//   SITE_DIR=public GPUCOMPARE=bin/gpucompare node --test tests/browser/othermark.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

let browser;
let tmp;
before(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
  tmp = mkdtempSync(path.join(tmpdir(), 'othermark-'));
});
after(async () => {
  await browser?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// The words of an own on-demand price, per edition, and the figure in them.
const OWN = {
  en: /its own on-demand price: ([\d.,]+)/,
  'zh-CN': /该服务商的按量计费价格为([\d.,]+)/,
};

// tapFirstMark taps the first visible mark in scope on a touch page and
// returns what it shows: the own price's words as laid out (innerText of
// the shown part), the mark's words for screen readers, the shown part's
// box and the viewport's width, and the row's GPU model and the cell's
// provider as its links name them (ids; none in the report, which links
// only within itself).
async function tapFirstMark(page, scope) {
  const mark = page.locator(`${scope} details.other-mark`).filter({ visible: true }).first();
  await mark.scrollIntoViewIfNeeded();
  const own = mark.locator('.other-own');
  assert.equal(await own.isVisible(), false, 'the own price is folded before the tap');
  await mark.locator('summary').tap();
  await own.waitFor({ state: 'visible' });
  const ids = await mark.evaluate((el) => {
    const gpu = el.closest('tr').querySelector('th.gpu a')?.getAttribute('href') || '';
    let inst = el.closest('td');
    while (inst && !inst.querySelector('a[href*="instances/"]')) inst = inst.nextElementSibling;
    const href = inst?.querySelector('a[href*="instances/"]').getAttribute('href') || '';
    return { gpu: (gpu.match(/gpus\/([^/]+)\//) || [])[1], provider: (href.match(/instances\/([^/]+)\//) || [])[1] };
  });
  return {
    shown: await own.innerText(),
    spoken: await mark.locator('summary .visually-hidden').textContent(),
    box: await own.boundingBox(),
    width: await page.evaluate(() => innerWidth),
    ...ids,
  };
}

// onDemandOf is every on-demand price per GPU-hour, in the site's
// currency, that provider asks for gpu in compare/offers.json.
function onDemandOf(provider, gpu) {
  const offers = JSON.parse(readFileSync(path.join(SITE, 'compare/offers.json'), 'utf8')).offers;
  return offers
    .filter((o) => o.provider === provider && o.gpu === gpu && !o.vgpu_profile && o.gpu_count > 0 && !o.price_incomplete)
    .map((o) => o.prices?.on_demand?.display_hourly / o.gpu_count)
    .filter((v) => v > 0);
}

describe('the mark of another provider on a phone', () => {
  for (const [lang, dir, flag] of [['en', '', 'en'], ['zh-CN', 'zh/', 'zh-CN']]) {
    const pages = [
      ['home spot tab', () => pathToFileURL(path.join(SITE, dir, 'index.html')).href + '#model=spot', '#prices-spot'],
      ['summary', () => pathToFileURL(path.join(SITE, dir, 'summary', 'index.html')).href, '#classes-table'],
      ['report', () => {
        const out = path.join(tmp, `report-${lang}.html`);
        const r = spawnSync(BIN, ['report', '-root', ROOT, '-o', out, '-lang', flag, '-force'], { encoding: 'utf8' });
        assert.equal(r.status, 0, `gpucompare report: ${r.stderr}`);
        return pathToFileURL(out).href;
      }, '#classes-table'],
    ];
    for (const [name, url, scope] of pages) {
      test(`in ${lang}, ${name}: a tap on † shows the provider's own on-demand price`, async () => {
        const ctx = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
        const page = await ctx.newPage();
        await page.goto(url());
        const got = await tapFirstMark(page, scope);
        const shown = got.shown.match(OWN[lang]);
        assert.ok(shown, `the tap shows no own on-demand price: ${JSON.stringify(got.shown)}`);
        const spoken = got.spoken.match(OWN[lang]);
        assert.ok(spoken && spoken[1] === shown[1], `shown ${shown[1]}, the words for screen readers say ${got.spoken}`);
        const figure = Number(shown[1].replace(/,/g, ''));
        assert.ok(figure > 0, `an own price of ${shown[1]}`);
        // The English edition's figures are in the currency of
        // compare/offers.json: the one shown is one of the provider's own
        // on-demand prices of the row's GPU model (to the 4 figures shown).
        if (lang === 'en' && name !== 'report') {
          assert.ok(got.gpu && got.provider, `the row names no GPU model or provider: ${JSON.stringify(got)}`);
          const own = onDemandOf(got.provider, got.gpu);
          assert.ok(own.some((v) => Math.abs(v - figure) <= v * 0.005),
            `${got.provider}'s own on-demand prices of ${got.gpu} are ${own.join(', ')}, the mark shows ${figure}`);
        }
        assert.ok(got.box && got.box.width > 0 && got.box.x >= 0 && got.box.x + got.box.width <= got.width + 1,
          `the own price is within the phone's width: ${JSON.stringify(got.box)}`);
        await page.screenshot({ path: path.join(SHOTS, `othermark-${name.replace(/ /g, '-')}-${lang}.png`) });
        await ctx.close();
      });
    }
  }
});
