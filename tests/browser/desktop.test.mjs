// A laptop's screen (1280×800) in headless Chromium, from file://, in both
// editions: the home page's price tables show every name whole (no cell
// cut, no ellipsis) with the L4 row still on the first screen; the
// Chinese edition's instance matrix and evaluation open on mainland
// China (the China clouds' offers only, the China clouds first), with one
// switch to see all that the URL keeps (the evaluation names, above its
// ranking, the China clouds with too little data to rank), while the
// English edition opens on every offer and provider; and the matrix's
// per-GPU figure's title names its unit (/GPU-h, /GPU小时).
//
//   SITE_DIR=public node --test tests/browser/desktop.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { closeClean, everyMatrixRow, launch, openAt } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const WIDTH = 1280;
const HEIGHT = 800;

let browser;
// china: the providers with a region in mainland China, read from the
// JSON API (api/v1/providers/), not from the page under test.
let china;

before(async () => {
  const dir = path.join(SITE, 'api/v1/providers');
  assert.ok(existsSync(dir), `no api/v1/providers in ${SITE}: build the site first or set SITE_DIR`);
  china = new Set();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const p = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    if ((p.regions || []).some((r) => r.geo === 'china-mainland')) china.add(p.id);
  }
  assert.ok(china.size >= 3, `only ${china.size} providers with mainland regions: the test is not testing`);
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

const open = (rel, hash = '') => openAt(browser, SITE_URL, WIDTH, HEIGHT, rel, hash);

// providerOf is the provider id a link to a provider page names.
const providerOf = (href) => /providers\/([^/]+)\/index\.html/.exec(href || '')?.[1];

// homeCells reads the cells of the home page's price tables on view: the
// ones cut (wider content than box, or an ellipsis), and each row's
// GPU name with whether the row lies wholly on the first screen.
async function homeCells(page) {
  return page.evaluate(() => {
    const shown = (el) => el.getClientRects().length > 0;
    const tables = [...document.querySelectorAll('table.home-prices')].filter(shown);
    const cut = [];
    const rows = [];
    for (const t of tables) {
      for (const tr of t.tBodies[0].rows) {
        if (!shown(tr)) continue;
        for (const c of tr.cells) {
          if (c.scrollWidth > c.clientWidth + 1 || getComputedStyle(c).textOverflow === 'ellipsis') cut.push(c.textContent.trim());
        }
        const r = tr.getBoundingClientRect();
        rows.push({ table: t.classList.contains('mainland-prices') ? 'mainland' : 'global', name: tr.cells[0].textContent.trim(), inView: r.top >= 0 && r.bottom <= window.innerHeight });
      }
    }
    return { cut, rows };
  });
}

describe(`home at ${WIDTH}×${HEIGHT}`, () => {
  test('the English home table shows every name whole, and the L4 row on the first screen', async () => {
    const t = await open('index.html');
    const { cut, rows } = await homeCells(t.page);
    assert.deepEqual(cut, [], 'cells cut');
    const global = rows.filter((r) => r.table === 'global');
    assert.ok(global.length >= 12, `${global.length} rows`);
    const l4 = global.find((r) => /^L4\b/.test(r.name));
    assert.ok(l4, 'no L4 row');
    assert.ok(l4.inView, 'the L4 row is not wholly on the first screen');
    assert.ok(global.filter((r) => r.inView).length >= 12, 'fewer than a dozen GPU models on the first screen');
    // A long name is on the page whole, not shortened.
    assert.ok(global.some((r) => r.name.length > 18), 'no long GPU name to test');
    await closeClean(t);
  });

  test('the Chinese home tables show every name whole, the mainland table a dozen models on the first screen', async () => {
    const t = await open('zh/index.html');
    const { cut, rows } = await homeCells(t.page);
    assert.deepEqual(cut, [], 'cells cut');
    const mainland = rows.filter((r) => r.table === 'mainland');
    assert.ok(mainland.length >= 10, `${mainland.length} mainland rows`);
    assert.ok(mainland.filter((r) => r.inView).length >= Math.min(10, mainland.length), 'fewer than ten mainland models on the first screen');
    // The mainland table's provider names stand on one line.
    const wrapped = await t.page.evaluate(() => [...document.querySelectorAll('table.mainland-prices tbody td.provider')]
      .filter((td) => {
        const r = document.createRange();
        r.selectNodeContents(td);
        return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1;
      })
      .map((td) => td.textContent.trim()));
    assert.deepEqual(wrapped, [], 'provider names wrapped');
    await closeClean(t);
  });
});

// matrixRows waits for the script's view of the instance matrix and reads
// its rows' providers, the switch and the status.
async function matrixRows(page) {
  await page.waitForFunction(() => document.getElementById('matrix')?.classList.contains('live') && document.querySelector('#matrix tbody tr'));
  return page.evaluate(() => ({
    providers: [...document.querySelectorAll('#matrix tbody tr')].map((tr) => tr.querySelector('td a[href*="providers/"]')?.getAttribute('href')).filter(Boolean),
    on: document.getElementById('matrix-cn')?.checked ?? null,
    visible: !!document.getElementById('matrix-cn')?.getClientRects().length,
  }));
}

describe('the mainland default of the instance matrix', () => {
  test('the Chinese edition opens on the mainland offers; one switch shows all, and the URL keeps it', async () => {
    const t = await open('zh/compare/index.html');
    let m = await matrixRows(t.page);
    assert.equal(m.on, true, 'the switch is off');
    assert.ok(m.visible, 'the switch is not visible');
    assert.ok(m.providers.length > 0);
    const foreign = m.providers.map(providerOf).filter((p) => !china.has(p));
    assert.deepEqual(foreign, [], 'offers outside mainland China listed');
    await t.page.locator('#matrix-cn').uncheck();
    assert.match(t.page.url(), /#(.*&)?cn=0(&|$)/, 'the URL does not keep the switch');
    m = await matrixRows(t.page);
    assert.ok(m.providers.map(providerOf).some((p) => !china.has(p)), 'with the switch off, only mainland offers');
    // The URL reproduces the view.
    const url = t.page.url();
    await t.page.goto('about:blank');
    await t.page.goto(url);
    m = await matrixRows(t.page);
    assert.equal(m.on, false, 'cn=0 does not turn the switch off');
    await closeClean(t);
  });

  test('with the switch on, every row is a mainland region priced in yuan, as compare/offers.json says: no price converted from an international site', async () => {
    // The rule of the home page's mainland view, worked out here from the
    // exported offers' fields: a region of mainland China, every price
    // quoted in yuan.
    const exported = JSON.parse(readFileSync(path.join(SITE, 'compare/offers.json'), 'utf8')).offers;
    const keyOf = (o) => o.provider + '/' + o.instance + (o.region ? '/' + o.region : '');
    const byKey = new Map(exported.map((o) => [keyOf(o), o]));
    const quotedInYuan = (o) => Object.keys(o.prices || {}).length > 0 && Object.values(o.prices).every((p) => p.currency === 'CNY');
    const keeps = (o) => o.region_geo === 'china-mainland' && quotedInYuan(o);
    // A China cloud's mainland region priced in dollars from its
    // international site: what the switch must leave out.
    const converted = exported.filter((o) => o.region_geo === 'china-mainland' && !quotedInYuan(o) && Object.keys(o.prices || {}).length > 0);
    assert.ok(converted.length > 0, 'no mainland offer priced in another currency: the test is not testing');
    const t = await open('zh/compare/index.html');
    await matrixRows(t.page);
    const keys = await everyMatrixRow(t.page, () => (tr) => tr.querySelector('input.pick')?.value);
    assert.ok(keys.length > 0, 'no rows');
    const wrong = keys.filter((k) => !byKey.has(k) || !keeps(byKey.get(k)));
    assert.deepEqual(wrong, [], 'rows shown that are not a mainland region priced in yuan');
    for (const o of converted) assert.ok(!keys.includes(keyOf(o)), `${keyOf(o)}, priced in ${Object.values(o.prices)[0].currency}, is listed`);
    // Every offer the rule keeps is listed.
    const missing = exported.filter(keeps).map(keyOf).filter((k) => !keys.includes(k));
    assert.deepEqual(missing, [], 'mainland offers priced in yuan left out');
    await closeClean(t);
  });

  test('the English edition opens on every offer; the switch keeps the mainland ones', async () => {
    const t = await open('compare/index.html');
    let m = await matrixRows(t.page);
    assert.equal(m.on, false, 'the switch is on');
    assert.ok(m.providers.map(providerOf).some((p) => !china.has(p)), 'only mainland offers by default');
    await t.page.locator('#matrix-cn').check();
    assert.match(t.page.url(), /#(.*&)?cn=1(&|$)/);
    m = await matrixRows(t.page);
    assert.deepEqual(m.providers.map(providerOf).filter((p) => !china.has(p)), [], 'offers outside mainland China listed');
    await closeClean(t);
  });

  for (const [rel, unit] of [['compare/index.html', '/GPU-h'], ['zh/compare/index.html', '/GPU小时']]) {
    test(`${rel}: the per-GPU figure's title ends in ${unit}`, async () => {
      const t = await open(rel);
      await matrixRows(t.page);
      const titles = await t.page.evaluate(() => {
        const table = document.getElementById('matrix');
        const at = [...table.tHead.rows[0].cells].findIndex((th) => th.dataset.col === 'per_gpu');
        return [...table.tBodies[0].rows].slice(0, 20).map((tr) => tr.cells[at]?.title).filter(Boolean);
      });
      assert.ok(titles.length > 0, 'no per-GPU title');
      for (const s of titles) assert.ok(s.endsWith(unit), `title ${JSON.stringify(s)} does not end in ${unit}`);
      await closeClean(t);
    });
  }
});

// evaluationRows reads the providers of the evaluation's ranking table and
// of its table of those with too little data to rank, in order, and its
// mainland switch.
async function evaluationRows(page) {
  return page.evaluate(() => ({
    providers: [...document.querySelectorAll('#scores tbody tr th a')].map((a) => a.getAttribute('href')),
    apart: document.getElementById('apart').hidden ? [] : [...document.querySelectorAll('#scores-apart tbody tr th a')].map((a) => a.getAttribute('href')),
    on: document.getElementById('mainland-first')?.checked ?? null,
  }));
}

// chinaFirst says no China cloud follows another provider in ids.
function chinaFirst(ids) {
  const firstForeign = ids.findIndex((p) => !china.has(p));
  return firstForeign < 0 || ids.slice(firstForeign).every((p) => !china.has(p));
}

describe('the mainland default of the evaluation', () => {
  test('the Chinese edition lists the China clouds first; the switch lists all together, and the URL keeps it', async () => {
    const t = await open('zh/evaluation/index.html');
    await t.page.waitForFunction(() => document.getElementById('mainland-first')?.checked && /providers\//.test(document.querySelector('#scores tbody tr th a')?.getAttribute('href') || ''));
    let e = await evaluationRows(t.page);
    // The ranked come first, China clouds first among them; the China
    // clouds with too little data to rank lead the table of those apart.
    const ids = e.providers.map(providerOf), apart = e.apart.map(providerOf);
    assert.ok(ids.length > 0, 'no provider ranked');
    assert.ok(chinaFirst(ids), `a ranked China cloud after another provider: ${ids.join(', ')}`);
    assert.ok(chinaFirst(apart), `a China cloud apart after another provider: ${apart.join(', ')}`);
    assert.ok(china.has(ids[0]) || china.has(apart[0]), `no China cloud first in either table: ${ids.join(', ')} / ${apart.join(', ')}`);
    assert.equal(await t.page.locator('#apart-cn').isVisible(), apart.some((p) => china.has(p)), 'the note on the China clouds apart does not match the table');
    // Above the ranking, a line names each China cloud with too little
    // data to rank, so the first screen says why none is ranked.
    const apartNames = await t.page.evaluate(() => [...document.querySelectorAll('#scores-apart tbody tr th a')]
      .map((a) => [a.getAttribute('href'), a.textContent.trim()]));
    const chinaApart = apartNames.filter(([href]) => china.has(providerOf(href))).map(([, name]) => name);
    const line = t.page.locator('#mainland-apart');
    assert.equal(await line.isVisible(), chinaApart.length > 0, 'the line above the ranking on the China clouds apart does not match the table');
    if (chinaApart.length > 0) {
      const words = await line.textContent();
      for (const name of chinaApart) assert.ok(words.includes(name), `the line above the ranking does not name ${name}: ${words}`);
      const box = await line.boundingBox(), table = await t.page.locator('#scores').boundingBox();
      assert.ok(box.y < table.y, 'the line is not above the ranking');
    }
    await t.page.locator('#mainland-first').uncheck();
    assert.match(t.page.url(), /#(.*&)?cn=0(&|$)/, 'the URL does not keep the switch');
    assert.equal(await line.isVisible(), false, 'the line on the China clouds apart stays with the switch off');
    e = await evaluationRows(t.page);
    assert.ok(!china.has(providerOf(e.providers[0])), 'with the switch off, the China clouds still come first');
    await closeClean(t);
  });

  test('the English edition ranks every provider together; the switch puts the China clouds first', async () => {
    const t = await open('evaluation/index.html');
    let e = await evaluationRows(t.page);
    assert.equal(e.on, false, 'the switch is on');
    assert.ok(!china.has(providerOf(e.providers[0])), 'a China cloud first by default');
    await t.page.locator('#mainland-first').check();
    assert.match(t.page.url(), /#(.*&)?cn=1(&|$)/);
    e = await evaluationRows(t.page);
    const on = e.providers.map(providerOf), onApart = e.apart.map(providerOf);
    assert.ok(chinaFirst(on) && chinaFirst(onApart) && (china.has(on[0]) || china.has(onApart[0])), `the switch does not put the China clouds first: ${on.join(', ')} / ${onApart.join(', ')}`);
    await closeClean(t);
  });
});

// figures reads the amounts of a scenario page's tables: the answer's and
// each strategy's ranking, as written.
async function figures(page) {
  return page.evaluate(() => [...document.querySelectorAll('table.tco-answer tbody td.num, table.tco tbody td.num:not(.rank)')]
    .map((td) => (td.firstChild?.nodeType === 3 ? td.firstChild.textContent : td.textContent).trim()));
}

describe('the scenario calculator in yuan', () => {
  test('writes every amount as the generator does (to the fen, grouped from four whole digits)', async () => {
    const dir = path.join(SITE, 'zh/scenarios');
    const ids = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    assert.ok(ids.length > 0, 'no Chinese scenario');
    let compared = 0;
    let small = 0;
    for (const id of ids) {
      const t = await open(`zh/scenarios/${id}/index.html`);
      const months = t.page.locator('#tco-calc input[name="months"]');
      if (!(await months.count())) {
        await closeClean(t);
        continue;
      }
      const shipped = await figures(t.page);
      // Change a figure and put it back: the script writes every table anew.
      const m = await months.inputValue();
      await months.fill(String(Number(m) + 1));
      await t.page.waitForFunction((s) => JSON.stringify([...document.querySelectorAll('table.tco-answer tbody td.num, table.tco tbody td.num:not(.rank)')].map((td) => (td.firstChild?.nodeType === 3 ? td.firstChild.textContent : td.textContent).trim())) !== s, JSON.stringify(shipped));
      await months.fill(m);
      await t.page.waitForFunction((s) => JSON.stringify([...document.querySelectorAll('table.tco-answer tbody td.num, table.tco tbody td.num:not(.rank)')].map((td) => (td.firstChild?.nodeType === 3 ? td.firstChild.textContent : td.textContent).trim())) === s, JSON.stringify(shipped)).catch(() => {});
      assert.deepEqual(await figures(t.page), shipped, `${id}: the script writes the amounts otherwise than the generator`);
      for (const f of shipped) if (/\d/.test(f)) assert.match(f, /^(≥ ?)?\d{1,3}(,\d{3})*\.\d{2}(\d{2})?$/, `${id}: ${f}`);
      compared += shipped.length;
      // Small amounts too: one GPU-hour a month costs a few yuan, still
      // written to the fen (7.07, not 7.068), below 0.1 元 to four decimals.
      const work = t.page.locator('#tco-calc input[name="gpu_hours_per_month"]');
      if (await work.count()) {
        await work.fill('1');
        await t.page.waitForFunction((s) => JSON.stringify([...document.querySelectorAll('table.tco tbody td.num:not(.rank)')].map((td) => (td.firstChild?.nodeType === 3 ? td.firstChild.textContent : td.textContent).trim())) !== s, JSON.stringify(shipped.slice(-1)));
        for (const f of await figures(t.page)) {
          if (!/\d/.test(f)) continue;
          const v = Number(f.replace(/[^\d.]/g, ''));
          assert.match(f, v >= 0.1 || v === 0 ? /^(≥ ?)?[\d,]+\.\d{2}$/ : /^(≥ ?)?0\.\d{4}$/, `${id}, one GPU-hour a month: ${f}`);
          small += v < 100 ? 1 : 0;
        }
      }
      await closeClean(t);
    }
    assert.ok(compared > 0, 'no amount compared');
    assert.ok(small > 0, 'no amount under 100 元 written: the test is not testing');
  });
});

// At a laptop's width the instance list is a table whose price column's
// heading names the pricing model: a price does not repeat it under
// itself (the phone's card, which has no heading, does: phone.test.mjs).
describe(`a provider's instance list at ${WIDTH} px`, () => {
  for (const [rel, model] of [['providers/aws/index.html', 'on-demand'], ['zh/providers/aws-china/index.html', '按量计费'], ['zh/providers/alibaba-cloud/index.html', '按量计费']]) {
    test(`${rel}: the pricing model is in the column's heading, not under every price`, async () => {
      const t = await open(rel);
      const facts = await t.page.evaluate(() => {
        const table = document.querySelector('table.instances');
        return {
          heading: table.tHead.textContent,
          priced: table.querySelectorAll('tbody td.from .money').length,
          shown: [...table.querySelectorAll('tbody td.from .card-model')].filter((e) => e.checkVisibility()).map((e) => e.textContent.trim()),
        };
      });
      assert.ok(facts.priced >= 3, `only ${facts.priced} priced rows: the test is not testing`);
      assert.ok(facts.heading.includes(model), `the heading does not name ${model}: ${facts.heading}`);
      assert.deepEqual(facts.shown, [], 'the pricing model under each price');
      await closeClean(t);
    });
  }
});
