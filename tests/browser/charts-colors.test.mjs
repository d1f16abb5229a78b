// No two entries of a chart's legend share a colour, on every chart of the
// built site (SITE_DIR), in both editions: each chart's options are read
// from its page (the <script type="application/json" id="chart-…"> block
// static/charts.js draws from), each legend entry's colour taken as
// ECharts takes it (the series' own colour, else the option's palette by
// series order, else ECharts' default palette). Then the GPU pages with the
// most providers, drawn in Chromium, are read back through ECharts' API:
// the colour each legend entry is drawn with.
//
//   SITE_DIR=public node --test tests/browser/charts-colors.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { closeFile, launchOver, openFile } from './helpers.mjs';
import { patience } from './patience.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
// ECharts' own palette, for a series that names no colour in a chart
// that gives none.
const ECHARTS_PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];

let browser;
before(async () => {
  browser = await launchOver(SITE);
});
after(async () => {
  await browser?.close();
});

// chartBlocks lists every chart's options in the pages of the site: page,
// id and options.
function chartBlocks() {
  const out = [];
  for (const f of readdirSync(SITE, { recursive: true })) {
    if (!f.endsWith('.html')) continue;
    const html = readFileSync(path.join(SITE, f), 'utf8');
    for (const m of html.matchAll(/<script type="application\/json" id="(chart-[^"]+)">([\s\S]*?)<\/script>/g))
      out.push({ page: f.split(path.sep).join('/'), id: m[1], options: JSON.parse(m[2]) });
  }
  return out;
}

// legendColors is each legend entry of options with its colour.
function legendColors(options) {
  const series = [].concat(options.series || []);
  const palette = options.color || ECHARTS_PALETTE;
  const byName = new Map();
  series.forEach((s, i) => {
    const c = (s.itemStyle && s.itemStyle.color) || (s.lineStyle && s.lineStyle.color) || s.color || palette[i % palette.length];
    if (s.name != null && !byName.has(s.name)) byName.set(s.name, String(c).toLowerCase());
  });
  const legend = [].concat(options.legend || [])[0];
  if (!legend || legend.show === false) return [];
  const names = legend.data ? legend.data.map((d) => (typeof d === 'object' ? d.name : d)) : [...byName.keys()];
  return names.map((n) => [n, byName.get(n)]);
}

// shared lists the colours two or more entries have.
function shared(entries) {
  const by = new Map();
  for (const [n, c] of entries) by.set(c, [...(by.get(c) || []), n]);
  return [...by].filter(([, ns]) => ns.length > 1).map(([c, ns]) => `${ns.join(' / ')} share ${c}`);
}

test('no two legend entries share a colour on any chart of the site', () => {
  const blocks = chartBlocks();
  assert.ok(blocks.length > 20, `only ${blocks.length} charts in ${SITE}`);
  const problems = [];
  let legends = 0;
  for (const b of blocks) {
    const entries = legendColors(b.options);
    if (entries.length > 1) legends++;
    for (const e of entries) if (!e[1] || e[1] === 'undefined') problems.push(`${b.page} ${b.id}: legend entry "${e[0]}" has no series`);
    for (const s of shared(entries)) problems.push(`${b.page} ${b.id}: ${s}`);
  }
  assert.ok(legends > 10, `only ${legends} charts with a legend of two or more entries`);
  if (problems.length) assert.fail(`${problems.length} charts repeat a colour:\n` + problems.slice(0, 40).join('\n'));
});

// The pages of the GPU models whose charts name the most providers.
const GPU_PAGES = ['gpus/h100-sxm5-80gb/index.html', 'gpus/a100-sxm4-80gb/index.html'];

for (const edition of ['', 'zh/']) {
  test(`${edition || 'en/'}: the GPU pages' charts draw each legend entry in a colour of its own`, { timeout: patience(60_000) }, async () => {
    for (const rel of GPU_PAGES) {
      const t = await openFile(browser, SITE, edition + rel, { width: 1280, height: 800 });
      try {
        await t.page.waitForFunction(() => [...document.querySelectorAll('.chart')].some((el) => window.echarts && echarts.getInstanceByDom(el)));
        const drawn = await t.page.evaluate(() =>
          [...document.querySelectorAll('.chart')].map((el) => {
            const chart = echarts.getInstanceByDom(el);
            if (!chart) return { id: el.id, entries: [] };
            const model = chart.getModel();
            const legend = model.getComponent('legend');
            const names = legend ? legend.getData().map((d) => d.get('name')) : [];
            const entries = names.map((n) => {
              const s = model.getSeriesByName(n)[0];
              const style = s && s.getData().getVisual('style');
              return [n, String((style && style.fill) || (s && s.get(['itemStyle', 'color']))).toLowerCase()];
            });
            return { id: el.id, entries };
          }),
        );
        const problems = [];
        for (const c of drawn) for (const s of shared(c.entries)) problems.push(`${edition}${rel} ${c.id}: ${s}`);
        assert.ok(drawn.some((c) => c.entries.length > 3), `${edition}${rel}: no chart with a legend of several providers`);
        if (problems.length) assert.fail(problems.join('\n'));
      } finally {
        await closeFile(t);
      }
    }
  });
}
