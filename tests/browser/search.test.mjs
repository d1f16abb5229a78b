// The search box in headless Chromium, on the shipped catalog: from
// file:// (the built site) and over HTTP (gpucompare serve), typing finds
// known items in English and Chinese, ranked as generator/site/search/search.go
// ranks them, under the site's policy and with no request leaving the
// site; the keyboard alone opens the right page; nonsense finds nothing;
// the search page shows the results of ?q= with JavaScript and lists
// everything without it.
//
//   SITE_DIR=public GPUCOMPARE=bin/gpucompare node --test tests/browser/search.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, searchResults } from './helpers.mjs';
import { patience } from './patience.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;
const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const ROOT = path.resolve(process.env.SITE_ROOT || '.'); // the site root SITE_DIR was built from

// What the shipped catalog must answer: the first results, in order, as
// "title — kind", and the page the first one opens; before, two results
// of which the first comes before the second, further down.
const CASES = [
  { q: 'p4d', first: ['p4d.24xlarge — Instance type', 'p4d.24xlarge — Instance type', 'p4de.24xlarge — Instance type'], opens: /\/instances\/(aws|aws-china)\/p4d\.24xlarge\/(index\.html)?$/ },
  { q: 'h100 80gb', first: ['H100 PCIe 80GB — GPU', 'H100 SXM5 80GB — GPU'], opens: /\/gpus\/h100-pcie-80gb\/(index\.html)?$/ },
  { q: '阿里云', first: ['Alibaba Cloud — Provider'], opens: /\/providers\/alibaba-cloud\/(index\.html)?$/ },
  { q: '北京', first: ['Beijing — Region', 'China (Beijing) — Region', 'China (Beijing) — Region'], opens: /\/providers\/tencent-cloud\/(index\.html)?#region-ap-beijing$/ },
  { q: '里云', first: ['Alibaba Cloud — Provider'], opens: /\/providers\/alibaba-cloud\/(index\.html)?$/ },
  // Tencent Cloud states the classified protection at level 3; then the
  // guide and its outcome for 等保三级; Huawei Cloud, which states it with
  // no level, after every result that states one.
  { q: '等保', first: ['Tencent Cloud — Provider', 'Which GPU compute fits your workload? — Guide', 'Providers that state 等保三级 (classified protection, level 3) — Guide'], before: ['Providers that state 等保三级 (classified protection, level 3) — Guide', 'Huawei Cloud — Provider'], opens: /\/providers\/tencent-cloud\/(index\.html)?$/ },
];
const NONSENSE = 'zqxj 9vv';

let browser;
let server; // gpucompare serve, over HTTP
let origin;

// serveRoot starts gpucompare serve on the site root and resolves with the
// child process and the address it prints once it listens.
function serveRoot() {
  const child = spawn(BIN, ['serve', '-root', ROOT, '-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.log = '';
  child.stderr.on('data', (d) => (child.log += d));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve printed no URL:\n${out}\n${child.log}`)), patience(60_000));
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/ at (http:\/\/127\.0\.0\.1:\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code} before listening:\n${child.log}`)));
  });
}

before(async () => {
  assert.ok(existsSync(path.join(SITE, 'search', 'index.js')), `no search/index.js in ${SITE}: build the site first or set SITE_DIR`);
  assert.ok(existsSync(BIN), `no ${BIN}: build it (go build -o bin/gpucompare ./generator/cmd/gpucompare) or set GPUCOMPARE`);
  browser = await launch();
  ({ child: server, url: origin } = await serveRoot());
});

after(async () => {
  await browser?.close();
  if (server && server.exitCode === null) server.kill('SIGINT');
});

// open loads a page with the given width and records what must not
// happen on it. The dev server's reload stream, which a page leaving
// cancels, is not a problem.
async function open(url, allowed, { width = 1280, javaScriptEnabled = true } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
  const page = await ctx.newPage();
  const recorded = await instrument(page, allowed);
  const problems = {
    [Symbol.iterator]: () => recorded.filter((p) => !/^request failed: \S+\/__gpucompare\/events(\?\S*)? \(net::ERR_ABORTED\)$/.test(p))[Symbol.iterator](),
  };
  await page.goto(url);
  return { ctx, page, problems };
}

for (const [where, base, allowed] of [
  ['from file://', () => SITE_URL, (u) => u.startsWith(SITE_URL)],
  ['over HTTP from gpucompare serve', () => origin + '/', (u) => u.startsWith(origin + '/')],
]) {
  describe(`search ${where}`, () => {
    test('finds known items in English and Chinese, best first, and nothing for nonsense', async () => {
      const { ctx, page, problems } = await open(base() + 'gpus/index.html', allowed);
      for (const c of CASES) {
        const got = await searchResults(page, c.q);
        assert.deepEqual(got.slice(0, c.first.length), c.first, `"${c.q}": ${got.join('; ')}`);
        if (c.before) {
          const [a, b] = c.before.map((r) => got.indexOf(r));
          assert.ok(a >= 0 && b > a, `"${c.q}": ${c.before[0]} at ${a}, ${c.before[1]} at ${b}: ${got.join('; ')}`);
        }
      }
      assert.deepEqual(await searchResults(page, NONSENSE), []);
      assert.match(await page.textContent('.search-none'), /Nothing matches/);
      assert.deepEqual([...problems, ...(await cspViolations(page))], []);
      await ctx.close();
    });

    test('the keyboard alone opens the result chosen', async () => {
      for (const c of CASES) {
        const { ctx, page, problems } = await open(base() + 'index.html', allowed);
        await searchResults(page, c.q);
        const input = page.locator('#site-search');
        assert.equal(await input.getAttribute('role'), 'combobox');
        assert.equal(await input.getAttribute('aria-expanded'), 'true');
        assert.equal(await page.getAttribute('#' + (await input.getAttribute('aria-controls')), 'role'), 'listbox');
        // Down twice and up once: the first option, chosen and announced.
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowUp');
        const active = await input.getAttribute('aria-activedescendant');
        assert.equal(active, 'site-search-opt-0');
        assert.equal(await page.getAttribute('#' + active, 'aria-selected'), 'true');
        assert.equal(await page.getAttribute('#' + active, 'role'), 'option');
        await Promise.all([page.waitForURL(c.opens, { timeout: patience(10_000) }), page.keyboard.press('Enter')]);
        assert.deepEqual([...problems, ...(await cspViolations(page))], [], c.q);
        await ctx.close();
      }
    });

    test('Enter with nothing chosen opens the search page with every result', async () => {
      const { ctx, page, problems } = await open(base() + 'providers/index.html', allowed);
      await searchResults(page, '北京');
      await Promise.all([page.waitForURL(/\/search\/(index\.html)?\?q=/, { timeout: patience(10_000) }), page.keyboard.press('Enter')]);
      await page.waitForSelector('#search-results:not([hidden]) #search-list li', { timeout: patience(10_000) });
      assert.equal(await page.textContent('#search-results-title'), 'Results for “北京”');
      const first = await page.$$eval('#search-list li a', (as) => as.slice(0, 3).map((a) => a.textContent));
      assert.deepEqual(first, ['Beijing', 'China (Beijing)', 'China (Beijing)']);
      assert.equal(await page.inputValue('#site-search'), '北京');
      assert.deepEqual([...problems, ...(await cspViolations(page))], []);
      await ctx.close();
    });
  });
}

test('without JavaScript, the header box sends its query to the search page, which lists everything', async () => {
  const { ctx, page, problems } = await open(SITE_URL + 'gpus/index.html', (u) => u.startsWith(SITE_URL), { javaScriptEnabled: false });
  await page.fill('#site-search', 'p4d');
  await Promise.all([page.waitForURL(/\/search\/index\.html\?q=p4d$/), page.press('#site-search', 'Enter')]);
  assert.equal(await page.isHidden('#search-results'), true);
  const groups = await page.$$eval('#search-all section h2', (hs) => hs.map((h) => h.firstChild.textContent.trim()));
  assert.deepEqual(groups, ['Providers', 'GPU models', 'Instance types', 'Regions', 'Benchmarks', 'Guides', 'Scenarios', 'Pricing models', 'Pages']);
  const links = await page.$$eval('#search-all a', (as) => as.map((a) => a.textContent));
  for (const name of ['Alibaba Cloud', 'H100 SXM5 80GB', 'p4d.24xlarge', 'China (Beijing)']) {
    assert.ok(links.includes(name), `the list lacks ${name}`);
  }
  assert.deepEqual([...problems], []);
  await ctx.close();
});
