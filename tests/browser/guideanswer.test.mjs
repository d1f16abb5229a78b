// A guide's outcome short lists and the answer switches, in headless
// Chromium, from file://, at a laptop's and a phone's size, in both
// editions. The page carries each outcome's short list under every state
// of the switches (data-show, made in Go by pricing.Price.Answers); by
// default the list of current prices from providers a team can contract
// is on view, and turning "include stale prices" or "include marketplaces"
// on shows the list of that state, whose first pick is the figure the page
// carries for it. The switches go into the URL and into the page's links.
//
//   SITE_DIR=public node --test tests/browser/guideanswer.test.mjs

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
// A guide page with an outcome whose first pick differs with stale
// prices from the default's and one whose first pick differs with
// marketplaces: the guide, the two outcomes' ids and, by edition, outcome
// and state, their first pick (instance page and figure) as the page
// carries it.
let found;

// firstPick reads the first pick of a short list's HTML: the instance
// page it links to and its figure.
function firstPick(html) {
  const row = html.match(/<tbody>\s*<tr>[\s\S]*?<th scope="row"><a href="([^"#]*)[^"]*">[\s\S]*?<span class="money">([^&<]*)/);
  return row ? { instance: row[1], value: Number(row[2].replace(/[^\d.]/g, '')) } : null;
}

// picksByState reads an outcome's short lists: its first pick under each
// state of the switches, 0 to 3, where offers meet its conditions.
function picksByState(section) {
  const out = {};
  for (const m of section.matchAll(/<div class="switched" data-show="([^"]*)"( hidden)?>([\s\S]*?)<\/table>/g)) {
    if (!m[3].includes('<p class="matched">')) continue;
    for (const s of m[1].split(' ')) out[s] = { ...firstPick(m[3]), hidden: !!m[2] };
  }
  return out;
}

// outcomePicks reads the first picks of an outcome of a guide page, by
// state.
function outcomePicks(file, outcome) {
  const m = readFileSync(file, 'utf8').match(new RegExp(`<section class="go" id="${outcome}">([\\s\\S]*?)</section>`));
  return m ? picksByState(m[1]) : {};
}

before(async () => {
  const dir = path.join(SITE, 'guides');
  assert.ok(existsSync(dir), `no guides/ in ${SITE}: build the site first or set SITE_DIR`);
  for (const id of readdirSync(dir).sort()) {
    const file = path.join(dir, id, 'index.html');
    if (!existsSync(file)) continue;
    let stale, market;
    for (const m of readFileSync(file, 'utf8').matchAll(/<section class="go" id="(o-[^"]+)">([\s\S]*?)<\/section>/g)) {
      const picks = picksByState(m[2]);
      if (!['0', '1', '2', '3'].every((s) => picks[s]?.instance) || picks['0'].hidden) continue;
      const differ = (s) => picks[s].instance !== picks['0'].instance;
      if (!stale && differ('1')) stale = m[1];
      else if (!market && differ('2')) market = m[1];
    }
    if (stale && market) {
      const picks = {};
      for (const edition of ['', 'zh/']) {
        const file = path.join(SITE, edition, 'guides', id, 'index.html');
        picks[edition] = { [stale]: outcomePicks(file, stale), [market]: outcomePicks(file, market) };
      }
      found = { id, outcomes: [stale, market], picks };
      break;
    }
  }
  assert.ok(found, 'no guide page with an outcome whose first pick differs with stale prices and one with marketplaces: the test is not testing');
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

const open = (width, page, hash = '') => openAt(browser, SITE_URL, width, HEIGHT, page, hash);
const clean = closeClean;

// shown reads the outcome's short lists on view: how many, and the first
// pick of the one on view (its instance page, as written without the
// switches, its figure, whether it lies within the window's width, and
// its link as switches.js leaves it).
async function shown(page, outcome, width) {
  return page.evaluate(
    ({ outcome, width }) => {
      const lists = [...document.getElementById(outcome).querySelectorAll('.short-list')].filter((l) => l.getClientRects().length > 0);
      const row = lists[0]?.querySelector('table.picks tbody tr');
      const money = row?.querySelector('.money');
      const r = money?.getBoundingClientRect();
      const href = row?.querySelector('th a')?.getAttribute('href') || '';
      return {
        count: lists.length,
        instance: href.split('#')[0] || null,
        href,
        value: Number(money?.textContent.replace(/[^\d.]/g, '')),
        fits: !!r && r.left >= 0 && r.right <= width + 0.5,
      };
    },
    { outcome, width },
  );
}

const box = (page, key) => page.locator(`#home-switches input[data-switch="${key}"]`);

for (const width of [1280, 375]) {
  describe(`at ${width}×${HEIGHT}`, () => {
    for (const edition of ['', 'zh/']) {
      test(`${edition || 'en/'}: each switch shows the short list of its state`, async () => {
        const page = `${edition}guides/${found.id}/index.html`;
        const t = await open(width, page);
        assert.equal(await t.page.isVisible('#home-switches'), true, `${page}: the switches are not on view`);
        // check: each outcome shows one short list, whose first pick is the
        // one the page carries for state, its link carrying the switches
        // (hash: the fragment they make), within the window's width.
        const check = async (state, hash, what) => {
          // switches.js carries the switches into the links once the change is done.
          await t.page.waitForFunction((h) => document.querySelector('header a.brand').getAttribute('href').endsWith('index.html' + h), hash);
          for (const outcome of found.outcomes) {
            const want = found.picks[edition][outcome][state];
            const now = await shown(t.page, outcome, width);
            assert.equal(now.count, 1, `${page}#${outcome} ${what}: ${now.count} short lists on view`);
            assert.deepEqual({ instance: now.instance, value: now.value }, { instance: want.instance, value: want.value }, `${page}#${outcome} ${what}: the first pick`);
            assert.ok(now.fits, `${page}#${outcome} ${what}: the first pick's price runs off the screen`);
            assert.equal(now.href, now.instance + hash, `${page}#${outcome} ${what}: the first pick's link`);
          }
        };
        const [stale, market] = found.outcomes;
        const differs = (o, s) => found.picks[edition][o][s].instance !== found.picks[edition][o]['0'].instance;
        assert.ok(differs(stale, '1') && differs(market, '2'), `${page}: the ${edition || 'en/'} edition does not answer otherwise under the switches`);
        await check('0', '', 'by default');
        assert.equal(await box(t.page, 'stale').isChecked(), false);
        assert.equal(await box(t.page, 'market').isChecked(), false);

        await box(t.page, 'stale').check();
        assert.match(t.page.url(), /#stale=1$/);
        await check('1', '#stale=1', 'with stale prices');

        await box(t.page, 'market').check();
        assert.match(t.page.url(), /#stale=1&market=1$/);
        await check('3', '#stale=1&market=1', 'with stale prices and marketplaces');

        await box(t.page, 'stale').uncheck();
        assert.match(t.page.url(), /#market=1$/);
        await check('2', '#market=1', 'with marketplaces');
        const matrix = await t.page.$eval(`#${market} .switched:not([hidden]) .matrix-link a`, (a) => a.getAttribute('href'));
        assert.match(matrix, /#market=1&/, `with marketplaces the matrix link is ${matrix}`);

        await box(t.page, 'market').uncheck();
        assert.doesNotMatch(t.page.url(), /stale=|market=/);
        await check('0', '', 'switched off again');
        await clean(t);
      });
    }

    test("the wizard's copy of an outcome shows the short list of the switches chosen", async () => {
      const page = `guides/${found.id}/index.html`;
      const t = await open(width, page);
      const [stale] = found.outcomes;
      // The answers (1-based) that lead from the start to the outcome.
      const path = await t.page.evaluate((target) => {
        const g = JSON.parse(document.getElementById('guide-data').textContent);
        const seen = new Set();
        const queue = [[g.start, []]];
        while (queue.length) {
          const [at, trail] = queue.shift();
          if ('o-' + at === target) return trail;
          const q = g.questions[at];
          if (!q || seen.has(at)) continue;
          seen.add(at);
          q.answers.forEach((a, i) => queue.push([a.next, [...trail, i + 1]]));
        }
        return null;
      }, stale);
      assert.ok(path, `no way through the wizard to ${stale}`);
      // Walked to after the page has loaded, as a reader's clicks do.
      await t.page.evaluate((h) => { location.hash = h; }, '#answers=' + path.join(','));
      await t.page.waitForFunction((id) => 'o-' + document.getElementById('wizard-step').dataset.step === id, stale);
      const first = () =>
        t.page.$$eval('#wizard-step .short-list', (ls) => {
          const l = ls.filter((x) => x.getClientRects().length > 0);
          return l.map((x) => x.querySelector('table.picks tbody tr th a')?.getAttribute('href').split('#')[0]);
        });
      assert.deepEqual(await first(), [found.picks[''][stale]['0'].instance], 'by default, the wizard shows another first pick');
      await box(t.page, 'stale').check();
      assert.deepEqual(await first(), [found.picks[''][stale]['1'].instance], 'with stale prices, the wizard shows another first pick');
      await clean(t);
    });

    test('a URL with the switches opens on the short list of their state', async () => {
      const page = `guides/${found.id}/index.html`;
      const t = await open(width, page, '#stale=1&market=1');
      assert.equal(await box(t.page, 'stale').isChecked(), true, 'stale=1 does not set the switch');
      assert.equal(await box(t.page, 'market').isChecked(), true, 'market=1 does not set the switch');
      for (const outcome of found.outcomes) {
        const now = await shown(t.page, outcome, width);
        const want = found.picks[''][outcome]['3'];
        assert.equal(now.count, 1);
        assert.deepEqual({ instance: now.instance, value: now.value }, { instance: want.instance, value: want.value }, `${page}#${outcome}`);
      }
      // A link from the page to another page of the site carries them.
      const home = await t.page.$eval('header a.brand', (a) => a.getAttribute('href'));
      assert.match(home, /#stale=1&market=1$/, `the link ${home} does not carry the switches`);
      await clean(t);
    });
  });
}
