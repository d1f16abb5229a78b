// A benchmark page's best value — the first offer of each ranking — and
// the answer switches, in headless Chromium, from file://, at a laptop's
// and a phone's size. The page carries the first offer under every state
// of the switches (data-show, ranked in Go at the prices that answer
// under it, pricing.Price.Answers); by default the one at current prices
// of providers a team can contract is on view, and turning "include
// stale prices" or "include marketplaces" on shows the first offer of
// that state, with the figure the page carries for it. The switches go
// into the URL and into the page's links.
//
//   SITE_DIR=public node --test tests/browser/benchanswer.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { closeClean, launch, openAt } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const HEIGHT = 800;

let browser;
// A benchmark page whose best value changes with stale prices and with
// marketplaces, by edition: its page and its switched rows as the HTML
// carries them (states, offer's instance page, figure).
let found;

// switchedRows reads the rows of a page's best value that answer under
// some states only.
function switchedRows(html) {
  const best = html.slice(html.indexOf('<table class="data best'), html.indexOf('</table>', html.indexOf('<table class="data best')));
  return [...best.matchAll(/<tr data-show="([^"]*)"( hidden)?>[\s\S]*?<td data-label="[^"]*"><a href="([^"#]*)[^"]*">[\s\S]*?class="num figure">([^<]*)</g)].map((m) => ({
    states: m[1].split(' '),
    hidden: !!m[2],
    instance: m[3],
    figure: m[4].trim(),
  }));
}

before(async () => {
  const dir = path.join(SITE, 'benchmarks');
  assert.ok(existsSync(dir), `no benchmarks/ in ${SITE}: build the site first or set SITE_DIR`);
  for (const id of readdirSync(dir).sort()) {
    const file = path.join(dir, id, 'index.html');
    if (!existsSync(file)) continue;
    const rows = switchedRows(readFileSync(file, 'utf8'));
    // A row on view by default that gives way with each switch.
    const gives = (s) => rows.some((r) => r.states.includes('0') && !r.states.includes(s));
    if (gives('1') && gives('2')) {
      found = { page: `benchmarks/${id}/index.html`, rows: { '': rows, 'zh/': switchedRows(readFileSync(path.join(SITE, 'zh', 'benchmarks', id, 'index.html'), 'utf8')) } };
      break;
    }
  }
  assert.ok(found, 'no benchmark page whose best value changes with stale prices and with marketplaces: the test is not testing');
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

const open = (width, page, hash = '') => openAt(browser, SITE_URL, width, HEIGHT, page, hash);
const clean = closeClean;

// shown reads the switched rows of the best value on view: the offer's
// instance page as written, its link as switches.js leaves it, its figure
// and whether the figure lies within the window's width.
function shown(page, width) {
  return page.$$eval(
    'table.best tbody tr[data-show]',
    (trs, width) =>
      trs
        .filter((tr) => tr.getClientRects().length > 0)
        .map((tr) => {
          const a = tr.querySelector('td a');
          const fig = tr.querySelector('.figure');
          const r = fig.getBoundingClientRect();
          return { href: a.getAttribute('href'), figure: fig.firstChild.textContent.trim(), fits: r.left >= 0 && r.right <= width + 0.5 };
        }),
    width,
  );
}

const box = (page, key) => page.locator(`#home-switches input[data-switch="${key}"]`);

for (const width of [1280, 375]) {
  describe(`at ${width}×${HEIGHT}`, () => {
    for (const edition of ['', 'zh/']) {
      test(`${edition || 'en/'}: each switch shows the best value of its state`, async () => {
        const page = edition + found.page;
        const t = await open(width, page);
        assert.equal(await t.page.isVisible('#home-switches'), true, `${page}: the switches are not on view`);
        const check = async (state, hash, what) => {
          // switches.js carries the switches into the links once the change is done.
          await t.page.waitForFunction((h) => document.querySelector('header a.brand').getAttribute('href').endsWith('index.html' + h), hash);
          const want = found.rows[edition].filter((r) => r.states.includes(state));
          const now = await shown(t.page, width);
          assert.deepEqual(
            now.map((r) => ({ instance: r.href.split('#')[0], figure: r.figure })),
            want.map((r) => ({ instance: r.instance, figure: r.figure })),
            `${page} ${what}: the best offers on view`,
          );
          for (const r of now) {
            assert.ok(r.fits, `${page} ${what}: ${r.href}'s figure runs off the screen`);
            assert.equal(r.href, r.href.split('#')[0] + hash, `${page} ${what}: the link ${r.href}`);
          }
        };
        assert.ok(found.rows[edition].some((r) => r.states.includes('0') && r.states.includes('1') !== true), `${page}: no row gives way with stale prices`);
        await check('0', '', 'by default');
        await box(t.page, 'stale').check();
        assert.match(t.page.url(), /#stale=1$/);
        await check('1', '#stale=1', 'with stale prices');
        await box(t.page, 'market').check();
        assert.match(t.page.url(), /#stale=1&market=1$/);
        await check('3', '#stale=1&market=1', 'with both');
        await box(t.page, 'stale').uncheck();
        assert.match(t.page.url(), /#market=1$/);
        await check('2', '#market=1', 'with marketplaces');
        await box(t.page, 'market').uncheck();
        await check('0', '', 'switched off again');
        await clean(t);
      });
    }

    test('a URL with the switches opens on the best value of their state', async () => {
      const t = await open(width, found.page, '#market=1');
      assert.equal(await box(t.page, 'market').isChecked(), true, 'market=1 does not set the switch');
      const now = await shown(t.page, width);
      const want = found.rows[''].filter((r) => r.states.includes('2'));
      assert.deepEqual(now.map((r) => r.href.split('#')[0]), want.map((r) => r.instance));
      const home = await t.page.$eval('header a.brand', (a) => a.getAttribute('href'));
      assert.match(home, /#market=1$/, `the link ${home} does not carry the switch`);
      await clean(t);
    });
  });
}
