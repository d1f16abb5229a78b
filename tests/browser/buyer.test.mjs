// Filters that read like a buyer, and layouts that cut no text, in
// headless Chromium on the built site of the shipped catalog (from file://).
//
// A number of GPUs written as a buyer writes it ("8x", "×8", "x8",
// "8 GPUs", "8 GPU", "8x H100", "8×H100", ">=4", "<=2", "4-8"; in Chinese
// "8卡", "8张") is understood by the matrix's search box, its GPUs and GPU
// count filters (where a number alone is the count: "8" is not a part of
// "80GB") and the search box of every page. Each form is checked against
// the offers the catalog itself lists (compare/offers.json): the rows
// found are exactly the offers with that many GPUs (and that model). The
// buyer's task "the cheapest 8×H100 for a month" takes two actions: one
// typed filter and the cost unit. At 1280 px "Compare selected" with three
// offers cuts no name or price, and the matrix shows every instance
// type's and provider's name in full; at 375 px the header's search results stay inside
// the window. Screenshots go to tests/browser/screenshots/buyer-*.png.
//
//   SITE_DIR=public node --test tests/browser/buyer.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { allOffers, cspViolations, instrument, launch, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.join(HERE, 'screenshots');

let browser;
let offers; // compare/offers.json: every offer of the catalog

before(async () => {
  const file = path.join(SITE, 'compare', 'offers.json');
  assert.ok(existsSync(file), `no compare/offers.json in ${SITE}: build the site first or set SITE_DIR`);
  offers = JSON.parse(readFileSync(file, 'utf8')).offers;
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

const keyOf = (o) => o.provider + '/' + o.instance + (o.region ? '/' + o.region : '');
const isH100 = (o) => /\bh100\b/i.test(o.gpu_name || o.gpu);
const sorted = (a) => [...a].sort();

// open loads a page of the site at a width and records what must not
// happen on it; the matrix waits for its script to show the tools.
async function open(page, { width = 1280, height = 900, phone = false } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone });
  const p = await ctx.newPage();
  const problems = await instrument(p, (u) => u.startsWith(SITE_URL) || u.startsWith('data:') || u === 'about:blank');
  await p.goto(SITE_URL + page);
  await settle(p);
  if (/compare\/index\.html/.test(page)) {
    await p.waitForSelector('#matrix-controls:not([hidden])');
    await allOffers(p);
  }
  return { ctx, page: p, problems };
}

// close fails on recorded problems and CSP violations, then closes.
async function close(t) {
  const csp = await cspViolations(t.page);
  const problems = [...t.problems, ...csp.map((v) => `CSP violation: ${v}`)];
  await t.ctx.close();
  if (problems.length) assert.fail(problems.join('\n'));
}

const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// view is the keys of the offers the matrix shows, in order, and its status line.
async function view(page) {
  await frame(page);
  return page.evaluate(() => ({
    keys: window.gpucompareMatrix.view().map(window.gpucompareMatrix.key),
    status: document.getElementById('matrix-count').textContent,
  }));
}

// expect is the keys of the offers that hold.
const expect = (pred) => sorted(offers.filter(pred).map(keyOf));

// The forms of a count, and which offers each asks for.
const COUNTS = [
  ['8x', (o) => o.gpu_count === 8],
  ['×8', (o) => o.gpu_count === 8],
  ['x8', (o) => o.gpu_count === 8],
  ['8 GPUs', (o) => o.gpu_count === 8],
  ['8 GPU', (o) => o.gpu_count === 8],
  ['8x H100', (o) => o.gpu_count === 8 && isH100(o)],
  ['8×H100', (o) => o.gpu_count === 8 && isH100(o)],
  ['>=4', (o) => o.gpu_count >= 4],
  ['<=2', (o) => o.gpu_count <= 2],
  ['4-8', (o) => o.gpu_count >= 4 && o.gpu_count <= 8],
];

describe('the matrix reads a number of GPUs as a buyer writes it', () => {
  test('the shipped catalog has the offers the forms tell apart', () => {
    const counts = new Set(offers.map((o) => o.gpu_count));
    for (const n of [1, 2, 4, 8]) assert.ok(counts.has(n), `no offer of ${n} GPUs in the catalog`);
    const h100 = offers.filter((o) => o.gpu_count === 8 && isH100(o)).map((o) => o.provider);
    for (const p of ['google-cloud', 'azure', 'oci']) assert.ok(h100.includes(p), `no 8×H100 offer of ${p} in the catalog`);
    assert.ok(offers.some((o) => /48xlarge/.test(o.instance_name) && !(o.gpu_count === 8 && isH100(o))), 'no "48xlarge" offer other than 8×H100 to leave out');
    assert.ok(offers.some((o) => /80GB/.test(o.gpu_name || '') && o.gpu_count !== 8), 'no 80GB GPU in an offer of other than 8 GPUs');
  });

  test('in the search box', async () => {
    const t = await open('compare/index.html');
    for (const [q, pred] of COUNTS) {
      await t.page.fill('#matrix-q', q);
      const v = await view(t.page);
      assert.deepEqual(sorted(v.keys), expect(pred), `search ${JSON.stringify(q)}`);
      assert.match(v.status, new RegExp(`^${v.keys.length} of `), `search ${JSON.stringify(q)}: status "${v.status}"`);
    }
    // "8x H100" finds Google's, Azure's and OCI's, and no other 48xlarge.
    await t.page.fill('#matrix-q', '8x H100');
    const v = await view(t.page);
    for (const p of ['google-cloud/', 'azure/', 'oci/']) assert.ok(v.keys.some((k) => k.startsWith(p)), `"8x H100" misses ${p}`);
    await close(t);
  });

  test('in the GPUs filter, where a number alone is the count', async () => {
    const t = await open('compare/index.html');
    const forms = [...COUNTS, ['8', (o) => o.gpu_count === 8], ['4', (o) => o.gpu_count === 4]];
    for (const [q, pred] of forms) {
      await t.page.fill('#matrix tr.filters input[data-col="gpu"]', q);
      const v = await view(t.page);
      assert.deepEqual(sorted(v.keys), expect(pred), `GPUs filter ${JSON.stringify(q)}`);
    }
    // Words that are no count still find the model: 80GB, in no count.
    await t.page.fill('#matrix tr.filters input[data-col="gpu"]', '80GB');
    const v = await view(t.page);
    assert.deepEqual(sorted(v.keys), expect((o) => /80gb/i.test(o.gpu_name || o.gpu)), 'GPUs filter "80GB"');
    await close(t);
  });

  test('in the GPU count filter, and a form it cannot read is marked', async () => {
    const t = await open('compare/index.html#show=gpu_count');
    const input = '#matrix tr.filters input[data-col="gpu_count"]';
    for (const [q, pred] of [['8', (o) => o.gpu_count === 8], ...COUNTS.filter(([q]) => !/h100/i.test(q))]) {
      await t.page.fill(input, q);
      const v = await view(t.page);
      assert.deepEqual(sorted(v.keys), expect(pred), `GPU count filter ${JSON.stringify(q)}`);
      assert.equal(await t.page.getAttribute(input, 'aria-invalid'), null, `${JSON.stringify(q)} is marked invalid`);
    }
    await t.page.fill(input, '8x H100');
    assert.equal(await t.page.getAttribute(input, 'aria-invalid'), 'true', 'a model in the GPU count filter is not marked');
    await close(t);
  });

  test('in Chinese: 8卡, 8张, 8卡H100 in the search box and the GPUs filter', async () => {
    assert.ok(existsSync(path.join(SITE, 'zh', 'compare', 'index.html')), 'no zh edition built');
    // Every offer, not only mainland China's (the edition's default, cn=0 turns it off).
    const t = await open('zh/compare/index.html#cn=0');
    const forms = [
      ['8卡', (o) => o.gpu_count === 8],
      ['8张', (o) => o.gpu_count === 8],
      ['8卡H100', (o) => o.gpu_count === 8 && isH100(o)],
      ['4-8卡', (o) => o.gpu_count >= 4 && o.gpu_count <= 8],
      // as the Chinese help writes them
      ['≥4', (o) => o.gpu_count >= 4],
      ['≤2', (o) => o.gpu_count <= 2],
      ['4–8', (o) => o.gpu_count >= 4 && o.gpu_count <= 8],
    ];
    for (const [q, pred] of forms) {
      await t.page.fill('#matrix-q', q);
      assert.deepEqual(sorted((await view(t.page)).keys), expect(pred), `search ${JSON.stringify(q)}`);
    }
    await t.page.fill('#matrix-q', '');
    for (const [q, pred] of forms) {
      await t.page.fill('#matrix tr.filters input[data-col="gpu"]', q);
      assert.deepEqual(sorted((await view(t.page)).keys), expect(pred), `GPUs filter ${JSON.stringify(q)}`);
    }
    // The help text says so.
    const help = await t.page.evaluate(() => document.querySelector('details.method').textContent);
    // in the forms a Chinese text writes them: ≥ and an en dash, which the filters read.
    for (const w of ['8卡', '8张', '≥4', '4–8']) assert.ok(help.includes(w), `the Chinese help text does not name ${w}`);
    await close(t);
  });

  test('the help text names every form', async () => {
    const t = await open('compare/index.html');
    const help = await t.page.evaluate(() => document.querySelector('details.method').textContent);
    for (const [q] of COUNTS) assert.ok(help.includes(q), `the help text does not name ${q}`);
    await close(t);
  });
});

describe('the buyer\'s task: the cheapest 8×H100 for a month', () => {
  test('two actions: "8x H100" typed, the cost per month chosen; the first row is the cheapest ranked on-demand offer', async () => {
    // The answer, from the catalog: on-demand prices of 8×H100 offers,
    // whole prices from providers and aggregators (articles and estimates
    // are not ranked), cheapest first, in dollars.
    const usd = (p) => (p.display_hourly !== undefined ? p.display_hourly : p.currency === 'USD' ? p.hourly : undefined);
    const ranked = offers.filter((o) => {
      const p = o.prices?.on_demand;
      return o.gpu_count === 8 && isH100(o) && p && !o.price_incomplete && !['article', 'estimate'].includes(p.source_kind);
    });
    assert.ok(ranked.length >= 3, `${ranked.length} ranked 8×H100 on-demand prices`);
    for (const o of ranked) assert.notEqual(usd(o.prices.on_demand), undefined, `${keyOf(o)}: no dollar figure`);
    const best = Math.min(...ranked.map((o) => usd(o.prices.on_demand)));
    const answers = ranked.filter((o) => usd(o.prices.on_demand) === best).map(keyOf);

    const t = await open('compare/index.html');
    await t.page.fill('#matrix-q', '8x H100'); // 1
    await t.page.selectOption('#matrix-unit', 'month'); // 2
    const v = await view(t.page);
    assert.deepEqual(sorted(v.keys), expect((o) => o.gpu_count === 8 && isH100(o)), 'the offers listed are not every 8×H100 offer');
    assert.ok(answers.includes(v.keys[0]), `first row ${v.keys[0]}, want one of ${answers}`);
    const shown = await t.page.evaluate(() => {
      const tr = [...document.querySelectorAll('#matrix tbody tr')].find((r) => r.querySelector('input.pick'));
      return { key: tr.querySelector('input.pick').value, price: tr.querySelector('td[data-col="price"]').textContent, unit: document.querySelector('#matrix thead th[data-col="price"] .col-unit').textContent };
    });
    const month = await t.page.evaluate((v) => window.gpucompareMatrix.amount(v), best * 730);
    assert.equal(shown.key, v.keys[0]);
    assert.ok(shown.price.startsWith(month), `the first row's price reads "${shown.price}", want ${month} a month`);
    assert.match(shown.unit, /month/, `the price column's unit reads "${shown.unit}"`);
    mkdirSync(SHOTS, { recursive: true });
    await t.page.screenshot({ path: path.join(SHOTS, 'buyer-8xh100-month-1280.png') });
    await close(t);
  });
});

describe('the buyer\'s task: the cheapest 8×H100 month, on-demand against committed', () => {
  test('"1-year commitment" takes a reserved instance, a savings plan or committed use, each row naming its own', async () => {
    // The answer, from the catalog: each 8×H100 offer's cheapest 1-year
    // price of any kind, whole prices from providers and aggregators.
    const TERM = ['reserved_1y', 'savings_plan_1y', 'cud_1y', 'subscription_year'];
    const committed = [];
    for (const o of offers) {
      // An offer in a region only vetted customers may buy in never answers.
      if (o.gpu_count !== 8 || !isH100(o) || o.price_incomplete || o.region_access === 'restricted') continue;
      for (const m of TERM) {
        const p = o.prices?.[m];
        if (p && p.display_hourly !== undefined && !['article', 'estimate'].includes(p.source_kind) && !p.last_seen) committed.push({ key: keyOf(o), model: m, usd: p.display_hourly });
      }
    }
    assert.ok(committed.length >= 1, 'no 1-year price of an 8×H100 offer in the catalog');
    const best = Math.min(...committed.map((c) => c.usd));
    const answers = committed.filter((c) => c.usd === best);

    const t = await open('compare/index.html');
    await t.page.fill('#matrix-q', '8x H100'); // 1
    await t.page.selectOption('#matrix-model', 'commit_1y'); // 2
    await t.page.selectOption('#matrix-unit', 'month'); // 3
    const v = await view(t.page);
    assert.ok(answers.some((a) => a.key === v.keys[0]), `first row ${v.keys[0]}, want one of ${answers.map((a) => a.key)}`);
    const first = await t.page.evaluate(() => {
      const tr = [...document.querySelectorAll('#matrix tbody tr')].find((r) => r.querySelector('input.pick'));
      return { key: tr.querySelector('input.pick').value, price: tr.querySelector('td[data-col="price"]').textContent };
    });
    const month = await t.page.evaluate((v) => window.gpucompareMatrix.amount(v), best * 730);
    const label = { reserved_1y: '1-year commitment (reserved)', savings_plan_1y: '1-year commitment (savings plan)', cud_1y: '1-year commitment (committed use)', subscription_year: 'yearly subscription' };
    const want = answers.find((a) => a.key === first.key);
    assert.ok(first.price.startsWith(month), `the first row's price reads "${first.price}", want ${month} a month`);
    assert.ok(first.price.includes(label[want.model]), `the first row's price reads "${first.price}", want it to name "${label[want.model]}"`);
    // Every 8×H100 offer with a price of the term shows one; the others "—".
    const priced = new Set(committed.map((c) => c.key));
    const cells = await t.page.evaluate(() =>
      [...document.querySelectorAll('#matrix tbody tr')].filter((r) => r.querySelector('input.pick')).map((r) => [r.querySelector('input.pick').value, r.querySelector('td[data-col="price"]').textContent]),
    );
    for (const [key, text] of cells) {
      if (priced.has(key)) assert.notEqual(text.trim(), '\u2014', `${key} shows no 1-year price`);
    }
    mkdirSync(SHOTS, { recursive: true });
    await t.page.screenshot({ path: path.join(SHOTS, 'buyer-8xh100-commit-1280.png') });
    // The choice is in the URL and reads back.
    assert.match(await t.page.evaluate(() => location.hash), /m=commit_1y/);
    await close(t);
  });
});

describe('the buyer\'s task: a mainland short list for 16 A100-class GPUs for 6 months under MLPS level 3', () => {
  for (const [home, says] of [
    ['index.html', /only Tencent Cloud states an MLPS level 3 \(等保三级\) filing, for its public cloud platform as a whole.*filing record \(备案证明\).*evaluation report \(等级测评报告\)/],
    ['zh/index.html', /只有腾讯云写明通过等保三级备案，对象是其公有云平台整体.*等保备案证明.*三级等级测评报告/],
  ]) {
    test(`one click from ${home}: mainland A100-class offers costed for 16 GPUs × 6 months, saying who states MLPS level 3`, async () => {
      // The answer, from the catalog: mainland offers of A100, A800, H800
      // or H20 whose provider states 等保三级 (the scenario's limit, as in
      // data/scenarios/mainland-mlps-a100.yaml), each costed for 16 GPUs
      // all month for 6 months.
      const MODELS = /^(a100|a800|h800|h20)-/;
      const mainland = offers.filter((o) => o.region_geo === 'china-mainland' && MODELS.test(o.gpu) && (o.certifications ?? []).includes('等保三级') && o.prices?.on_demand?.display_hourly !== undefined && !o.price_incomplete);
      assert.ok(mainland.length >= 1, `${mainland.length} priced mainland A100-class offers whose provider states 等保三级`);
      const cost = (o) => Math.ceil(16 / o.gpu_count) * o.prices.on_demand.display_hourly * 730 * 6;
      // A provider's or an aggregator's price, not a marketplace's, ranks
      // before an article's or an estimate, however low (pricing.Price.Before).
      const t = await open(home);
      await t.page.click('a[href$="scenarios/mainland-mlps-a100/index.html"]'); // 1
      await settle(t.page);
      // Which prices answer by default is the pages' one rule
      // (pricing.Price.Answers: a current price, a provider's or an
      // aggregator's, not a marketplace's; where a GPU model has no current
      // price, its newest stands in), held by Go tests; the page's data
      // marks the others (u); the English page's data is in the currency
      // of offers.json, and both editions answer with the same prices. Of
      // the prices that answer, the cheapest total for the workload is the
      // on-demand row: the second, after the monthly subscription a 6-month
      // project in mainland China buys first.
      const html = readFileSync(path.join(SITE, 'scenarios', 'mainland-mlps-a100', 'index.html'), 'utf8');
      const tco = JSON.parse(html.match(/<script type="application\/json" id="tco-data">([\s\S]*?)<\/script>/)[1]);
      const answering = new Set(tco.offers.filter((e) => e.m.on_demand && !e.m.on_demand.u).map((e) => `${e.i}|${e.m.on_demand.h.toFixed(4)}`));
      const key = (o) => `${o.instance_name}|${o.prices.on_demand.display_hourly.toFixed(4)}`;
      let pool = mainland.filter((o) => answering.has(key(o)));
      // Where no price answers by default, the page ranks the others, each
      // row saying its age and source kind.
      const fallback = pool.length === 0;
      if (fallback) {
        const priced = new Set(tco.offers.filter((e) => e.m.on_demand).map((e) => `${e.i}|${e.m.on_demand.h.toFixed(4)}`));
        pool = mainland.filter((o) => priced.has(key(o)));
      }
      assert.ok(pool.length > 0, 'no mainland A100-class price on the page');
      const best = Math.min(...pool.map(cost));
      const answers = pool.filter((o) => cost(o) === best).map((o) => o.instance_name);
      const first = await t.page.evaluate(() => {
        const vh = window.innerHeight;
        const seen = [...document.querySelectorAll('main p, main td, main th')].filter((e) => e.getBoundingClientRect().top < vh).map((e) => e.textContent.replace(/\s+/g, ' ')).join(' ');
        const row = document.querySelectorAll('main table tbody tr')[1];
        return { seen, row: row?.textContent.replace(/\s+/g, ' ') ?? '' };
      });
      assert.match(first.seen, says, 'the first screen does not say who states MLPS level 3, and what to ask for');
      assert.ok(answers.some((a) => first.row.includes(a)), `the on-demand row reads "${first.row}", want one of ${answers}`);
      if (fallback) assert.match(first.row, /undated|未注明日期|stale|较旧|过时/, 'a price that does not answer by default is shown without its age');
      const total = await t.page.evaluate(() => document.querySelectorAll('main table tbody tr')[1]?.querySelector('td.num, .num')?.textContent);
      // The zh-CN edition shows yuan: the price as quoted, when in yuan.
      const zh = home.startsWith('zh');
      const top = pool.find((o) => cost(o) === best);
      const quoted = top.prices.on_demand;
      assert.ok(!zh || quoted.currency === 'CNY', `${top.instance_name} is quoted in ${quoted.currency}`);
      const amount = zh ? Math.ceil(16 / top.gpu_count) * quoted.hourly * 730 * 6 : best;
      // offers.json rounds the hourly price the page costs exactly: a cent
      // either way.
      const money = (x) => x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const want = money(amount);
      assert.ok([amount - 0.01, amount, amount + 0.01].some((a) => first.row.includes(money(a))), `the on-demand row reads "${first.row}" (${total}), want the total ${want} for 16 GPUs × 6 months`);
      // The monthly subscription (包年包月) is costed in the answer's first
      // row: 16/n instances × a month's price × 6 months, for the offer
      // the row names (in dollars at the rate offers.json gives).
      const subRow = await t.page.evaluate(() => document.querySelector('main table tbody tr')?.textContent.replace(/\s+/g, ' ') ?? '');
      assert.match(subRow, zh ? /包年包月/ : /Monthly subscription/, `the first row reads "${subRow}"`);
      const sub = offers.find((o) => o.prices?.subscription_month?.display_hourly !== undefined && MODELS.test(o.gpu) && subRow.includes(o.instance_name) && (o.certifications ?? []).includes('等保三级'));
      assert.ok(sub, `no offer of offers.json with a monthly price is named in "${subRow}"`);
      const month = sub.prices.subscription_month;
      const perMonth = zh || month.currency === 'USD' ? month.amount : month.amount / month.fx_rate;
      const subTotal = Math.ceil(16 / sub.gpu_count) * perMonth * 6;
      assert.ok([subTotal - 0.01, subTotal, subTotal + 0.01].some((a) => subRow.includes(money(a))), `the first row reads "${subRow}", want the total ${money(subTotal)}`);
      mkdirSync(SHOTS, { recursive: true });
      await t.page.screenshot({ path: path.join(SHOTS, `buyer-mainland-mlps-${home.startsWith('zh') ? 'zh' : 'en'}-1280.png`) });
      await close(t);
    });
  }
});

describe('the search box of every page', () => {
  // pageResults are the links of the search page's results for q.
  async function pageResults(q, edition = '') {
    const t = await open(`${edition}search/index.html?q=${encodeURIComponent(q)}`);
    await t.page.waitForSelector('#search-results:not([hidden])');
    const hrefs = await t.page.evaluate(() => [...document.querySelectorAll('#search-list a')].map((a) => a.href));
    await close(t);
    return hrefs;
  }
  const instancePages = (pred, edition = '') =>
    sorted(new Set(offers.filter(pred).map((o) => new URL(edition + o.url, SITE_URL).href)));

  test('"8x H100", "8×H100", "8 GPUs H100" and "8卡H100" find every instance type of eight H100s, and nothing else', async () => {
    const want = instancePages((o) => o.gpu_count === 8 && isH100(o));
    assert.ok(want.length >= 3);
    for (const q of ['8x H100', '8×H100', '8 GPUs H100', 'H100 x8']) {
      assert.deepEqual(sorted(await pageResults(q)), want, JSON.stringify(q));
    }
    assert.deepEqual(sorted(await pageResults('8卡H100', 'zh/')), instancePages((o) => o.gpu_count === 8 && isH100(o), 'zh/'), '"8卡H100" in zh');
  });

  test('typing "8x H100" lists instance types of eight H100s under the box', async () => {
    const t = await open('index.html');
    await t.page.fill('#site-search', '8x H100');
    await t.page.waitForSelector('.search-pop:not([hidden]) .search-opt');
    const subs = await t.page.$$eval('.search-opt', (els) => els.map((e) => e.querySelector('.search-opt-sub')?.textContent || ''));
    assert.ok(subs.length >= 3, `${subs.length} options`);
    for (const s of subs) assert.match(s, /8 × H100/, `an option reads "${s}"`);
    await close(t);
  });

  test('"T4" ranks the T4 instance types before instance types that only hold "t4" in their name', async () => {
    const hrefs = await pageResults('T4');
    const t4 = new Set(offers.filter((o) => /^t4/i.test(o.gpu_name || o.gpu)).map((o) => new URL(o.url, SITE_URL).href));
    const instances = hrefs.filter((h) => h.includes('/instances/'));
    const firstOther = instances.findIndex((h) => !t4.has(h));
    assert.ok(firstOther > 0, 'no T4 instance type first');
    const lateT4 = instances.slice(firstOther).filter((h) => t4.has(h));
    assert.deepEqual(lateT4, [], 'T4 instance types after another');
    assert.ok(instances.slice(firstOther).length > 0, 'no instance type merely named like t4 to rank after them');
  });
});

// cutIn lists what does not fit in the table of a selector: a cell with
// more text than its width (cut, or spilling into the next), a cell cut
// with an ellipsis, text lying beyond its cell or beyond the table's
// scrolling box, and the box itself scrolling sideways.
function cutIn(selector) {
  const root = document.querySelector(selector);
  const out = [];
  const clip = root.closest('.table-wrap') || root;
  const box = clip.getBoundingClientRect();
  const name = (el) => `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 60)}"`;
  for (const cell of root.querySelectorAll('th, td')) {
    if (cell.scrollWidth > cell.clientWidth + 1) out.push(`${name(cell)}: ${cell.scrollWidth} px of text in ${cell.clientWidth}`);
    const c = cell.getBoundingClientRect();
    if (c.right > box.right + 1 || c.left < box.left - 1) out.push(`${name(cell)}: beyond the box`);
    for (const el of cell.querySelectorAll('a, span')) {
      for (const r of el.getClientRects()) {
        if (r.right > c.right + 1 || r.left < c.left - 1) out.push(`${name(el)}: ${Math.round(r.left)}–${Math.round(r.right)} px, beyond its cell ${Math.round(c.left)}–${Math.round(c.right)}`);
      }
    }
  }
  if (clip.scrollWidth > clip.clientWidth + 1) out.push(`the table's box scrolls: ${clip.scrollWidth} px in ${clip.clientWidth}`);
  return out;
}

describe('layouts that cut no text', () => {
  test('at 1280 px, "Compare selected" with three offers shows every name and price in full', async () => {
    const t = await open('compare/index.html', { width: 1280, height: 800 });
    // The OCI offer, with the longest provider name, and two others, each
    // found by a filter of its own: an offer whose price does not answer by
    // default (OCI's is undated) sorts after those that do, out of the rows
    // drawn.
    const picks = [];
    for (const [provider, query] of [['oci/', '8x H100 oci'], ['azure/', '8x H100 azure'], ['lambda/', '8x H100 lambda']]) {
      await t.page.fill('#matrix-q', query);
      await frame(t.page);
      const key = await t.page.evaluate((prefix) => {
        const box = [...document.querySelectorAll('#matrix tbody tr input.pick')].find((b) => b.value.startsWith(prefix));
        return box && box.value;
      }, provider);
      assert.ok(key, `no ${provider} offer of eight H100s to pick`);
      await t.page.check(`#matrix input.pick[value="${key}"]`); // 1, 2, 3
      picks.push(key);
    }
    await t.page.click('#matrix-compare-open'); // 4
    await t.page.waitForSelector('#matrix-panel:not([hidden]) #matrix-compare tbody');
    await frame(t.page);
    const cells = await t.page.evaluate(() => [...document.querySelectorAll('#matrix-compare thead th')].length);
    assert.equal(cells, 4, 'the panel has the field column and three offers');
    assert.deepEqual(await t.page.evaluate(cutIn, '#matrix-compare'), []);
    const provider = await t.page.evaluate(() => document.querySelector('#matrix-compare tbody').textContent);
    assert.ok(provider.includes('Oracle Cloud Infrastructure (OCI)'), 'the panel does not name OCI in full');
    mkdirSync(SHOTS, { recursive: true });
    await (await t.page.$('#matrix-panel')).screenshot({ path: path.join(SHOTS, 'buyer-compare-selected-1280.png') });
    await close(t);
  });

  test('at 1280 px and 375 px, the matrix shows every instance type\'s and provider\'s name in full', async () => {
    for (const [width, height, phone] of [[1280, 900, false], [375, 800, true]]) {
      const t = await open('compare/index.html', { width, height, phone });
      const cut = await t.page.evaluate(async () => {
        const table = document.getElementById('matrix');
        const wrap = table.closest('.table-wrap');
        const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const out = new Map();
        let seen = 0;
        wrap.scrollTop = 0;
        for (let step = 0; step < 100000; step++) {
          await frame();
          for (const th of table.querySelectorAll('tbody th')) {
            const a = th.querySelector('a');
            if (!a) continue;
            seen++;
            const box = th.getBoundingClientRect();
            const over = th.scrollWidth > th.clientWidth + 1 || [...a.getClientRects()].some((r) => r.right > box.right + 1 || r.left < box.left - 1 || r.bottom > box.bottom + 1);
            const dots = getComputedStyle(th).textOverflow === 'ellipsis' && th.scrollWidth > th.clientWidth;
            if (over || dots) out.set(a.textContent, `${th.scrollWidth} px in ${th.clientWidth}`);
          }
          // A provider's name, where its column shows, is not cut either.
          for (const td of table.querySelectorAll('tbody td[data-col="provider"]')) {
            if (!td.offsetParent) continue; // the column is not shown (a phone)
            seen++;
            const box = td.getBoundingClientRect();
            const over = td.scrollWidth > td.clientWidth + 1 || [...td.querySelectorAll('a')].some((a) => [...a.getClientRects()].some((r) => r.right > box.right + 1 || r.bottom > box.bottom + 1));
            if (over) out.set('provider ' + td.textContent, `${td.scrollWidth} px in ${td.clientWidth}`);
          }
          if (wrap.scrollTop + wrap.clientHeight >= wrap.scrollHeight - 1) break;
          wrap.scrollTop += Math.max(1, wrap.clientHeight - 40);
        }
        return { cut: [...out].map(([k, v]) => `${k}: ${v}`), seen };
      });
      assert.ok(cut.seen > 100, `${cut.seen} names read`);
      assert.deepEqual(cut.cut, [], `at ${width} px, names cut`);
      mkdirSync(SHOTS, { recursive: true });
      await t.page.evaluate(() => (document.getElementById('matrix').closest('.table-wrap').scrollTop = 0));
      await frame(t.page);
      await t.page.screenshot({ path: path.join(SHOTS, `buyer-compare-${width}.png`) });
      await close(t);
    }
  });

  test('at 375 px, the search results under the box stay inside the window', async () => {
    const t = await open('index.html', { width: 375, height: 800, phone: true });
    for (const q of ['h100 nvl', 'x_a100', '8x H100']) {
      await t.page.fill('#site-search', q);
      await t.page.waitForSelector('.search-pop:not([hidden]) .search-opt');
      const out = await t.page.evaluate(() => {
        const bad = [];
        for (const el of document.querySelectorAll('.search-pop, .search-opt, .search-opt-title, .search-opt-sub, .search-kind')) {
          const r = el.getBoundingClientRect();
          if (r.left < 0 || r.right > innerWidth) bad.push(`"${el.textContent.slice(0, 40)}" at ${Math.round(r.left)}–${Math.round(r.right)} px of ${innerWidth}`);
          if (el.scrollWidth > el.clientWidth + 1) bad.push(`"${el.textContent.slice(0, 40)}": ${el.scrollWidth} px of text in ${el.clientWidth}`);
        }
        return bad;
      });
      assert.deepEqual(out, [], JSON.stringify(q));
      if (q === 'h100 nvl') {
        mkdirSync(SHOTS, { recursive: true });
        await t.page.screenshot({ path: path.join(SHOTS, 'buyer-search-375.png') });
      }
    }
    await close(t);
  });
});
