// A GPU page's answer — its cheapest on-demand price per GPU-hour — and
// the switches it shares with the home page, in headless Chromium, from
// file://, at a laptop's and a phone's size. By default the answer is a
// current price; with "include stale prices" (stale=1 in the URL) a
// cheaper stale one answers in its place, and the offers list marks the
// rows that answer under the switches chosen. A GPU with no current price
// answers with its newest and says so in words. The home page's links to
// GPU pages carry the switches.
//
//   SITE_DIR=public node --test tests/browser/gpuanswer.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const HEIGHT = 800;

let browser;
let staleGPU; // a GPU page whose answer with stale prices is another price
let noCurrent; // a GPU page whose answer says it has no current price
let staleProvider; // a provider page whose list comes in another order with stale prices

before(async () => {
  const dir = path.join(SITE, 'gpus');
  assert.ok(existsSync(dir), `no gpus/ in ${SITE}: build the site first or set SITE_DIR`);
  for (const id of readdirSync(dir).sort()) {
    const file = path.join(dir, id, 'index.html');
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    const lines = [...html.matchAll(/<p class="answer" data-show="([^"]*)"( hidden)?>([\s\S]*?)<\/p>/g)];
    const shown = lines.find((m) => m[1].split(' ').includes('0'));
    const stale = lines.find((m) => m[1].split(' ').includes('1'));
    if (!staleGPU && shown && stale && shown !== stale && stale[2]) staleGPU = `gpus/${id}/index.html`;
    if (!noCurrent && shown && /no current price/.test(shown[3])) noCurrent = `gpus/${id}/index.html`;
  }
  // A provider page whose list of offers comes in another order with
  // stale prices included.
  const provs = path.join(SITE, 'providers');
  for (const id of readdirSync(provs).sort()) {
    const file = path.join(provs, id, 'index.html');
    if (!existsSync(file)) continue;
    const orders = [...readFileSync(file, 'utf8').matchAll(/data-order="(\d+) (\d+) (\d+) (\d+)"/g)];
    if (orders.some((m) => m[1] !== m[2])) {
      staleProvider = `providers/${id}/index.html`;
      break;
    }
  }
  assert.ok(staleProvider, 'no provider page orders its offers otherwise with stale prices: the test is not testing');
  assert.ok(staleGPU, 'no GPU page answers otherwise with stale prices included: the test is not testing');
  assert.ok(noCurrent, 'no GPU page answers with a price it says is not current: the test is not testing');
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

async function open(width, page, hash = '') {
  const ctx = await browser.newContext({ viewport: { width, height: HEIGHT }, deviceScaleFactor: 1 });
  const p = await ctx.newPage();
  const problems = await instrument(p, (u) => u.startsWith(SITE_URL) || u.startsWith('data:') || u === 'about:blank');
  await p.goto(SITE_URL + page + hash);
  await settle(p);
  return { ctx, page: p, problems };
}

async function clean(t) {
  const problems = [...t.problems, ...(await cspViolations(t.page)).map((v) => `CSP violation: ${v}`)];
  await t.ctx.close();
  if (problems.length) assert.fail(problems.join('\n'));
}

// answer reads the answer on view: its figure, the instance page it links
// to, its age badge, its words on why it answers and whether it lies
// within the window's width; and the instance pages of the offers' rows
// marked as ones that do not answer.
async function answer(page, width) {
  return page.evaluate((width) => {
    const shown = [...document.querySelectorAll('.gpu-answer p.answer')].filter((p) => p.getClientRects().length > 0);
    const p = shown[0];
    const r = p?.getBoundingClientRect();
    return {
      count: shown.length,
      value: Number(p?.querySelector('.money')?.textContent.replace(/[^\d.]/g, '')),
      // Links as written, without the switches switches.js carries.
      instance: p?.querySelector('a')?.getAttribute('href').split('#')[0] || null,
      badge: p?.querySelector('.trust .fresh')?.className.replace(/.*fresh-/, '') || (p?.querySelector('.trust .age-undated') ? 'undated' : null),
      why: p?.querySelector('.why')?.textContent.trim() || '',
      fits: !!r && r.left >= 0 && r.right <= width + 0.5,
      lesser: [...document.querySelectorAll('table.instances tbody tr.lesser th a')].map((a) => a.getAttribute('href').split('#')[0]),
      first: document.querySelector('table.instances tbody tr th a')?.getAttribute('href').split('#')[0] || null,
    };
  }, width);
}

for (const width of [1280, 375]) {
  describe(`at ${width}×${HEIGHT}`, () => {
    test('a GPU page answers with a current price, and with stale=1 with the cheaper stale one', async () => {
      const t = await open(width, staleGPU);
      const now = await answer(t.page, width);
      assert.equal(now.count, 1, `${staleGPU}: ${now.count} answers on view`);
      assert.ok(now.instance && now.fits, `${staleGPU}: the answer ${JSON.stringify(now)}`);
      assert.ok(now.badge !== 'stale' && now.badge !== 'undated' && now.why === '', `${staleGPU}: by default the answer is not current: ${JSON.stringify(now)}`);
      assert.equal(await t.page.getByLabel('Include stale prices').isChecked(), false);
      await clean(t);

      const s = await open(width, staleGPU, '#stale=1');
      const stale = await answer(s.page, width);
      assert.equal(await s.page.getByLabel('Include stale prices').isChecked(), true, 'stale=1 does not set the switch');
      assert.equal(stale.count, 1);
      assert.ok(stale.badge === 'stale' || stale.badge === 'undated', `${staleGPU}: with stale=1 the answer ${JSON.stringify(stale)} is not a stale price`);
      assert.notEqual(stale.instance, now.instance, `${staleGPU}: with stale=1 the answer is still ${now.instance}`);
      assert.ok(stale.value <= now.value && stale.fits, `${staleGPU}: the stale ${stale.value} is dearer than ${now.value}, or off the screen`);
      // The offers list marks the stale offer as answering now, and did not.
      assert.ok(now.lesser.includes(stale.instance), `${staleGPU}: by default ${stale.instance}'s row is not marked as one that does not answer`);
      assert.ok(!stale.lesser.includes(stale.instance), `${staleGPU}: with stale=1 ${stale.instance}'s row is marked as one that does not answer`);
      // The offers list puts the answer's row first under each state.
      assert.equal(now.first, now.instance, `${staleGPU}: by default the list starts with ${now.first}, not the answer`);
      assert.equal(stale.first, stale.instance, `${staleGPU}: with stale=1 the list starts with ${stale.first}, not the answer`);
      // Switched off on the page: the current answer, and a URL without it.
      await s.page.getByLabel('Include stale prices').uncheck();
      assert.doesNotMatch(s.page.url(), /stale=/);
      assert.deepEqual(await answer(s.page, width), now, 'switched off, the answer is not the default one');
      await clean(s);
    });

    test('a GPU with no current price says so in words', async () => {
      const t = await open(width, noCurrent);
      const a = await answer(t.page, width);
      assert.equal(a.count, 1);
      assert.match(a.why, /^no current price; (newest is (\d+ months|1 month) old|none is dated)$/, `${noCurrent}: ${JSON.stringify(a)}`);
      assert.ok(a.fits, `${noCurrent}: the answer runs off the screen`);
      await clean(t);
    });

    test("a page's links to the site's pages carry the switches, and the next page's too", async () => {
      const t = await open(width, staleGPU, '#stale=1&market=1');
      const links = async (page) =>
        page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href')));
      const pageLink = (h) => !/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(h) && /(^|\/)$|\.html(#|$)/.test(h.split('#')[0] + (h.includes('#') ? '#' : ''));
      const before = await links(t.page);
      const toPages = before.filter((h) => pageLink(h) && !/#(?![^#]*=)/.test(h.replace(/#.*=.*$/, '')));
      assert.ok(toPages.length > 10, `${staleGPU}: ${toPages.length} links to pages`);
      for (const h of before.filter(pageLink)) {
        const frag = h.includes('#') ? h.slice(h.indexOf('#') + 1) : '';
        if (frag && !frag.includes('=')) continue; // an element of a page, left as it is
        assert.match(h, /#stale=1&market=1(&|$)/, `${staleGPU}: the link ${h} does not carry the switches`);
      }
      for (const h of before.filter((h) => /\.(csv|json|xml)$/.test(h))) assert.doesNotMatch(h, /stale=/, `${h} is no page`);
      // Switched off on the page, the links drop it.
      await t.page.getByLabel('Include stale prices').uncheck();
      await t.page.waitForFunction(() => !document.querySelector('a[href*="stale=1"]'));
      const provider = await t.page.$eval('table.instances tbody tr td.provider a', (a) => a.getAttribute('href'));
      assert.match(provider, /#market=1$/, `after the switch, the provider link is ${provider}`);
      // Followed, the next page keeps the switch in its own links.
      await Promise.all([t.page.waitForURL(/providers\/.*#market=1$/), t.page.click('table.instances tbody tr td.provider a')]);
      await settle(t.page);
      const next = (await links(t.page)).filter((h) => /instances\/.*index\.html/.test(h));
      assert.ok(next.length > 0 && next.every((h) => /#market=1$/.test(h)), `the provider page's links: ${next.slice(0, 3)}`);
      await clean(t);
    });

    test("a provider page's offers come in the order of the switches", async () => {
      const t = await open(width, staleProvider);
      // rows reads the list: each row's instance, its place under each
      // state, and whether it is marked as one that does not answer.
      const rows = () =>
        t.page.$$eval('table.instances tbody tr', (trs) =>
          trs.map((tr) => ({ href: tr.querySelector('th a').getAttribute('href').split('#')[0], order: tr.dataset.order.split(' ').map(Number), lesser: tr.classList.contains('lesser'), stale: !!tr.querySelector('.fresh-stale, .age-undated') })),
        );
      const before = await rows();
      before.forEach((r, i) => assert.equal(r.order[0], i, `${staleProvider}: by default ${r.href} is at ${i}, its place ${r.order[0]}`));
      assert.equal(await t.page.isVisible('#home-switches'), true, `${staleProvider}: the switches are not on view`);
      await t.page.getByLabel('Include stale prices').check();
      assert.match(t.page.url(), /#stale=1$/);
      const after = await rows();
      after.forEach((r, i) => assert.equal(r.order[1], i, `${staleProvider}: with stale prices ${r.href} is at ${i}, its place ${r.order[1]}`));
      const up = after.find((r) => before.findIndex((b) => b.href === r.href) > after.indexOf(r));
      assert.ok(up, `${staleProvider}: no row moves up with stale prices`);
      assert.ok(up.stale && !up.lesser, `${staleProvider}: ${up.href} moves up but is not a stale price that answers: ${JSON.stringify(up)}`);
      assert.ok(before.find((b) => b.href === up.href).lesser, `${staleProvider}: by default ${up.href} is not marked as one that does not answer`);
      await t.page.getByLabel('Include stale prices').uncheck();
      assert.deepEqual((await rows()).map((r) => r.href), before.map((r) => r.href), 'switched off, the list is not in its first order');
      await clean(t);
    });

    test("the home page's links to GPU pages keep the switches", async () => {
      const t = await open(width, 'index.html', '#stale=1');
      const link = await t.page.getAttribute('#prices-on_demand tbody tr:not([hidden]) th.gpu a', 'href');
      assert.match(link, /#stale=1$/, `the GPU link ${link} does not carry "include stale prices"`);
      await t.page.getByLabel('Include stale prices').uncheck();
      assert.doesNotMatch(await t.page.getAttribute('#prices-on_demand tbody tr:not([hidden]) th.gpu a', 'href'), /stale=|#/);
      await clean(t);
    });
  });
}
