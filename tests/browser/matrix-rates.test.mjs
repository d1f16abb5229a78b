// The exchange-rate line of /compare/ and /zh/compare/ as the matrix's
// script redraws it, in headless Chromium, over a loopback server: after a
// change of currency and back, it reads as the page rendered it, word for
// word, its sources included — never the catalog's English words on the
// Chinese page, such as a news agency's credit "(Xinhua)" (the script takes
// the rendered sources from fx_cites of its data block; the Go tests hold
// the agency's Chinese name, （新华社）).
//
//   SITE_DIR=public node --test tests/browser/matrix-rates.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { launch, serve } from './helpers.mjs';
import { patience } from './patience.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');

let browser;
let server;

before(async () => {
  browser = await launch();
  server = await serve(SITE, '/');
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// rendered is the rates line's text as the build wrote it.
function rendered(rel) {
  const html = readFileSync(path.join(SITE, rel), 'utf8');
  const m = /<p class="fx-note" id="matrix-rates"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  assert.ok(m, `${rel} has no rates line`);
  return m[1].replace(/<[^>]*>/g, '').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

// Each rate names its kind and its source's kind as the fx notes of the
// other pages do (messages fx.kind, fx.source_kind): the catalog's rate
// of USD to CNY is the central parity, as a news report or the notice
// gives it.
for (const [rel, rate, foreign] of [
  ['compare/index.html', /1 USD = [0-9.]+ CNY, the central parity rate \(PBoC, CFETS\) of \d{4}-\d{2}-\d{2}, as (a news report|its publisher) gives it/, null],
  ['zh/compare/index.html', /1美元 = [0-9.]+元，为\d{4}年\d{1,2}月\d{1,2}日人民币汇率中间价（中国人民银行授权中国外汇交易中心公布）(，数值取自报道这一汇率的新闻|，据发布机构原文)/, /Xinhua|central|parity/],
]) {
  test(`${rel}: the script's rates line reads as the page's, naming the kind of rate`, async () => {
    const want = rendered(rel);
    assert.match(want, rate, `the rendered line gives no rate of a stated kind: ${want}`);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // Every offer, as the rendered line names their rates (the Chinese
    // edition opens on mainland China's only: cn=0 turns it off).
    await page.goto(server.base + rel + (rel.startsWith('zh/') ? '#cn=0' : ''));
    await page.waitForSelector('#matrix-controls:not([hidden])', { timeout: patience(20_000) });
    const first = await page.inputValue('#matrix-currency');
    const other = await page.$$eval('#matrix-currency option', (os, f) => os.map((o) => o.value).find((v) => v !== f), first);
    assert.ok(other, 'one currency only');
    // Away and back: the line is then the script's own drawing.
    await page.selectOption('#matrix-currency', other);
    await page.waitForFunction((w) => {
      const n = document.getElementById('matrix-rates');
      return n.hidden || n.textContent.replace(/\s+/g, ' ').trim() !== w;
    }, want, { timeout: patience(20_000) });
    await page.selectOption('#matrix-currency', first);
    await page.waitForFunction((w) => {
      const n = document.getElementById('matrix-rates');
      return !n.hidden && n.textContent.replace(/\s+/g, ' ').trim() === w;
    }, want, { timeout: patience(20_000) }).catch(() => {});
    const got = (await page.textContent('#matrix-rates')).replace(/\s+/g, ' ').trim();
    assert.equal(got, want, 'the redrawn rates line differs from the rendered one');
    assert.match(got, rate, `the redrawn line names no kind of rate: ${got}`);
    if (foreign) assert.doesNotMatch(got, foreign);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
