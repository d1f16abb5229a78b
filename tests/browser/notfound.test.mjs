// The 404 page as a static host shows it: for any missing address, at any
// depth, with status 404. A site built without its URL cannot link the
// page's stylesheet relatively from every depth; the page holds it, and a
// script points its links at the site's root. Served under a PR-preview
// sub-path for /a/b/c/, it must look like the site's other pages, with
// JavaScript and without, and its links must lead into the site.
//
//   SITE_DIR=public node --test tests/browser/notfound.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cspViolations, httpTarget, instrument, launch, serve, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const PREFIX = '/preview/pr-1/';
const DEEP = 'a/b/c/';

let browser;
let server;

before(async () => {
  assert.ok(existsSync(path.join(SITE, '404.html')), `no 404.html in ${SITE}: build the site first (make test-browser does)`);
  browser = await launch();
  server = await serve(SITE, PREFIX, { notFound: '404.html' });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// look reads the computed style of what every page has: the header bar,
// the brand, the body text and the main heading.
function look(page) {
  return page.evaluate(() => {
    const cs = (sel, props) => {
      const el = document.querySelector(sel);
      if (!el) return `no ${sel}`;
      const s = getComputedStyle(el);
      return props.map((p) => `${p}: ${s.getPropertyValue(p)}`).join('; ');
    };
    return {
      header: cs('.site-header', ['border-bottom-width', 'border-bottom-style', 'background-color']),
      brand: cs('.brand', ['font-weight', 'color', 'text-decoration-line']),
      body: cs('body', ['font-family', 'margin-top', 'display']),
      main: cs('main', ['max-width']),
      h1: cs('h1', ['font-weight']),
    };
  });
}

test('the site has no URL, so its 404 page holds its own style', () => {
  const html = readFileSync(path.join(SITE, '404.html'), 'utf8');
  assert.match(html, /<style>/, '404.html holds no stylesheet of its own (a site built with a URL links it absolutely: build this one without)');
});

for (const js of [true, false]) {
  test(`404 page at ${PREFIX}${DEEP} keeps its style${js ? ' and its links work' : ' without JavaScript'}`, { timeout: 30_000 }, async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: js });
    try {
      const ref = await ctx.newPage();
      // settle draws frames, which a page without JavaScript does not.
      const loaded = (p) => (js ? settle(p) : p.waitForLoadState('load'));
      await ref.goto(server.base + 'index.html');
      await loaded(ref);
      const want = await look(ref);

      const page = await ctx.newPage();
      const url = server.base + DEEP;
      // The page itself answers 404, and so do the folders its script
      // tries before it finds the site's root.
      const probes = ['a/b/c/', 'a/b/', 'a/'].map((d) => server.base + d + 'static/favicon.svg');
      const expected = (u) => u === url || probes.includes(u);
      const events = await instrument(page, (u) => u.startsWith(server.origin) || u.startsWith('data:'));
      const resp = await page.goto(url);
      assert.equal(resp.status(), 404);
      await loaded(page);
      assert.deepEqual(await look(page), want, 'the 404 page does not look like the home page');

      if (js) {
        // The script has found the root once the brand links there.
        await page.waitForFunction((home) => document.querySelector('.brand').href === home, server.base + 'index.html', {
          timeout: 10_000,
        });
        // Every link but those within the page (the skip link).
        const links = await page.$$eval('a[href]:not([href^="#"])', (as) =>
          as.map((a) => ({ text: a.textContent.trim(), abs: a.href })),
        );
        assert.ok(links.length > 5, 'fewer than 6 links');
        const cache = new Map();
        for (const l of links) {
          if (!l.abs.startsWith(server.origin)) continue;
          assert.ok(l.abs.startsWith(server.base), `link "${l.text}" leaves the site: ${l.abs}`);
          const why = await httpTarget(l.abs, cache);
          assert.equal(why, null, `link "${l.text}" → ${l.abs}: ${why}`);
        }
        await Promise.all([page.waitForURL(server.base + 'index.html'), page.click('.brand')]);
        assert.match(await page.title(), /gpucompare|GPU/);
      }
      const problems = [...(await cspViolations(page)).map((v) => `CSP violation: ${v}`)];
      for (const e of events) {
        const u = (e.match(/(?:HTTP 404: |status of 404.*\()(\S+?)\)?$/) || [])[1];
        if (/^HTTP 404: /.test(e) && expected(e.slice('HTTP 404: '.length))) continue;
        if (/Failed to load resource: the server responded with a status of 404/.test(e)) continue;
        if (u && expected(u)) continue;
        problems.push(e);
      }
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }
  });
}
