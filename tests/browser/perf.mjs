// Timings of the instance matrix with a large catalog: not a test, a
// measurement (make perf). It opens /compare/ of a built site (SITE_DIR,
// normally the 10,000-offer synthetic catalog of `gpucompare synth`) in
// headless Chromium and times, RUNS times each, how long the page takes
// from an input event to the next painted frame for: sorting by the price
// per GPU-hour, sorting by GPU, typing in the text search, typing a
// numeric filter on the price, toggling a facet and scrolling the table's
// box by a screenful (which draws the rows come into view). It prints a
// table of medians, and the page's size and row count.
//
// Two ways of timing, both printed:
//
//   script  the event is dispatched inside the page (button.click(),
//           an "input" or "change" event) right after reading
//           performance.now(); the handler runs, then the clock stops in a
//           task posted from the next requestAnimationFrame callback, which
//           runs once that frame's style, layout and paint are done.
//   event   the event is real input from Playwright (a mouse click, a key),
//           and the time is the duration of Chromium's Event Timing entry
//           for it: from the input's timestamp to the next frame presented
//           after its handlers ran, in steps of 8 ms. Chromium reports only
//           entries of 16 ms or more, so a faster one counts as "<16".
//
//   SITE_DIR=DIR/public node tests/browser/perf.mjs

import { readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { allOffers, launch, matrixData } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const RUNS = Number(process.env.RUNS || 20);
const PAGE = path.join(SITE, 'compare', 'index.html');

const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (a, p) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.ceil((p / 100) * a.length) - 1)];

// The interactions. Each run alternates between two states, so every run
// does the work anew (a sort flips direction, a filter changes).
const CASES = [
  {
    name: 'sort by price per GPU-hour',
    script: () => document.querySelector('#matrix thead th[data-col="per_gpu"] button.sort').click(),
    real: (page) => page.click('#matrix thead th[data-col="per_gpu"] button.sort'),
  },
  {
    name: 'sort by GPU',
    script: () => document.querySelector('#matrix thead th[data-col="gpu"] button.sort').click(),
    real: (page) => page.click('#matrix thead th[data-col="gpu"] button.sort'),
  },
  {
    name: 'text filter (type a letter)',
    setup: async (page) => {
      await page.fill('#matrix-q', 'g');
      await page.focus('#matrix-q');
    },
    script: (i) => {
      const q = document.getElementById('matrix-q');
      q.value = i % 2 ? 'g' : 'g6';
      q.dispatchEvent(new Event('input', { bubbles: true }));
    },
    real: (page, i) => page.keyboard.press(i % 2 ? 'Backspace' : '6'),
    teardown: (page) => page.fill('#matrix-q', ''),
  },
  {
    name: 'numeric filter (price < 2 / < 20)',
    setup: async (page) => {
      await page.fill('tr.filters input[data-col="price"]', '<2');
      await page.focus('tr.filters input[data-col="price"]');
    },
    script: (i) => {
      const f = document.querySelector('tr.filters input[data-col="price"]');
      f.value = i % 2 ? '<2' : '<20';
      f.dispatchEvent(new Event('input', { bubbles: true }));
    },
    real: (page, i) => page.keyboard.press(i % 2 ? 'Backspace' : '0'),
    teardown: (page) => page.fill('tr.filters input[data-col="price"]', ''),
  },
  {
    name: 'facet toggle (a provider)',
    setup: async (page) => {
      await page.click('details[data-facet="provider"] summary');
    },
    script: () => {
      const box = document.querySelector('details[data-facet="provider"] input');
      box.checked = !box.checked;
      box.dispatchEvent(new Event('change', { bubbles: true }));
    },
    real: (page) => page.click('details[data-facet="provider"] input >> nth=0'),
    teardown: async (page) => {
      if (await page.isChecked('details[data-facet="provider"] input >> nth=0')) await page.click('details[data-facet="provider"] input >> nth=0');
      await page.click('details[data-facet="provider"] summary');
    },
  },
  {
    name: 'scroll the table a screenful',
    setup: async (page) => {
      await page.hover('#matrix tbody tr:not(.pad) >> nth=2');
    },
    script: (i) => {
      const wrap = document.getElementById('matrix').closest('.table-wrap');
      wrap.scrollTop = (i % 2 ? 0 : 1) * wrap.clientHeight + (wrap.scrollHeight / 2) * ((i >> 1) % 2);
    },
    // No real input: Event Timing does not time scrolling.
    teardown: (page) => page.evaluate(() => (document.getElementById('matrix').closest('.table-wrap').scrollTop = 0)),
  },
];

// measure runs in the page: it starts the clock, dispatches the event
// through fn, and stops the clock in a task posted from the next animation
// frame callback, which runs after that frame is painted.
function measure(fn, i) {
  return new Promise((resolve) => {
    const start = performance.now();
    fn(i);
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve(performance.now() - start);
      ch.port2.postMessage(0);
    });
  });
}

async function main() {
  const size = statSync(PAGE).size;
  const gz = gzipSync(readFileSync(PAGE), { level: 9 }).length;
  const html = readFileSync(PAGE, 'utf8');
  const offers = matrixData(PAGE).offers.length;
  const htmlRows = (html.match(/<tr[ >]/g) || []).length;
  const load = loadavg()[0];

  const browser = await launch();
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const t0 = Date.now();
  await page.goto(pathToFileURL(PAGE).href);
  await page.waitForSelector('#matrix-controls:not([hidden])');
  const ready = Date.now() - t0;
  await allOffers(page); // the timings are of the whole matrix
  const all = Date.now() - t0;
  await page.evaluate(() => {
    window.__entries = [];
    new PerformanceObserver((list) => window.__entries.push(...list.getEntries())).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });

  const rows = [];
  for (const c of CASES) {
    if (c.setup) await c.setup(page);
    // script: in-page dispatch, performance.now() to after the next paint.
    const script = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const ms = await page.evaluate(`(${measure})(${c.script}, ${i})`);
      if (i >= 2) script.push(ms); // two warm-up runs
      await page.waitForTimeout(30);
    }
    // event: real input, Event Timing duration.
    const event = [];
    for (let i = 0; c.real && i < RUNS + 2; i++) {
      const since = await page.evaluate(() => performance.now());
      await c.real(page, i + RUNS);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
      const d = await page.evaluate(
        (since) => Math.max(0, ...window.__entries.filter((e) => e.startTime >= since).map((e) => e.duration)),
        since,
      );
      if (i >= 2) event.push(d);
    }
    if (c.teardown) await c.teardown(page);
    const shown = await page.textContent('#matrix-count');
    rows.push({ name: c.name, script, event, shown });
  }
  await browser.close();

  const fmt = (v) => v.toFixed(1).padStart(6);
  const ev = (v) => (v < 16 ? '   <16' : String(Math.round(v)).padStart(6));
  console.log(`\n/compare/ with ${offers.toLocaleString('en-US')} offers: ${path.relative(process.cwd(), PAGE)}`);
  console.log(`page: ${size.toLocaleString('en-US')} bytes, ${gz.toLocaleString('en-US')} gzipped (zlib level 9), ${htmlRows.toLocaleString('en-US')} table rows in its HTML; first screen drawn in ${ready} ms, every offer loaded in ${all} ms`);
  console.log(`${RUNS} runs each after 2 warm-up runs, headless Chromium, ${cpus().length} CPUs, load average ${load.toFixed(2)} at the start\n`);
  console.log('| interaction | script median ms | script p90 ms | script max ms | event median ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(`| ${r.name} | ${fmt(median(r.script))} | ${fmt(pct(r.script, 90))} | ${fmt(Math.max(...r.script))} | ${r.event.length ? ev(median(r.event)) : '     —'} |`);
  }
  console.log('\nscript: in-page dispatch to after the next painted frame; event: Event Timing duration of real input (see tests/browser/perf.mjs)');
  if (errors.length) {
    console.error('\npage errors:\n' + errors.join('\n'));
    process.exitCode = 1;
  }
}

await main();
