// Where a native reader of the Chinese edition found words broken inside
// (3.473美/元/GPU小时, 全部地/域, 中/国（宁夏）) or figures cut off: a line
// of these cells starts only where a word may end (after a space, a dash,
// a slash or a separator, or before an opening bracket); a price and its
// unit stay one line; the summary's mainland view at 375 px is a card per
// GPU, wider than none of its words; the evaluation's rankings show the
// score's basis on the first screen, and an indicator's heading leaves no
// character alone on its last line; a scenario's answer names its amounts'
// unit on a phone's card, shipped and recomputed; the search box's hint is
// read whole at 375 px.
//
//   SITE_DIR=public node --test tests/browser/cjkwrap.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { closeFile, launchOver, layoutProblems, openFile } from './helpers.mjs';
import { patience } from './patience.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const PHONE = { width: 375, height: 800 };
const DESK = { width: 1280, height: 800 };

let browser;

before(async () => {
  browser = await launchOver(SITE);
});

after(async () => {
  await browser?.close();
});

const open = (rel, viewport) => openFile(browser, SITE, rel, viewport);
const close = closeFile;

// badBreaks lists, for each visible element sel matches, the lines that
// start inside a word: its text with a "/" where each line starts.
// lines gives, for each, the number of lines and the characters on the last.
const MEASURE = () => {
  window.__lines = (el) => {
    let text = '';
    const starts = [];
    let prev = null;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n; (n = walker.nextNode()); ) {
      for (let i = 0; i < n.data.length; i++) {
        const ch = n.data[i];
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const rect = r.getClientRects()[0];
        if (rect && rect.width > 0 && !/\s/.test(ch)) {
          if (prev && rect.top >= prev.bottom - 2) starts.push(text.length);
          prev = rect;
        }
        text += ch;
      }
    }
    return { text, starts };
  };
  // longest: the longest word (a run with no space or bracket) an element
  // may hold to be checked: a longer one is broken where the cell ends.
  window.__badBreaks = (sel, longest = Infinity) =>
    [...document.querySelectorAll(sel)]
      .filter((el) => el.checkVisibility())
      .filter((el) => Math.max(...el.textContent.trim().split(/[\s（）()·]+/).map((w) => w.length)) <= longest)
      .map((el) => window.__lines(el))
      .filter(({ text, starts }) => starts.some((i) => !(/[\s\-/·、，,）)_.]/.test(text[i - 1]) || /[（(]/.test(text[i]))))
      .map(({ text, starts }) => [...starts].reverse().reduce((t, i) => t.slice(0, i) + '/' + t.slice(i), text).trim());
};

async function badBreaks(page, sel, longest) {
  await page.evaluate(MEASURE);
  return page.evaluate(([sel, longest]) => window.__badBreaks(sel, longest ?? Infinity), [sel, longest]);
}

test('zh price changes at 1280 px: a price keeps its unit on one line, a region its name whole', { timeout: patience(60_000) }, async () => {
  const t = await open('zh/changes/index.html', DESK);
  const { page } = t;
  await page.locator('table.changes tbody tr').first().waitFor();
  await page.evaluate(MEASURE);
  const prices = await page.evaluate(() =>
    [...document.querySelectorAll('table.changes tbody td.num:nth-child(6), table.changes tbody td.num:nth-child(7)')]
      .filter((td) => /元/.test(td.textContent))
      .map((td) => ({ text: td.textContent.trim(), lines: window.__lines(td).starts.length + 1 })),
  );
  assert.ok(prices.length > 0, 'no price with a unit in 元: the test is not testing');
  assert.deepEqual(prices.filter((p) => p.lines > 1), [], 'a price broken from its unit');
  assert.deepEqual(await badBreaks(page, 'table.changes tbody td:nth-child(4)'), [], 'a region broken inside a word');
  assert.deepEqual(await layoutProblems(page), []);
  await close(t);
});

test('zh compare at 375 px: the provider and region under an instance type break between words', { timeout: patience(60_000) }, async () => {
  const t = await open('zh/compare/index.html', PHONE);
  const { page } = t;
  await page.locator('#matrix tbody th .where').first().waitFor({ state: 'visible' });
  const n = await page.locator('#matrix tbody th .where').count();
  assert.ok(n > 0, 'no provider and region line: the test is not testing');
  assert.deepEqual(await badBreaks(page, '#matrix tbody th .where'), []);
  await close(t);
});

// Where a provider's name is shown in a table: a link to its page, a
// provider cell, the line under an instance type on a phone.
const PROVIDER_NAMES = 'table a[href*="providers/"], table td.provider, table .provider, #matrix tbody th .where';

// splitNames lists, in the elements sel matches, each provider's name (of
// names) whose characters a line starts inside of, other than after a
// space, at a bracket or at a <wbr> (the name's own words, site.name_breaks):
// "亚马逊云科技中国/区域".
async function splitNames(page, sel, names) {
  await page.evaluate(MEASURE);
  return page.evaluate(([sel, names]) => {
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      if (!el.checkVisibility()) continue;
      const { text, starts } = window.__lines(el);
      // the name's own break points: a <wbr> at each
      const wbr = new Set();
      let at = 0;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let n; (n = walker.nextNode()); ) {
        if (n.nodeType === Node.TEXT_NODE) at += n.data.length;
        else if (n.localName === 'wbr') wbr.add(at);
      }
      for (const name of names)
        for (let k = text.indexOf(name); k >= 0; k = text.indexOf(name, k + 1)) {
          const inside = starts.filter((i) => i > k && i < k + name.length && !wbr.has(i) && !/[\s)）]/.test(text[i - 1]) && !/[(（]/.test(text[i]));
          if (inside.length) out.push([...inside].reverse().reduce((t, i) => t.slice(0, i - k) + '/' + t.slice(i - k), name));
        }
    }
    return [...new Set(out)];
  }, [sel, names]);
}

test("zh at 375 px: a provider's name in a table is broken only between its words", { timeout: patience(180_000) }, async () => {
  const index = await open('zh/providers/index.html', DESK);
  const names = await index.page.locator('table.data tbody th a').evaluateAll((l) => l.map((a) => a.textContent.trim()));
  await close(index);
  assert.ok(names.includes('亚马逊云科技中国区域'), `no long Chinese name among ${names.join('、')}: the test is not testing`);
  // The matrix lists AWS China's prices, articles' figures, after the
  // others: filtered to it, its name is on the first screen.
  for (const rel of ['zh/providers/index.html', 'zh/evaluation/index.html', 'zh/index.html', 'zh/summary/index.html', 'zh/gpus/t4-pcie-16gb/index.html', 'zh/compare/index.html#provider=aws-china']) {
    const [file, hash] = rel.split('#');
    const t = await openFile(browser, SITE, file, PHONE, hash ? '#' + hash : '');
    const { page } = t;
    await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((e) => e.checkVisibility() && e.textContent.includes('亚马逊云科技中国区域')), PROVIDER_NAMES);
    assert.deepEqual(await splitNames(page, PROVIDER_NAMES, names), [], `${rel}: a provider's name broken inside a word`);
    await close(t);
  }
});

test('zh summary at 375 px: the mainland view is a card per GPU, no word broken, nothing off screen', { timeout: patience(60_000) }, async () => {
  const t = await open('zh/summary/index.html', PHONE);
  const { page } = t;
  await page.locator('#mainland-table tbody tr').first().waitFor({ state: 'visible' });
  const facts = await page.evaluate(() => {
    const table = document.getElementById('mainland-table');
    const wrap = table.closest('.table-wrap');
    return {
      display: getComputedStyle(table.querySelector('tbody tr')).display,
      head: table.querySelector('thead').getBoundingClientRect().height,
      overflow: wrap.scrollWidth - wrap.clientWidth,
      right: Math.max(...[...table.querySelectorAll('tbody tr > *')].map((c) => c.getBoundingClientRect().right)),
      width: document.documentElement.clientWidth,
      rows: table.querySelectorAll('tbody tr').length,
    };
  });
  assert.ok(facts.rows > 0, 'no row: the test is not testing');
  assert.equal(facts.display, 'flex', 'a row is not a card');
  assert.ok(facts.head <= 1, `the table's heading row shows (${facts.head} px)`);
  assert.ok(facts.overflow <= 0, `the table scrolls sideways by ${facts.overflow} px`);
  assert.ok(facts.right <= facts.width, `a cell ends at ${facts.right} px, past the screen's ${facts.width}`);
  assert.deepEqual(await badBreaks(page, '#mainland-table tbody th.gpu, #mainland-table td.price, #mainland-table td.provider, #mainland-table td.region'), []);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'the page scrolls sideways');
  await close(t);
});

for (const ed of ['', 'zh/']) {
  test(`${ed || 'en/'} evaluation at 375 px: each ranking shows the score's basis whole before it scrolls`, { timeout: patience(60_000) }, async () => {
    const t = await open(`${ed}evaluation/index.html`, PHONE);
    const { page } = t;
    await page.locator('table.scores').first().waitFor();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('.table-wrap')]
        .filter((w) => w.querySelector(':scope > table.scores') && w.checkVisibility())
        .map((w) => {
          const th = [...w.querySelectorAll('thead th')].find((h) => h.nextElementSibling?.classList.contains('crit') && !h.classList.contains('crit'));
          const edge = w.getBoundingClientRect().left + w.clientWidth;
          return { id: w.querySelector('table').id, right: th && th.getBoundingClientRect().right, edge };
        })
        .filter((x) => !x.right || x.right > x.edge + 0.5),
    );
    assert.deepEqual(cut, [], 'a ranking cuts the basis column at the box edge');
    // A provider's name of words up to 8 characters (百度智能云, RunPod 安全云)
    // is broken only between them; a longer run (亚马逊云科技中国区域) where the cell ends.
    assert.deepEqual(await badBreaks(page, '#scores tbody th, #scores-apart tbody th', 8), [], 'a provider broken inside a word');
    await close(t);
  });
}

// A figure keeps its currency or measure word on its line (0.48元 and
// 使用8台实例, never 0.48 / 元 or 使用8 / 台实例): the evaluation's scores
// and a scenario's cost basis, at 375 px.
for (const rel of ['zh/evaluation/index.html', 'zh/scenarios/mid-size-reserved/index.html']) {
  test(`${rel} at 375 px: a figure keeps its currency and measure word on its line`, { timeout: patience(60_000) }, async () => {
    const t = await open(rel, PHONE);
    const { page } = t;
    await page.locator('td.num .sub').first().waitFor();
    await page.evaluate(MEASURE);
    const { cut, read } = await page.evaluate(() => {
      const cut = [];
      let read = 0;
      for (const el of document.querySelectorAll('td.num .sub')) {
        if (!el.checkVisibility()) continue;
        const { text, starts } = window.__lines(el);
        read++;
        for (const s of starts) {
          const before = text.slice(0, s).replace(/[\s\u2060]+$/, '');
          if (/[元台个]/.test(text[s]) && /\d$/.test(before)) cut.push(`${before.slice(-8)}/${text.slice(s, s + 4)}`);
        }
      }
      return { cut, read };
    });
    assert.ok(read > 10, `only ${read} notes under figures read`);
    assert.deepEqual(cut, []);
    await close(t);
  });
}

test('zh evaluation at 1280 px: an indicator heading leaves no character alone on its last line', { timeout: patience(60_000) }, async () => {
  const t = await open('zh/evaluation/index.html', DESK);
  const { page } = t;
  await page.locator('table.scores thead th.crit').first().waitFor();
  await page.evaluate(MEASURE);
  const lonely = await page.evaluate(() =>
    [...document.querySelectorAll('table.scores thead th.crit')]
      .filter((th) => th.checkVisibility())
      .map((th) => window.__lines(th))
      .filter(({ text, starts }) => starts.length && text.slice(starts[starts.length - 1]).trim().length === 1)
      .map(({ text }) => text.trim()),
  );
  assert.deepEqual(lonely, []);
  await close(t);
});

for (const [ed, unit] of [['', 'USD'], ['zh/', '元']]) {
  test(`${ed || 'en/'} scenario at 375 px: the answer's amounts name their unit, shipped and recomputed`, { timeout: patience(60_000) }, async () => {
    const t = await open(`${ed}scenarios/llama-70b-fine-tuning/index.html`, PHONE);
    const { page } = t;
    const cells = page.locator('table.tco-answer tbody td.num');
    await cells.first().waitFor({ state: 'visible' });
    const texts = () => cells.evaluateAll((l) => l.filter((td) => td.checkVisibility() && !td.querySelector('.unknown')).map((td) => td.innerText.trim()));
    const shipped = await texts();
    assert.ok(shipped.length > 0, 'no amount: the test is not testing');
    assert.deepEqual(shipped.filter((s) => !s.endsWith(unit)), [], `an amount without ${unit}`);
    const months = page.locator('#tco-calc input[name="months"]');
    await months.fill(String(Number(await months.inputValue()) + 1));
    await page.waitForFunction((before) => {
      const now = [...document.querySelectorAll('table.tco-answer tbody td.num.total')].map((td) => td.innerText.trim());
      return now.length && now.join() !== before;
    }, shipped.filter((_, i) => i % 2 === 0).join());
    const recomputed = await texts();
    assert.ok(recomputed.length > 0, 'no amount once recomputed');
    assert.deepEqual(recomputed.filter((s) => !s.endsWith(unit)), [], `a recomputed amount without ${unit}`);
    await close(t);
  });
}

for (const ed of ['', 'zh/']) {
  test(`${ed || 'en/'} the search box's hint is read whole at 375 px, the long one at 1280 px`, { timeout: patience(60_000) }, async () => {
    for (const viewport of [PHONE, DESK]) {
      const t = await open(`${ed}compare/index.html`, viewport);
      const { page } = t;
      const short = await page.locator('#site-search').getAttribute('data-short');
      assert.ok(short, 'the box has no short hint');
      if (viewport === PHONE) {
        await page.waitForFunction((s) => document.getElementById('site-search').placeholder === s, short);
        const fits = await page.evaluate(() => {
          const i = document.getElementById('site-search');
          i.value = i.placeholder;
          const r = i.scrollWidth <= i.clientWidth;
          i.value = '';
          return r;
        });
        assert.ok(fits, `the hint "${short}" is cut`);
      } else {
        assert.notEqual(await page.locator('#site-search').getAttribute('placeholder'), short);
      }
      await close(t);
    }
  });
}

// hintRoom gives, for each search box sel matches, its hint's width as
// drawn in the box's font and the room inside the box (its padding off).
async function hintRoom(page, sel) {
  return page.locator(sel).evaluateAll((l) =>
    l.map((i) => {
      const cs = getComputedStyle(i);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      return { id: i.id, hint: i.placeholder, text: ctx.measureText(i.placeholder).width, room: i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
    }),
  );
}

for (const ed of ['', 'zh/']) {
  test(`${ed || 'en/'} compare: the header's and the matrix's search hints fit their boxes at 1280 and 375 px`, { timeout: patience(90_000) }, async () => {
    for (const viewport of [DESK, PHONE]) {
      const t = await open(`${ed}compare/index.html`, viewport);
      const { page } = t;
      // the script has chosen the header's hint for the width
      await page.waitForFunction(
        (phone) => {
          const i = document.getElementById('site-search');
          return (i.placeholder === i.dataset.short) === phone;
        },
        viewport === PHONE,
      );
      const boxes = await hintRoom(page, '#site-search, #matrix-q');
      assert.equal(boxes.length, 2, 'a search box is missing');
      const cut = boxes.filter((b) => !b.hint || b.text > b.room);
      assert.deepEqual(cut, [], `at ${viewport.width} px, a hint is cut`);
      await close(t);
    }
  });
}

// splitWords lists the texts of the visible elements sel matches in which a
// line starts inside one of words, with a "/" where each line starts.
async function splitWords(page, sel, words) {
  await page.evaluate(MEASURE);
  return page.evaluate(([sel, words]) =>
    [...document.querySelectorAll(sel)]
      .filter((el) => el.checkVisibility())
      .map((el) => window.__lines(el))
      .filter(({ text, starts }) => words.some((w) => {
        for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) {
          if (starts.some((i) => i > at && i < at + w.length)) return true;
        }
        return false;
      }))
      .map(({ text, starts }) => [...starts].reverse().reduce((t, i) => t.slice(0, i) + '/' + t.slice(i), text).trim()), [sel, words]);
}

test('zh titles, headings and labels keep their words whole: 等保三级, 按量计费, 单位 with 分钟', { timeout: patience(90_000) }, async () => {
  let t = await open('zh/scenarios/mainland-mlps-a100/index.html', PHONE);
  assert.ok((await t.page.locator('h1').textContent()).includes('等保三级'), 'the title no longer names 等保三级: the test is not testing');
  assert.deepEqual(await splitWords(t.page, 'h1', ['等保三级', '金融行业', '中国内地']), [], 'a word of the title broken across lines');
  assert.ok(await t.page.evaluate(() => document.documentElement.scrollWidth) <= PHONE.width, 'the scenario scrolls sideways');
  await close(t);

  t = await open('zh/guides/choose-gpu-compute/index.html', DESK);
  await t.page.locator('table.picks thead th').first().waitFor();
  assert.deepEqual(await splitWords(t.page, 'table.picks thead th', ['按量计费', '元/小时', '每GPU小时']), [], 'a word of a short list\'s heading broken across lines');
  await close(t);

  t = await open('zh/benchmarks/mlperf-training-bert-large/index.html', PHONE);
  const pairs = await t.page.evaluate(() => [...document.querySelectorAll('dl.bench-facts dt')].map((dt) => {
    const dd = dt.nextElementSibling;
    const a = dt.getClientRects(), b = dd.getClientRects();
    return { label: dt.textContent, value: dd.textContent, same: Math.abs(a[a.length - 1].top - b[0].top) < 2 };
  }));
  assert.ok(pairs.some((p) => p.label === '单位' && p.value === '分钟'), `no 单位 分钟 among the facts: the test is not testing (${JSON.stringify(pairs)})`);
  assert.deepEqual(pairs.filter((p) => !p.same).map((p) => `${p.label} / ${p.value}`), [], 'a label on another line than its value');
  assert.deepEqual(await splitWords(t.page, 'dl.bench-facts', ['分钟', '完成时间', '优劣方向', '越低越好']), [], 'a fact broken inside a word');
  await close(t);
});
