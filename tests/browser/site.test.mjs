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
  hashedPolicy,
  httpTarget,
  inlineBlocks,
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
  { name: 'changes-month', from: 'changes/index.html', pattern: /^changes\/[^/]+\/index\.html$/ },
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

    // Static rules of the page. The 404 page of a site without a URL holds
    // its stylesheet and one script, allowed by their hashes; no other.
    const facts = await pageFacts(page);
    const html = readFileSync(path.join(SITE, p.path), 'utf8');
    const inline = p.name === '404' ? inlineBlocks(html) : { scripts: [], styles: [] };
    const hashed = inline.styles.length > 0;
    if (hashed && (inline.styles.length !== 1 || inline.scripts.length !== 1))
      problems.push(`404 page: ${inline.styles.length} style elements and ${inline.scripts.length} inline scripts, want 1 and 1`);
    const csp = hashed ? hashedPolicy(html) : CSP;
    if (facts.csp.length !== 1) problems.push(`want one Content-Security-Policy meta tag, found ${facts.csp.length}`);
    else if (facts.csp[0] !== csp) problems.push(`CSP meta is "${facts.csp[0]}", want "${csp}"`);
    for (const el of facts.beforeCSP) problems.push(`loaded before the CSP meta tag, so not covered by it: ${el}`);
    if (pass === 'file')
      problems.push(...inlineCode(html).filter((x) => !hashed || !/^inline (script|style element):/.test(x)));

    // The icon: an SVG one, each resolving (or a data: URL, on a 404 page
    // that holds its assets).
    if (!facts.icons.some((i) => i.type === 'image/svg+xml')) problems.push('no SVG icon link');
    for (const i of facts.icons) {
      if (i.raw.startsWith('data:image/svg+xml;') && hashed) continue;
      const why = !isRelative(i.raw)
        ? 'not page-relative'
        : pass === 'file'
          ? fileTarget(SITE, i.abs)
          : await httpTarget(i.abs, linkCache);
      if (why) problems.push(`icon ${i.raw}: ${why}`);
    }

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

// The GPU matrix lists its models newest first, by the release year its
// caption names (a model the catalog does not date sits with its chip,
// so only dated rows are compared), and ends with the models it knows by
// name only: one line each, a cell across the spec columns that says so,
// instead of a row of dashes.
test('gpus: newest first by release year, models without figures last', async () => {
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await page.goto(SITE_URL + 'gpus/index.html');
    const t = await page.evaluate(() => {
      const table = document.querySelector('table.gpus');
      const col = [...table.tHead.rows[0].cells].findIndex((c) => c.textContent.trim() === 'Released');
      const width = (tr) => [...tr.cells].reduce((n, c) => n + c.colSpan, 0);
      // Each row: name, price from, vendor, the spec columns, instances.
      const rows = [...table.tBodies[0].rows];
      const bare = table.tBodies[1] ? [...table.tBodies[1].rows] : [];
      return {
        caption: document.getElementById('gpus-caption').textContent,
        col,
        years: rows.map((tr) => [tr.cells[0].textContent.trim(), (tr.cells[col].textContent.match(/^\d{4}/) || [null])[0]]),
        dashRows: rows
          .filter((tr) => [...tr.cells].slice(3, -1).every((c) => c.textContent.trim() === '—'))
          .map((tr) => tr.cells[0].textContent.trim()),
        bare: bare.map((tr) => ({
          name: tr.cells[0].textContent.trim(),
          cells: tr.cells.length,
          span: tr.cells[3]?.colSpan,
          text: tr.cells[3]?.textContent.trim(),
          full: width(tr) === width(rows[0]),
        })),
      };
    });
    assert.match(t.caption, /newest first, by release year/);
    assert.ok(t.col > 0, 'no Released column');
    const dated = t.years.filter(([, y]) => y);
    assert.ok(dated.length > 1, 'fewer than two dated GPUs');
    for (let i = 1; i < dated.length; i++)
      assert.ok(dated[i - 1][1] >= dated[i][1], `${dated[i - 1][0]} (${dated[i - 1][1]}) is listed before ${dated[i][0]} (${dated[i][1]})`);
    assert.deepEqual(t.dashRows, [], 'rows of dashes among the GPUs with figures');
    for (const b of t.bare) {
      assert.equal(b.text, 'no public spec sheet figures', `${b.name}: the spanning cell`);
      assert.ok(b.cells === 5 && b.span > 1 && b.full, `${b.name}: ${b.cells} cells, want name, price, vendor, one cell across the spec columns, instances`);
    }
  } finally {
    await ctx.close();
  }
});
