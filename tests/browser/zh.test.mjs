// The Chinese edition's pages in headless Chromium, from file://, at a
// laptop's and a phone's size. The shipped catalog's site has a Chinese
// edition in zh/: this checks that its home, instance matrix, a scenario
// and a guide say they are zh-CN, speak Chinese in their UI — the text the
// matrix script writes included — with no format directive left unfilled,
// that nothing overflows the page (Chinese labels wrap differently), and
// that the language switch leads to the same page in the other edition
// and back.
//
//   SITE_DIR=public node --test tests/browser/zh.test.mjs
//
// The pages need a CJK font to look right (Debian's fonts-noto-cjk).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { allOffers, cspViolations, instrument, launch, layoutProblems, settle } from './helpers.mjs';
import { patience } from './patience.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');

// The pages to look at, and a piece of UI text each must show in Chinese.
const PAGES = {
  'index.html': '每GPU小时当前最低价',
  'compare/index.html': '实例类型对比',
  'scenarios/mid-size-reserved/index.html': '此工作负载的最低价',
  'guides/choose-gpu-compute/index.html': '分步问答',
};
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
];

let browser;
const site = path.join(SITE, 'zh');

before(async () => {
  assert.ok(existsSync(path.join(site, 'index.html')), `no zh/index.html in ${SITE}: build the site first (make test-browser does) or set SITE_DIR`);
  browser = await launch();
});

after(async () => {
  await browser?.close();
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

// The switch of a Chinese page leads to the same page in English, whose
// switch leads back; both from file://, at a phone's size, where the
// switch stays in the header's first row.
test('the language switch leads to the twin page and back', { timeout: patience(60_000) }, async () => {
  const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
  try {
    const start = pathToFileURL(path.join(site, 'providers/aws/index.html')).href;
    await page.goto(start);
    await settle(page);
    const toEnglish = page.locator('.lang-switch a[hreflang="en"]');
    assert.equal(await toEnglish.innerText(), 'English');
    const box = await toEnglish.boundingBox();
    const brand = await page.locator('.brand').boundingBox();
    assert.ok(box && brand && box.y < brand.y + brand.height, `switch at ${JSON.stringify(box)}: want it in the header's first row`);
    await toEnglish.click();
    await page.waitForURL((u) => u.href.endsWith('/providers/aws/index.html') && !u.href.includes('/zh/'));
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.locator('.lang-switch a[hreflang="zh-CN"]').click();
    await page.waitForURL((u) => u.href === start);
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  } finally {
    await page.close();
  }
});

// The matrix script writes the dates and amounts it draws as the Chinese
// edition writes them: the rates note of a switched currency (its date in
// Chinese brackets, not after an English comma) and the
// dates behind a price's age in 年月日 (static/age.js gives the layouts of
// the catalogue), amounts grouped 1,234.56.
test('the matrix script writes dates 年月日 and amounts 12,345.67 and 2,345.67', { timeout: patience(120_000) }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const problems = await instrument(page, (u) => u.startsWith('file:'));
    // The matrix is a large page: its load takes long on a busy machine.
    // Every offer, not only mainland China's (the edition's default, cn=0 turns it off).
    await page.goto(pathToFileURL(path.join(site, 'compare/index.html')).href + '#cn=0', { timeout: patience(30_000) });
    await settle(page);
    await allOffers(page);
    assert.equal(await page.evaluate(() => window.gpucompareDate('2026-11-30')), '2026年11月30日');
    assert.equal(await page.evaluate(() => window.gpucompareDate('2026-11')), '2026年11月');
    await page.selectOption('#matrix-currency', 'CNY');
    await page.selectOption('#matrix-unit', 'month');
      await page.waitForFunction(() => {
      const n = document.getElementById('matrix-rates');
      return !n.hidden && /元/.test(n.textContent);
    }, null, { timeout: patience(20_000) });
    const rates = await page.textContent('#matrix-rates');
    // The rate with its date, and its kind where the catalog states it
    // (…，为2026年6月30日人民币汇率中间价…).
    assert.match(rates, /1美元 = [\d.]+元(（\d{4}年\d{1,2}月\d{1,2}日）|，为\d{4}年\d{1,2}月\d{1,2}日)/, `rates note ${JSON.stringify(rates)}`);
    // A source's address or file path (github.com/…/2026-06-30-….md) is cited as it is: only the note's own words are held to 年月日.
    assert.doesNotMatch(rates.replace(/\S*\/\S*/g, ''), /\d{4}-\d{2}(-\d{2})?/, `an ISO date in the rates note ${JSON.stringify(rates)}`);
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
    // Chinese groups from four digits on (12,345.67, 2,345.67), as the
    // generator does.
    const big = drawn.prices.filter((p) => /\d{2},\d{3}\.\d{2}/.test(p));
    assert.ok(big.length > 0, `no monthly amount grouped as 12,345.67: ${JSON.stringify(drawn.prices.slice(0, 5))}`);
    assert.deepEqual(drawn.prices.filter((p) => /\d{4}\.\d/.test(p) || /\d\.\d{3},/.test(p)), [], 'an amount not grouped as Chinese groups it (12,345.67, 2,345.67)');
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

// The rows the matrix script draws mark the catalog's English text as the
// build does: an instance type's name, and a network or interconnect
// written in words, lang="en"; a tag or a "no price" whose tooltip is the
// catalog's note, lang="en" with the Chinese words inside as zh-CN.
test('the matrix script marks the catalog English text it draws lang="en"', { timeout: patience(120_000) }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    // Every offer, not only mainland China's (the edition's default, cn=0 turns it off).
    await page.goto(pathToFileURL(path.join(site, 'compare/index.html')).href + '#cn=0', { timeout: patience(30_000) });
    await settle(page);
    await allOffers(page);
    const check = async (q) => {
      await page.fill('#matrix-q', q);
      await page.waitForFunction((q) => document.getElementById('matrix-q').value === q && document.querySelector('#matrix tbody tr:not(.pad) th a'), q, { timeout: patience(20_000) });
      return page.evaluate(() => {
        const rows = [...document.querySelectorAll('#matrix tbody tr')].filter((tr) => !tr.classList.contains('pad') && tr.querySelector('th a'));
        const tips = rows.flatMap((tr) => [...tr.querySelectorAll('.tag.partial, .not-public')]);
        const words = [...document.querySelectorAll('#matrix tbody td[data-col="network"], #matrix tbody td[data-col="interconnect"]')].filter((td) => /[a-z]{3}/.test(td.textContent) && !/Gbit\/s$/.test(td.textContent.trim()) || td.dataset.col === 'interconnect' && /[A-Za-z]/.test(td.textContent) && td.textContent !== '—');
        return {
          rows: rows.length,
          names: rows.map((tr) => tr.querySelector('th a')).filter((a) => a.lang !== 'en').map((a) => a.textContent),
          tips: tips.length,
          badTips: tips.filter((s) => s.lang !== 'en' || !s.title || s.firstElementChild?.lang !== 'zh-CN').map((s) => s.outerHTML),
          words: words.filter((td) => td.closest('[lang="en"]') === null && td.querySelector('[lang="en"]') === null).map((td) => td.textContent),
        };
      });
    };
    // A type sold only on request and one priced in part.
    for (const q of ['ebmgn8v', 'GPU component']) {
      const got = await check(q);
      assert.ok(got.rows > 0, `no row for ${q}`);
      assert.ok(got.tips > 0, `no tag or unpriced mark drawn for ${q}`);
      assert.deepEqual(got.names, [], 'an instance name not marked lang="en"');
      assert.deepEqual(got.badTips, [], 'a tooltip of catalog text not marked lang="en"');
      assert.deepEqual(got.words, [], 'a network or interconnect in English not marked lang="en"');
    }
  } finally {
    await page.close();
  }
});

test('citations one after another are separated by "；" in Chinese and "; " in English, and not at all in a table', { timeout: patience(60_000) }, async () => {
  const page = await browser.newPage({ viewport: SIZES[0] });
  try {
    const separators = async (file) => {
      await page.goto(pathToFileURL(path.join(SITE, file)).href);
      await settle(page);
      return page.evaluate(() => {
        const after = (sel) => [...document.querySelectorAll(sel)].map((c) => getComputedStyle(c, '::before').content);
        return { text: after('p .cite + .cite'), table: after('td .cite + .cite') };
      });
    };
    const zh = await separators('zh/guides/choose-gpu-compute/index.html');
    assert.ok(zh.text.length > 0, 'the Chinese guide has no citations one after another: the test is not testing');
    assert.deepEqual([...new Set(zh.text)], ['"；"']);
    const en = await separators('guides/choose-gpu-compute/index.html');
    assert.deepEqual([...new Set(en.text)], ['"; "']);
    const table = await separators('zh/gpus/a10-pcie-24gb/index.html');
    assert.ok(table.table.every((c) => c === 'none'), `a table's citations, one a line, have a separator: ${[...new Set(table.table)]}`);
  } finally {
    await page.close();
  }
});

// Chinese punctuation sets in a CJK font, whatever Latin font the stack
// names first: the guide's heading ends in a full-width "？", the
// evaluation's help says “—” for unknown; each mark, wrapped in a span of
// its own, is drawn by a CJK font (Chromium's platform fonts of the
// node). English text on a Chinese page (lang="en") and the English pages
// keep the Latin stack, without the CJK punctuation face.
test('Chinese punctuation is drawn by a CJK font; English text keeps the Latin stack', { timeout: patience(60_000) }, async () => {
  const cjk = /CJK|Source Han|PingFang|Hiragino|YaHei|WenQuanYi|wqy/i;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    for (const [file, selector, marks] of [
      ['guides/choose-gpu-compute/index.html', 'h1', '？'],
      ['evaluation/index.html', 'p.help', '“—”'],
    ]) {
      const page = await ctx.newPage();
      await page.goto(pathToFileURL(path.join(site, file)).href, { timeout: patience(30_000) });
      await settle(page);
      // Wrap each mark of the first element holding them all in a span.
      const count = await page.evaluate(([sel, ms]) => {
        const el = [...document.querySelectorAll(sel)].find((e) => [...ms].every((m) => e.textContent.includes(m)));
        if (!el) return 0;
        let n = 0;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const nodes = [];
        for (let t = walker.nextNode(); t; t = walker.nextNode()) nodes.push(t);
        for (const t of nodes) {
          const parts = t.textContent.split(new RegExp(`([${ms}])`));
          if (parts.length === 1) continue;
          const frag = document.createDocumentFragment();
          for (const p of parts) {
            if (!p) continue;
            if (ms.includes(p)) {
              const s = document.createElement('span');
              s.className = 'punct-probe';
              s.textContent = p;
              frag.append(s);
              n++;
            } else frag.append(p);
          }
          t.replaceWith(frag);
        }
        return n;
      }, [selector, marks]);
      assert.ok(count >= marks.length, `${file}: no ${selector} with ${marks}`);
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
      const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '.punct-probe' });
      assert.equal(nodeIds.length, count);
      for (const nodeId of nodeIds) {
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: 1 });
        const mark = node.children?.[0]?.nodeValue;
        assert.ok(fonts.length > 0 && fonts.every((f) => cjk.test(f.familyName)), `${file}: "${mark}" is drawn by ${JSON.stringify(fonts.map((f) => f.familyName))}`);
      }
      const english = await page.evaluate(() => {
        const en = document.querySelector('body [lang="en"]:not(code, kbd, samp, pre)');
        return en && getComputedStyle(en).fontFamily;
      });
      assert.ok(english, `${file}: no English text to look at`);
      assert.doesNotMatch(english, /CJK punctuation/, `${file}: English text on the page uses the CJK punctuation face`);
      await page.close();
    }
    const page = await ctx.newPage();
    await page.goto(pathToFileURL(path.join(SITE, 'guides/choose-gpu-compute/index.html')).href, { timeout: patience(30_000) });
    const family = await page.evaluate(() => getComputedStyle(document.querySelector('h1')).fontFamily);
    assert.doesNotMatch(family, /CJK punctuation/, 'the English edition uses the CJK punctuation face');
    await page.close();
  } finally {
    await ctx.close();
  }
});
