// Real-browser checks of a built site, one of each page kind at a desktop
// and a phone width: opened from disk (file://), then over a loopback server
// under a PR-preview sub-path. The site is built beforehand (make
// test-browser); SITE_DIR names its folder (default public).
//
//   SITE_DIR=public node --test tests/browser/*.test.mjs

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CSP,
  cspViolations,
  fileTarget,
  httpTarget,
  inlineCode,
  instrument,
  isRelative,
  launch,
  layoutProblems,
  pageFacts,
  serve,
  settle,
} from './helpers.mjs';
import { patience } from './patience.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const PREFIX = '/preview/pr-1/';
const WIDTHS = [1280, 375];
const HEIGHT = 900;
const SITE_URL = pathToFileURL(SITE + path.sep).href;

// The page kinds under test. Fixed paths are the site's own; the others are
// found by following the links of the index pages, so no catalog id is
// written here.
const KINDS = [
  { name: 'home', path: 'index.html' },
  { name: 'compare', path: 'compare/index.html' },
  { name: 'gpus', path: 'gpus/index.html' },
  { name: 'gpu', from: 'gpus/index.html', pattern: /^gpus\/[^/]+\/index\.html$/ },
  { name: 'providers', path: 'providers/index.html' },
  { name: 'provider', from: 'providers/index.html', pattern: /^providers\/[^/]+\/index\.html$/ },
  { name: 'instance', from: 'compare/index.html', pattern: /^instances\/[^/]+\/[^/]+\/index\.html$/ },
  { name: 'benchmarks', path: 'benchmarks/index.html' },
  { name: 'benchmark', from: 'benchmarks/index.html', pattern: /^benchmarks\/[^/]+\/index\.html$/ },
  { name: 'scenarios', path: 'scenarios/index.html' },
  { name: 'scenario', from: 'scenarios/index.html', pattern: /^scenarios\/[^/]+\/index\.html$/ },
  { name: 'evaluation', path: 'evaluation/index.html' },
  { name: 'guides', path: 'guides/index.html' },
  { name: 'guide', from: 'guides/index.html', pattern: /^guides\/[^/]+\/index\.html$/ },
  { name: 'changes', path: 'changes/index.html' },
  { name: 'methodology', path: 'methodology/index.html' },
  { name: '404', path: '404.html' },
];

let browser;
let server;
const pages = []; // { name, path }
const linkCache = new Map();

// siteRel turns a file:// URL inside the site into its output path.
function siteRel(abs) {
  if (!abs.startsWith(SITE_URL)) return null;
  return decodeURIComponent(new URL(abs).pathname).slice(fileURLToPath(SITE_URL).length);
}

before(async () => {
  assert.ok(
    existsSync(path.join(SITE, 'index.html')),
    `no built site at ${SITE} (no index.html): build it first (make test-browser does) or set SITE_DIR`,
  );
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  server = await serve(SITE, PREFIX);

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  for (const k of KINDS) {
    if (k.path) {
      assert.ok(existsSync(path.join(SITE, k.path)), `the site has no ${k.path}`);
      pages.push({ name: k.name, path: k.path });
      continue;
    }
    await page.goto(SITE_URL + k.from);
    const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => a.href));
    const found = hrefs.map(siteRel).find((p) => p && k.pattern.test(p));
    assert.ok(found, `${k.from} links to no ${k.name} page (no link matching ${k.pattern})`);
    pages.push({ name: k.name, path: found });
  }
  await ctx.close();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// check opens one page at one width and returns every problem found.
async function check({ pass, page: p, width }) {
  const problems = [];
  const ctx = await browser.newContext({ viewport: { width, height: HEIGHT }, deviceScaleFactor: 1 });
  try {
    const page = await ctx.newPage();
    const allowed = (u) => {
      const url = new URL(u);
      if (url.protocol === 'data:' || u === 'about:blank') return true;
      if (pass === 'file') return url.protocol === 'file:' && u.startsWith(SITE_URL);
      return url.origin === server.origin && url.pathname.startsWith(PREFIX);
    };
    const events = await instrument(page, allowed);
    const url = (pass === 'file' ? SITE_URL : server.base) + p.path;
    const resp = await page.goto(url, { waitUntil: 'load' });
    if (pass === 'http' && resp?.status() !== 200) problems.push(`HTTP ${resp?.status()} for the page itself`);
    await settle(page);

    // Static rules of the page.
    const facts = await pageFacts(page);
    if (facts.csp.length !== 1) problems.push(`want one Content-Security-Policy meta tag, found ${facts.csp.length}`);
    else if (facts.csp[0] !== CSP) problems.push(`CSP meta is "${facts.csp[0]}", want "${CSP}"`);
    for (const el of facts.beforeCSP) problems.push(`loaded before the CSP meta tag, so not covered by it: ${el}`);
    if (pass === 'file') problems.push(...inlineCode(readFileSync(path.join(SITE, p.path), 'utf8')));

    // Layout.
    problems.push(...(await layoutProblems(page)));

    // Links: every relative one resolves; no other scheme than http(s) and mailto.
    const seen = new Set();
    for (const l of facts.links) {
      const raw = l.raw.trim();
      if (!isRelative(raw)) {
        if (!/^(https?|mailto):/i.test(raw)) problems.push(`link "${l.text}" has a forbidden scheme: ${raw}`);
        continue;
      }
      if (raw === '' || raw === '#') continue;
      if (raw.startsWith('#')) {
        const id = decodeURIComponent(raw.slice(1));
        if (!facts.anchors.includes(id)) problems.push(`link "${l.text}" → ${raw}: no such id on the page`);
        continue;
      }
      if (seen.has(l.abs)) continue;
      seen.add(l.abs);
      const why = pass === 'file' ? fileTarget(SITE, l.abs) : await httpTarget(l.abs, linkCache);
      if (why) problems.push(`link "${l.text}" → ${raw}: ${why}`);
    }

    if (pass === 'file') {
      await page.screenshot({ path: path.join(SHOTS, `${p.name}-${width}.png`), fullPage: true });
    }

    // Late errors (charts drawn after load) have had their chance by now.
    for (const v of await cspViolations(page)) problems.push(`CSP violation: ${v}`);
    problems.push(...events);
  } finally {
    await ctx.close();
  }
  return problems;
}

for (const pass of ['file', 'http']) {
  describe(pass === 'file' ? 'from file://' : `over http under ${PREFIX}`, () => {
    for (const k of KINDS) {
      for (const width of WIDTHS) {
        test(`${k.name} at ${width}px`, { timeout: patience(30_000) }, async () => {
          const p = pages.find((x) => x.name === k.name);
          const problems = await check({ pass, page: p, width });
          if (problems.length) assert.fail(`${p.path} at ${width}px (${pass}):\n  ` + problems.join('\n  '));
        });
      }
    }
  });
}
