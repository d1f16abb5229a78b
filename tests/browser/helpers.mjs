// Shared pieces of the browser tests: launching Chromium, a loopback static
// server, and the checks every page must pass.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { patience } from './patience.mjs';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// The policy every page must carry, word for word.
export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'";

// launch starts the one headless Chromium a test file shares. It never
// downloads a browser: a missing Chromium is a failure that names the package.
export async function launch() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install the Debian package "chromium" ` +
        `(apt-get install -y --no-install-recommends chromium) or set CHROMIUM to its path`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--font-render-hinting=none',
    ],
  });
  // Playwright's own limit on each action (a click, a screenshot) is 30 s
  // whatever the load; it grows with the load here, as the tests' limits do.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options) => {
    const ctx = await newContext(...options);
    ctx.setDefaultTimeout(patience(30_000));
    ctx.setDefaultNavigationTimeout(patience(30_000));
    return ctx;
  };
  return browser;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// serve starts a static server on 127.0.0.1 (random port) that shows root
// under prefix ("/preview/pr-1/") and nowhere else, the way a PR preview is
// hosted. A path outside the prefix is a 404, so an absolute link that
// forgets the sub-path fails. A directory is not turned into its index.html:
// links must name the file, as they must for file://. With notFound (a
// file of root, "404.html"), every missing path gets that file with status
// 404, at whatever depth, the way static hosts show a site's 404 page.
export async function serve(root, prefix, { notFound } = {}) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let rel = null;
    if (url.pathname.startsWith(prefix)) {
      try {
        rel = decodeURIComponent(url.pathname.slice(prefix.length));
      } catch {
        rel = null;
      }
    }
    const file = rel === null ? null : path.join(root, rel);
    const inside = file && (file + path.sep).startsWith(path.resolve(root) + path.sep);
    let ok = false;
    try {
      ok = inside && statSync(file).isFile();
    } catch {}
    if (!ok && notFound && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(404, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
      if (req.method === 'HEAD') return res.end();
      createReadStream(path.join(root, notFound)).pipe(res);
      return;
    }
    if (!ok || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { server, origin, base: origin + prefix, close: () => new Promise((r) => server.close(r)) };
}

// instrument records on a page everything that must not happen: console
// errors, uncaught errors, failed requests, requests that leave the site,
// and Content-Security-Policy violations (the last through an init script,
// read back with cspViolations()).
// allowed(url) tells whether a request may be made at all.
export async function instrument(page, allowed) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()} (${m.location().url || 'page'})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on('request', (r) => {
    if (!allowed(r.url())) problems.push(`request leaves the site: ${r.url()}`);
  });
  // Nothing may reach the network; a request that tries is recorded above
  // and aborted here, so a test never waits on a lookup.
  await page.route(
    (u) => (u.protocol === 'http:' || u.protocol === 'https:') && !allowed(u.href),
    (route) => route.abort('blockedbyclient'),
  );
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        window.__csp.push(
          `${e.effectiveDirective || e.violatedDirective} blocked ${e.blockedURI || '(inline)'}` +
            (e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '') +
            (e.sample ? `: ${e.sample}` : ''),
        ),
      true,
    );
  });
  return problems;
}

// settle waits until the page has loaded, its fonts are ready and two
// frames have been drawn, so late script errors and layout show.
export async function settle(page) {
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      ),
  );
}

export async function cspViolations(page) {
  return page.evaluate(() => window.__csp || ['the violation listener did not run']);
}

// pageFacts reads what the static checks need from a loaded page: the CSP
// meta tags and whether one precedes every resource, and every a[href] and
// icon link as written and as resolved.
export async function pageFacts(page) {
  return page.evaluate(() => {
    const metas = [...document.querySelectorAll('meta[http-equiv]')].filter(
      (m) => m.httpEquiv.toLowerCase() === 'content-security-policy',
    );
    const first = metas[0];
    const before = first
      ? [...document.querySelectorAll('script, link, style, img, iframe, object, embed')].filter(
          (el) => first.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING,
        )
      : [];
    const links = [...document.querySelectorAll('a[href]')].map((a) => ({
      raw: a.getAttribute('href'),
      abs: a.href,
      text: a.textContent.trim().slice(0, 40),
    }));
    const icons = [...document.querySelectorAll('link[rel~="icon"]')].map((l) => ({
      raw: l.getAttribute('href'),
      abs: l.href,
      type: l.type,
    }));
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    const names = [...document.querySelectorAll('a[name]')].map((e) => e.name);
    return {
      csp: metas.map((m) => m.content),
      beforeCSP: before.map((el) => el.outerHTML.slice(0, 80)),
      links,
      icons,
      anchors: [...ids, ...names],
    };
  });
}

// layoutProblems finds page-level horizontal scroll and anything drawn past
// the right edge of the viewport (or cut at its left edge), unless it sits
// inside an element that scrolls sideways on its own (a table wrapper).
export async function layoutProblems(page) {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const out = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > vw) out.push(`page scrolls sideways: scrollWidth ${doc.scrollWidth} > ${vw}`);
    if (document.body.scrollWidth > vw) out.push(`body scrolls sideways: scrollWidth ${document.body.scrollWidth} > ${vw}`);

    const scrollCache = new Map();
    const scrolls = (el) => {
      if (!scrollCache.has(el)) {
        const ox = getComputedStyle(el).overflowX;
        scrollCache.set(el, ox === 'auto' || ox === 'scroll');
      }
      return scrollCache.get(el);
    };
    const inScroller = (el) => {
      for (let p = el.parentElement; p && p !== document.body && p !== doc; p = p.parentElement) {
        if (scrolls(p)) return true;
      }
      return false;
    };
    const describe = (el) => {
      const parts = [];
      for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        let s = e.localName;
        if (e.id) s += '#' + e.id;
        else if (e.classList.length) s += '.' + [...e.classList].join('.');
        parts.unshift(s);
      }
      return parts.join(' > ');
    };
    const hidden = (el) => {
      const cs = getComputedStyle(el);
      return cs.visibility === 'hidden' || cs.display === 'none' || cs.display === 'contents';
    };
    const check = (what, el, r) => {
      if (r.width < 1 || r.height < 1) return; // visually-hidden helpers
      if (r.right <= 0 || r.bottom <= 0) return; // parked off-screen on purpose (skip link)
      if (r.right > vw + 0.5) out.push(`${what} ${describe(el)} ends at x=${Math.round(r.right)} > ${vw}`);
      else if (r.left < -0.5) out.push(`${what} ${describe(el)} starts at x=${Math.round(r.left)} < 0`);
    };
    for (const el of document.body.querySelectorAll('*')) {
      if (hidden(el) || inScroller(el)) continue;
      check('element', el, el.getBoundingClientRect());
    }
    // Text can spill out of a box that itself fits (a long unbroken word),
    // unless a box it is in clips it (overflow hidden or clip: a cell's
    // ellipsis, a screen reader's text in its 1 px box): then what is
    // drawn ends where that box does.
    const drawnRight = (el, right) => {
      for (let p = el; p && p !== document.body && p !== doc; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox === 'hidden' || ox === 'clip') right = Math.min(right, p.getBoundingClientRect().right);
      }
      return right;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const el = n.parentElement;
      if (!el || hidden(el) || scrolls(el) || inScroller(el)) continue;
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (drawnRight(el, r.right) > vw + 0.5 && r.width >= 1)
        out.push(`text "${n.textContent.trim().slice(0, 40)}" in ${describe(el)} ends at x=${Math.round(r.right)} > ${vw}`);
    }
    return [...new Set(out)].slice(0, 25);
  });
}

// inlineBlocks lists the bodies of a page's inline scripts (but JSON data
// blocks) and style elements, as they stand in its HTML source.
export function inlineBlocks(html) {
  const out = { scripts: [], styles: [] };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1]) || /\stype\s*=\s*["']?application\/(ld\+)?json/i.test(m[1])) continue;
    out.scripts.push(m[2]);
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) out.styles.push(m[1]);
  return out;
}

// hashedPolicy is the site's policy with the sha256 of a page's inline
// blocks added, as the 404 page of a site without a URL carries it.
export function hashedPolicy(html) {
  const h = (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
  const { scripts, styles } = inlineBlocks(html);
  return (
    `default-src 'self'; script-src ${["'self'", ...scripts.map(h)].join(' ')}; ` +
    `style-src ${["'self'", ...styles.map(h)].join(' ')}; img-src 'self' data:; object-src 'none'; base-uri 'none'`
  );
}

// inlineCode finds in a page's HTML source what the policy forbids: inline
// scripts (other than JSON data blocks), <style> elements, style and on*
// attributes, and javascript: URLs. It reads the source, not the DOM, since
// scripts may set styles through the CSSOM, which the policy allows.
export function inlineCode(html) {
  const out = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1];
    if (/\ssrc\s*=/i.test(attrs)) continue;
    if (/\stype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue;
    out.push(`inline script: ${m[0]}`);
  }
  for (const m of html.matchAll(/<style\b[^>]*>/gi)) out.push(`inline style element: ${m[0]}`);
  for (const m of html.matchAll(/<[a-z][a-z0-9-]*\b[^>]*?\s(style|on[a-z]+)\s*=[^>]*>/gi))
    out.push(`${m[1]} attribute: ${m[0].slice(0, 100)}`);
  for (const m of html.matchAll(/<[a-z][a-z0-9-]*\b[^>]*?\s(href|src|action|formaction)\s*=\s*["']?\s*javascript:[^>]*>/gi))
    out.push(`javascript: URL: ${m[0].slice(0, 100)}`);
  return out;
}

// isRelative tells a link within the site from one that names a scheme or
// a host of its own.
export function isRelative(href) {
  return !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//');
}

// fileTarget checks a link resolved to a file:// URL: the file exists inside
// root and, when the link has a fragment, holds an element with that id.
export function fileTarget(root, abs) {
  const u = new URL(abs);
  if (u.protocol !== 'file:') return `resolves to ${u.protocol} URL ${abs}`;
  const file = fileURLToPath(new URL(u.pathname, 'file://'));
  const rootDir = path.resolve(root);
  if (!(file + path.sep).startsWith(rootDir + path.sep)) return `leaves the site folder: ${file}`;
  let st;
  try {
    st = statSync(file);
  } catch {
    return `no such file: ${path.relative(rootDir, file)}`;
  }
  if (st.isDirectory()) return `names a folder (file:// shows no index.html for it): ${path.relative(rootDir, file) || '.'}/`;
  if (u.hash && /\.html$/.test(file) && !isState(u.hash)) {
    const id = decodeURIComponent(u.hash.slice(1));
    if (id && !hasAnchor(readFileSync(file, 'utf8'), id)) return `no id "${id}" in ${path.relative(rootDir, file)}`;
  }
  return null;
}

// isState tells a fragment that holds a page script's state
// ("#gpu=a100&model=on_demand", the matrix's filters) from one that names
// an element.
export function isState(hash) {
  return hash.includes('=');
}

function hasAnchor(html, id) {
  const esc = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\s(id|name)=("${esc}"|'${esc}'|${esc}[\\s>])`).test(html);
}

// httpTarget checks a link resolved to an http URL with a GET: it must
// answer 200 (and, for a fragment, hold that id).
export async function httpTarget(abs, cache) {
  const u = new URL(abs);
  const key = u.origin + u.pathname;
  if (!cache.has(key)) {
    cache.set(
      key,
      fetch(key, { redirect: 'manual' }).then(async (r) => ({
        status: r.status,
        body: /html/.test(r.headers.get('content-type') || '') ? await r.text() : '',
      })),
    );
  }
  const { status, body } = await cache.get(key);
  if (status !== 200) return `HTTP ${status}`;
  if (u.hash && body && !isState(u.hash)) {
    const id = decodeURIComponent(u.hash.slice(1));
    if (id && !hasAnchor(body, id)) return `no id "${id}" in ${u.pathname}`;
  }
  return null;
}

export { pathToFileURL, fileURLToPath };

// searchResults types query into the header's box, the way a reader does,
// after "/" took the focus there, and resolves with the options once the
// list shows the answer to the whole query, or with [] when it says
// nothing matches.
export async function searchResults(page, query) {
  await page.keyboard.press('/');
  await page.waitForFunction(() => document.activeElement?.id === 'site-search');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(query);
  await page.waitForFunction(
    (q) => {
      const input = document.getElementById('site-search');
      const pop = document.querySelector('.search-pop');
      return input.value === q && pop && !pop.hidden && (document.querySelector('.search-opt') || !document.querySelector('.search-none').hidden);
    },
    query,
    { timeout: patience(10_000) },
  );
  return page.$$eval('.search-opt', (opts) =>
    opts.map((o) => `${o.querySelector('.search-opt-title').textContent} — ${o.querySelector('.search-kind').textContent}`),
  );
}

// allOffers has the matrix on page load every offer (its first view
// loads only the first data script; a search, a filter or a sort loads
// the rest): for tests of the whole matrix, not of its loading
// (matrix-chunks.test.mjs).
export async function allOffers(page) {
  await page.evaluate(() => window.gpucompareMatrix && window.gpucompareMatrix.loadAll());
}

// everyMatrixRow scrolls the matrix's box (#matrix, a virtual table that
// draws only the rows in view) from top to bottom and returns, for every
// row of the view once and in its order, what the page's reader returns
// for it. makeReader runs in the page, once, and returns the reader, a
// function of a row (tr): both use nothing from the test's scope. It
// fails when a row of the view is never drawn, since every offer must be
// reachable, and leaves the box scrolled to the top.
export async function everyMatrixRow(page, makeReader) {
  // Installed as a page global from its source: a function cannot be
  // passed to the page as an argument.
  await page.evaluate(`window.__matrixRowReader = (${makeReader.toString()})()`);
  return page.evaluate(async () => {
    const read = window.__matrixRowReader;
    delete window.__matrixRowReader;
    const table = document.getElementById('matrix');
    const wrap = table.closest('.table-wrap');
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const heads = table.tHead.rows.length;
    const total = Number(table.getAttribute('aria-rowcount')) - heads;
    const seen = new Map();
    wrap.scrollTop = 0;
    for (let step = 0; step < 100000; step++) {
      await frame();
      for (const tr of table.tBodies[0].rows) {
        if (tr.classList.contains('pad') || tr.querySelector('td.none')) continue;
        const at = Number(tr.getAttribute('aria-rowindex')) - heads;
        if (!seen.has(at)) seen.set(at, read(tr));
      }
      if (wrap.scrollTop + wrap.clientHeight >= wrap.scrollHeight - 1) break;
      wrap.scrollTop += Math.max(1, wrap.clientHeight - 40);
    }
    wrap.scrollTop = 0;
    await frame();
    const missing = [];
    for (let k = 1; k <= total; k++) if (!seen.has(k)) missing.push(k);
    if (missing.length) throw new Error(`rows ${missing.slice(0, 10).join(', ')} of ${total} are never drawn`);
    return [...seen.keys()].sort((a, b) => a - b).map((k) => seen.get(k));
  });
}

// matrixData returns the data of the matrix page at file (its
// #matrix-data block) with every offer, which the data scripts beside
// it (offers-1.js, loaded by <script src> before matrix.js, then
// offers-2.js … up to its offer_chunks, which matrix.js loads on demand)
// append to window.gpucompareOffers, in the order of the default view,
// and with every GPU model, the page's and those its scripts gpus-1.js …
// append to window.gpucompareGPUs: each script is run, in order, in a
// context of its own holding only that window.
export function matrixData(file) {
  const html = readFileSync(file, 'utf8');
  const m = /<script type="application\/json" id="matrix-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error(`${file} has no matrix data block`);
  const data = JSON.parse(m[1]);
  const window = {};
  const srcs = [...html.matchAll(/<script src="((?:offers|gpus)-\d+\.js)"><\/script>/g)].map((m) => m[1]);
  for (let k = 2; k <= (data.offer_chunks || 0); k++) srcs.push(`offers-${k}.js`);
  for (const src of srcs) {
    vm.runInNewContext(readFileSync(path.join(path.dirname(file), src), 'utf8'), { window }, { filename: src });
  }
  // Read back as JSON: objects of this realm, not of the scripts' context.
  data.offers = JSON.parse(JSON.stringify(window.gpucompareOffers || []));
  data.gpus = (data.gpus || []).concat(JSON.parse(JSON.stringify(window.gpucompareGPUs || [])));
  return data;
}

// buildArchive writes the input files of a txtar archive (a test catalog
// such as generator/site/testdata/evaluation.txtar) into a new temporary
// folder, builds it with the gpucompare binary bin into its public/, and
// returns the folder (to remove after) and the file:// address of the site.
export function buildArchive(bin, archive, prefix) {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const parts = readFileSync(archive, 'utf8').split(/^-- (.+) --$\n/m);
  for (let i = 1; i < parts.length; i += 2) {
    const file = path.join(root, parts[i]);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, parts[i + 1]);
  }
  const out = path.join(root, 'public');
  try {
    execFileSync(bin, ['build', '-root', root, '-out', out], { stdio: 'pipe' });
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`gpucompare build of ${archive} failed:\n${e.stderr}`);
  }
  return { root, url: pathToFileURL(out + path.sep).href };
}

// openAt opens rel (with hash) of the site at siteURL in a new context of
// browser, width × height: the page, its context, and the problems
// (instrument) it meets, for closeClean.
export async function openAt(browser, siteURL, width, height, rel, hash = '') {
  const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const p = await ctx.newPage();
  const problems = await instrument(p, (u) => u.startsWith(siteURL) || u.startsWith('data:') || u === 'about:blank');
  await p.goto(siteURL + rel + hash);
  await settle(p);
  return { ctx, page: p, problems };
}

// closeClean closes what openAt opened and fails on the problems the page
// met or a breach of its content security policy.
export async function closeClean(t) {
  const problems = [...t.problems, ...(await cspViolations(t.page)).map((v) => `CSP violation: ${v}`)];
  await t.ctx.close();
  if (problems.length) throw new Error(problems.join('\n'));
}

// launchOver starts the one Chromium a test file shares, once the site
// built at root holds both editions: a file of these tests fails first on
// a site that was not built.
export async function launchOver(root) {
  assert.ok(existsSync(path.join(root, 'zh', 'index.html')), `no zh/index.html in ${root}: build the site first or set SITE_DIR`);
  return launch();
}

// openFile opens rel of the site built at root in a new page of browser at
// viewport and waits until it has settled: the page and the problems
// (instrument) it meets, for closeFile; hash ("#cn=1") is added to its
// address.
export async function openFile(browser, root, rel, viewport, hash = '') {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  const problems = await instrument(page, (u) => u.startsWith('file:') || u.startsWith('data:'));
  await page.goto(pathToFileURL(path.join(root, rel)).href + hash, { timeout: patience(30_000) });
  await settle(page);
  return { page, problems };
}

// closeFile closes what openFile opened, failing on a breach of the page's
// content security policy or the problems it met.
export async function closeFile({ page, problems }) {
  try {
    assert.deepEqual(await cspViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
}
