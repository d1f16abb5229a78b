// The charts in headless Chromium, under the pages' own Content-Security-
// Policy: from file:// with every non-file request blocked, and over a
// loopback server under a PR-preview sub-path. Two sites are opened: the
// built site (SITE_DIR) and a small site root whose provider, instance and
// GPU names are hostile markup, built here. On every page with a chart,
// every chart container gets a canvas of non-zero size, hovering the charts
// (their tooltips draw on the canvas) raises no console error and no CSP
// violation — for each pricing model of a figure that has a switch — and no
// injected script runs — also with the policy switched
// off, so escaping, not the policy, is what keeps window.__pwned unset.
// Chart-free pages request no ECharts file. Screenshots of the chart pages
// go to tests/browser/screenshots/charts-*.png.
//
// GPUCOMPARE names the binary (default bin/gpucompare; make test-browser
// builds it).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, serve, settle } from './helpers.mjs';
import { patience } from './patience.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const PREFIX = '/preview/pr-1/';
const WIDTHS = [1280, 375];

const SCRIPT = '</script><script>window.__pwned=1</script>';
const ATTR = '"><img src=x onerror="window.__pwned=1">';
const QUOTES = `it's "quoted" & <b>bold</b> 'single'`;
const q = (s) => `'${s.replaceAll("'", "''")}'`;

// A site root whose chart text is hostile, with enough prices for every
// kind of chart: two providers and currencies, a GPU with several offers,
// spot and reserved prices, and a price change on known dates.
const files = {
  'data/site.yaml': `title: Charts\ncurrency: USD\n`,
  'data/fx.yaml': `rates:\n  - {base: USD, quote: CNY, rate: 7.0, date: 2025-01-02, source: ${q('fx ' + ATTR)}}\n`,
  'data/gpus/x.yaml': `id: x
name: ${q('GPU ' + SCRIPT)}
vendor: ${q(ATTR)}
memory_gb: 40
dense: {fp32: 19.5, fp16_bf16: 312}
source: s
`,
  'data/gpus/y.yaml': `id: y
name: ${q('GPU ' + QUOTES)}
vendor: V
memory_gb: 16
dense: {fp16_bf16: 65}
source: s
`,
  'data/providers/p.yaml': `id: p
name: ${q('Provider ' + SCRIPT)}
kind: gpu_cloud
currency: USD
regions: [{id: r1, name: ${q('Region ' + ATTR)}}, {id: r2}]
instances:
  - {id: i1, name: ${q('Instance ' + ATTR)}, gpu: x, gpu_count: 8, regions: [r1, r2], source: s}
  - {id: i2, name: ${q('Small ' + QUOTES)}, gpu: y, gpu_count: 1, regions: [all], source: s}
`,
  'data/providers/q.yaml': `id: q
name: ${q('Other ' + QUOTES + ' ' + ATTR)}
kind: public_cloud
currency: CNY
regions: [{id: c1}]
instances:
  - {id: j1, name: ${q('J ' + SCRIPT)}, gpu: x, gpu_count: 1, regions: [c1], source: s}
`,
  'data/prices/p.yaml': `provider: p
prices:
  - {instance: i1, region: r1, model: on_demand, amount: 32.77, currency: USD, since: 2024-01, source: s, source_kind: provider}
  - {instance: i1, region: r1, model: on_demand, amount: 21.96, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: i1, region: r1, model: spot, amount: 9.8, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
  - {instance: i1, region: r1, model: reserved_1y, effective_hourly: 14, payment: all_upfront, currency: USD, since: 2025, source: s, source_kind: provider}
  - {instance: i1, region: r2, model: on_demand, amount: 30, currency: USD, since: 2025-05-01, source: s, source_kind: provider}
  - {instance: i2, region: all, model: on_demand, amount: 0.5, currency: USD, since: 2025-06-01, source: s, source_kind: provider}
`,
  'data/prices/q.yaml': `provider: q
prices:
  - {instance: j1, region: c1, model: on_demand, amount: 14, currency: CNY, since: 2025-03, source: s, source_kind: provider}
  - {instance: j1, region: c1, model: spot, discount_pct: 60, currency: CNY, since: unknown, source: s, source_kind: provider}
`,
  'data/benchmarks/b.yaml': `id: b
name: ${q('Bench ' + SCRIPT)}
suite: trial
metric: throughput
unit: tokens/s
higher_is_better: true
results:
  - {round: ${q('Round ' + ATTR)}, submitter: ${q('Team ' + QUOTES)}, system: ${q('System ' + SCRIPT)}, gpu: x, gpu_count: 8, value: 1000, source: s}
  - {round: ${q('Round ' + ATTR)}, submitter: ${q('Other ' + ATTR)}, gpu: x, gpu_count: 8, value: 1500, source: s}
`,
  'content/methodology.md': `---\ntitle: Methodology\n---\n\nNo chart here.\n`,
};

// The pages of the hostile site that must have charts.
const HOSTILE_CHART_PAGES = ['index.html', 'gpus/index.html', 'gpus/x/index.html', 'providers/index.html', 'instances/p/i1/index.html', 'benchmarks/b/index.html'];
// Pages that must load no ECharts file.
const CHART_FREE = ['404.html', 'methodology/index.html', 'compare/index.html'];

let browser;
let hostileRoot;
const sites = {}; // name → { dir, url, server, chartPages }

function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

// chartPages lists the pages of a built site that carry chart options.
function chartPages(dir) {
  return htmlFiles(dir).filter((p) => /<script type="application\/json" id="chart-/.test(readFileSync(path.join(dir, p), 'utf8')));
}

before(async () => {
  assert.ok(existsSync(BIN), `no gpucompare binary at ${BIN}: build it first (make binary) or set GPUCOMPARE`);
  assert.ok(existsSync(path.join(SITE, 'index.html')), `no built site at ${SITE}: build it first (make test-browser does) or set SITE_DIR`);
  hostileRoot = mkdtempSync(path.join(tmpdir(), 'gpucompare-charts-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(hostileRoot, name)), { recursive: true });
    writeFileSync(path.join(hostileRoot, name), text);
  }
  const out = path.join(hostileRoot, 'public');
  try {
    execFileSync(BIN, ['build', '-root', hostileRoot, '-out', out], { stdio: 'pipe' });
  } catch (e) {
    assert.fail(`gpucompare build of the hostile chart catalog failed:\n${e.stderr}`);
  }
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  for (const [name, dir] of [['site', SITE], ['hostile', out]]) {
    const server = await serve(dir, PREFIX);
    sites[name] = { dir, url: pathToFileURL(dir + path.sep).href, server, chartPages: chartPages(dir) };
  }
  for (const p of HOSTILE_CHART_PAGES)
    assert.ok(sites.hostile.chartPages.includes(p), `the hostile site has no chart on ${p} (charts on: ${sites.hostile.chartPages.join(', ')})`);
});

after(async () => {
  await browser?.close();
  for (const s of Object.values(sites)) await s.server.close();
  if (hostileRoot && !process.env.KEEP_HOSTILE) rmSync(hostileRoot, { recursive: true, force: true });
});

// open loads one page of a site and returns the page, its recorded
// problems and every URL it requested.
async function open(ctx, site, pass, rel) {
  const page = await ctx.newPage();
  const allowed = (u) => {
    const url = new URL(u);
    if (url.protocol === 'data:' || u === 'about:blank') return true;
    if (pass === 'file') return url.protocol === 'file:' && u.startsWith(site.url);
    return url.origin === site.server.origin && url.pathname.startsWith(PREFIX);
  };
  // file://: nothing but the site's own files may even be asked for.
  if (pass === 'file') await page.route((u) => u.protocol !== 'file:' && u.protocol !== 'data:', (r) => r.abort('blockedbyclient'));
  const problems = await instrument(page, allowed);
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto((pass === 'file' ? site.url : site.server.base) + rel, { waitUntil: 'load' });
  await settle(page);
  return { page, problems, requested };
}

// chartState reads what was drawn: each chart container with its canvas
// size, and whether the injected script ran.
function chartState(page) {
  return page.evaluate(() => ({
    pwned: window.__pwned,
    echarts: typeof window.echarts,
    blocks: document.querySelectorAll('script[type="application/json"][id^="chart-"]').length,
    charts: [...document.querySelectorAll('.chart')].map((el) => {
      const r = el.getBoundingClientRect();
      const c = el.querySelector('canvas, svg');
      const cr = c?.getBoundingClientRect();
      return { id: el.id, shown: !el.closest('[hidden]'), w: r.width, h: r.height, drawn: !!c, cw: cr?.width || 0, ch: cr?.height || 0 };
    }),
  }));
}

// hover moves the mouse over each chart shown in a grid of points, so
// tooltips (and anything they would write) show.
async function hover(page) {
  const shown = '.chart:not([hidden] .chart)';
  const n = await page.$$eval(shown, (els) => els.length);
  for (let i = 0; i < n; i++) {
    await page.$$eval(shown, (els, i) => els[i].scrollIntoView({ block: 'center' }), i);
    const b = await page.$$eval(shown, (els, i) => { const r = els[i].getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; }, i);
    for (const fx of [0.2, 0.35, 0.5, 0.65, 0.8])
      for (const fy of [0.25, 0.5, 0.75]) await page.mouse.move(b.x + b.w * fx, b.y + b.h * fy);
  }
}

for (const pass of ['file', 'http']) {
  describe(pass === 'file' ? 'charts from file://, other requests blocked' : `charts over http under ${PREFIX}`, () => {
    for (const siteName of ['site', 'hostile']) {
      for (const width of WIDTHS) {
        test(`${siteName}: every chart draws at ${width}px, no error, no CSP violation, nothing injected runs`, { timeout: patience(120_000) }, async () => {
          const site = sites[siteName];
          const pages = siteName === 'hostile' ? site.chartPages : pickKinds(site.chartPages);
          assert.ok(pages.length > 0, `${siteName}: no page with a chart`);
          const ctx = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
          const problems = [];
          try {
            for (const rel of pages) {
              const { page, problems: events } = await open(ctx, site, pass, rel);
              const s = await chartState(page);
              if (s.echarts !== 'object') problems.push(`${rel}: ECharts did not load (window.echarts is ${s.echarts})`);
              if (s.charts.length === 0 || s.charts.length !== s.blocks)
                problems.push(`${rel}: ${s.blocks} chart options blocks but ${s.charts.length} chart containers`);
              const drawn = new Set();
              const check = async (when) => {
                for (const c of (await chartState(page)).charts) {
                  if (!c.shown) continue;
                  if (!c.drawn || c.w < 1 || c.h < 1 || c.cw < 1 || c.ch < 1)
                    problems.push(`${rel}${when}: chart ${c.id} not drawn (box ${c.w}×${c.h}, canvas ${c.cw}×${c.ch})`);
                  else drawn.add(c.id);
                }
                await hover(page);
              };
              await check('');
              // Each pricing model of each switch, and back to the first.
              const switches = await page.$$('.chart-switch select');
              if (s.charts.some((c) => !c.shown) && switches.length === 0)
                problems.push(`${rel}: hidden charts but no switch to show them`);
              for (const sel of switches) {
                const values = await sel.$$eval('option', (os) => os.map((o) => [o.value, o.textContent]));
                for (const [v, name] of [...values.slice(1), values[0]]) {
                  await sel.selectOption(v);
                  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
                  await check(` (${name})`);
                }
              }
              for (const c of s.charts) if (!drawn.has(c.id)) problems.push(`${rel}: chart ${c.id} never shown and drawn`);
              if (pass === 'file' && siteName === 'site') {
                await page.evaluate(() => window.scrollTo(0, 0));
                await page.screenshot({ path: path.join(SHOTS, `charts-${shotName(rel)}-${width}.png`), fullPage: true });
              }
              const after = await chartState(page);
              if (after.pwned !== undefined) problems.push(`${rel}: window.__pwned is ${after.pwned}`);
              for (const v of await cspViolations(page)) problems.push(`${rel}: CSP violation: ${v}`);
              for (const e of events) problems.push(`${rel}: ${e}`);
              await page.close();
            }
          } finally {
            await ctx.close();
          }
          if (problems.length) assert.fail(problems.join('\n'));
        });
      }
    }

    test('chart-free pages request no ECharts file', { timeout: patience(60_000) }, async () => {
      const problems = [];
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        for (const siteName of ['site', 'hostile']) {
          const site = sites[siteName];
          for (const rel of CHART_FREE) {
            if (!existsSync(path.join(site.dir, rel))) continue;
            const { page, requested } = await open(ctx, site, pass, rel);
            for (const u of requested) if (/echarts|charts\.js/.test(u)) problems.push(`${siteName} ${rel}: requests ${u}`);
            if (await page.evaluate(() => typeof window.echarts !== 'undefined')) problems.push(`${siteName} ${rel}: ECharts is loaded`);
            await page.close();
          }
        }
      } finally {
        await ctx.close();
      }
      if (problems.length) assert.fail(problems.join('\n'));
    });
  });
}

// With the policy switched off an injected inline script would run: the
// hostile names must stay text in the options blocks and on the canvas.
test('hostile chart text stays inert with the policy switched off', { timeout: patience(60_000) }, async () => {
  const site = sites.hostile;
  const ctx = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const problems = [];
  try {
    for (const rel of site.chartPages) {
      const { page, problems: events } = await open(ctx, site, 'file', rel);
      await hover(page);
      const r = await page.evaluate(() => ({
        pwned: window.__pwned,
        injected: [...document.querySelectorAll('img[src="x"], img[src$="/x"], script:not([src]):not([type="application/json"])')].map((e) => e.outerHTML.slice(0, 80)),
        names: [...document.querySelectorAll('script[type="application/json"][id^="chart-"]')].map((s) => {
          try {
            return JSON.stringify(JSON.parse(s.textContent));
          } catch (e) {
            return 'not JSON: ' + e.message;
          }
        }),
      }));
      if (r.pwned !== undefined) problems.push(`${rel}: window.__pwned is ${r.pwned}: injected script ran`);
      for (const i of r.injected) problems.push(`${rel}: injected markup: ${i}`);
      for (const n of r.names) if (n.startsWith('not JSON')) problems.push(`${rel}: options block ${n}`);
      // Names reach the chart as the text typed.
      if (!r.names.some((n) => n.includes(JSON.stringify(SCRIPT).slice(1, -1)) || n.includes(JSON.stringify(ATTR).slice(1, -1))))
        problems.push(`${rel}: no hostile name in the chart options as text`);
      for (const e of events) problems.push(`${rel}: ${e}`);
      await page.close();
    }
  } finally {
    await ctx.close();
  }
  if (problems.length) assert.fail(problems.join('\n'));
});

// On a phone the labels of charts of named rows (a scenario's costs, the
// prices by GPU model) stay readable: no two lines of text on a chart run
// into each other (the figures of the value axis were written end to end),
// and every row keeps its name left of the plot (the last one was dropped).
test('charts of named rows keep every label, apart, at 375px', { timeout: patience(60_000) }, async () => {
  const site = sites.site;
  const pages = ['scenarios/mid-size-reserved/index.html', 'gpus/index.html'].filter((p) => site.chartPages.includes(p));
  assert.ok(pages.length > 0, 'the site has no scenario or GPU matrix page with charts');
  const ctx = await browser.newContext({ viewport: { width: 375, height: 900 }, deviceScaleFactor: 1 });
  const problems = [];
  try {
    for (const rel of pages) {
      const { page } = await open(ctx, site, 'file', rel);
      const found = await page.evaluate(() => {
        const out = [];
        let rows = 0;
        for (const el of document.querySelectorAll('.chart')) {
          const chart = el.closest('[hidden]') ? null : echarts.getInstanceByDom(el);
          const y = chart && chart.getOption().yAxis[0];
          if (!y || y.type !== 'category') continue;
          // Every line of text drawn, as its box in the chart.
          const spans = chart
            .getZr()
            .storage.getDisplayList()
            .filter((e) => e.style && e.style.text != null && String(e.style.text).trim() !== '' && !e.ignore && !e.invisible)
            .map((e) => {
              const r = e.getBoundingRect().clone();
              if (e.transform) r.applyTransform(e.transform);
              return { text: String(e.style.text), x: r.x, y: r.y, w: r.width, h: r.height };
            });
          for (let i = 0; i < spans.length; i++)
            for (let j = i + 1; j < spans.length; j++) {
              const [a, b] = [spans[i], spans[j]];
              const sameLine = a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;
              if (sameLine && Math.max(b.x - (a.x + a.w), a.x - (b.x + b.w)) < 3)
                out.push(`${el.id}: "${a.text}" and "${b.text}" run together`);
            }
          const plot = chart.getModel().getComponent('grid', 0).coordinateSystem.getRect();
          const half = plot.height / y.data.length / 2;
          y.data.forEach((name, k) => {
            const mid = chart.convertToPixel({ yAxisIndex: 0 }, k);
            if (!spans.some((s) => s.x + s.w <= plot.x + 1 && Math.abs(s.y + s.h / 2 - mid) < half))
              out.push(`${el.id}: row ${k + 1} (${typeof name === 'object' ? name.value : name}) has no label`);
          });
          rows++;
        }
        return { out, rows };
      });
      if (found.rows === 0) problems.push(`${rel}: no chart of named rows drawn`);
      problems.push(...found.out.map((p) => `${rel}: ${p}`));
      await page.close();
    }
  } finally {
    await ctx.close();
  }
  if (problems.length) assert.fail(problems.join('\n'));
});

// pickKinds keeps one page of each kind with charts (home, GPU matrix,
// providers, the first GPU page, the first instance page, the first
// benchmark page), so the shipped site's run stays short.
function pickKinds(pages) {
  const seen = new Set();
  return pages.filter((p) => {
    const kind = p.replace(/^(gpus|instances|providers|benchmarks)\/.+\/index\.html$/, '$1/*');
    if (seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
}

function shotName(rel) {
  if (rel === 'index.html') return 'home';
  return rel.replace(/\/index\.html$/, '').replace(/\.html$/, '').replaceAll('/', '-');
}
