// The names drawn on the charts, read back from ECharts in headless
// Chromium, from file://:
//
// - A scenario's cost chart gives its bars' names the room of the longest
//   of them: at 1280 px each offer's name is drawn whole on one line, in
//   English and in Chinese, however long (up to 60% of the chart); at
//   375 px every bar's tooltip names its offer in full (the name on the
//   axis may wrap and end in "…"). Checked on a small catalog, built here,
//   whose offers have long names in both languages.
// - On the price–performance charts (a benchmark's, the GPU matrix's),
//   the names of the points on the frontier do not overlap one another,
//   cover no other point's mark and stay inside the plot, at 1280 and
//   375 px, on every chart of the built site (SITE_DIR), in both editions.
//
// GPUCOMPARE names the binary (default bin/gpucompare).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeFile, launchOver, openFile } from './helpers.mjs';
import { patience } from './patience.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const SITE = path.resolve(process.env.SITE_DIR || 'public');

// A catalog of one provider whose three offers of one GPU have long names
// in both languages, and a scenario that ranks them.
const LONG_EN = 'Whole host of eight A100 SXM4 80GB with NVLink, billed per GPU-hour';
const LONG_ZH = '八卡 A100 SXM4 80GB 整机（含 NVLink 与本地盘，按单GPU计价）';
const files = {
  'data/site.yaml': 'title: T\ncurrency: USD\nlanguage: en\neditions:\n  - language: zh-CN\n    dir: zh\n',
  'data/gpus/a100.yaml':
    '{id: a100, name: A100 SXM4 80GB, model: A100, vendor: NVIDIA, released: 2020-11, memory_gb: 80, dense: {fp32: 19.5, fp16_bf16: 312}, source: s}\n',
  'data/providers/cloud.yaml': `id: cloud
name: Example Cloud
kind: public_cloud
currency: USD
i18n: {zh-CN: {name: 示例云}}
regions:
  - {id: north-1, name: Northern Region One, i18n: {zh-CN: {name: 华北一区（示例市）}}}
  - {id: south-2, name: Southern Region Two, i18n: {zh-CN: {name: 华南二区（另一市）}}}
instances:
  - {id: big-1, name: '${LONG_EN}', i18n: {zh-CN: {name: '${LONG_ZH}'}}, gpu: a100, gpu_count: 8, regions: [north-1, south-2], source: s}
  - {id: big-2, name: '${LONG_EN} v2', i18n: {zh-CN: {name: '${LONG_ZH} v2'}}, gpu: a100, gpu_count: 8, regions: [north-1], source: s}
`,
  'data/prices/cloud.yaml': `provider: cloud
prices:
  - {instance: big-1, region: north-1, model: on_demand, amount: 20.00, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: big-1, region: south-2, model: on_demand, amount: 21.00, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: big-2, region: north-1, model: on_demand, amount: 22.00, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
`,
  'data/scenarios/train.yaml': `id: train
title: Train on eight GPUs
description: Eight GPUs on demand for a year.
source: s
i18n: {zh-CN: {title: 八卡训练, description: 八卡按量计费，为期一年。}}
workload:
  gpu_hours_per_month: 2000
  months: 12
  gpus_per_job: 8
  job_hours: 10
strategies:
  - id: on-demand
    name: On-demand
    i18n: {zh-CN: {name: 按量计费}}
    mix:
      - {model: on_demand, percent: 100}
`,
};

let browser, root, out;
before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'gpucompare-labels-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  out = path.join(root, 'public');
  try {
    execFileSync(BIN, ['build', '-root', root, '-out', out], { stdio: 'pipe' });
  } catch (e) {
    assert.fail(`gpucompare build of the long-names catalog failed:\n${e.stderr}`);
  }
  browser = await launchOver(SITE);
});
after(async () => {
  await browser?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

// categoryCharts reads each drawn chart of named rows: its rows' names,
// the name each bar's tooltip gives ({b}, its data item's name), and
// every line of text drawn on it.
function categoryCharts(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('.chart')) {
      const chart = el.closest('[hidden]') ? null : window.echarts && echarts.getInstanceByDom(el);
      const o = chart && chart.getOption();
      const y = o && o.yAxis && o.yAxis[0];
      if (!y || y.type !== 'category') continue;
      const lines = chart
        .getZr()
        .storage.getDisplayList()
        .filter((e) => e.style && e.style.text != null && !e.ignore && !e.invisible)
        .map((e) => String(e.style.text));
      out.push({
        id: el.id,
        width: el.clientWidth,
        rows: y.data.map((d) => (d !== null && typeof d === 'object' ? d.value : d)),
        tips: o.series.map((s) => s.data.map((d) => d && d.name)),
        lines,
        widths: y.data.map((d) => {
          const ctx = document.createElement('canvas').getContext('2d');
          ctx.font = '12px sans-serif';
          return Math.round(ctx.measureText(String(d !== null && typeof d === 'object' ? d.value : d)).width);
        }),
      });
    }
    return out;
  });
}

describe("a scenario's cost chart names its offers", () => {
  for (const edition of ['', 'zh/']) {
    for (const width of [1280, 375]) {
      test(`${edition || 'en/'} at ${width}px`, { timeout: patience(60_000) }, async () => {
        const t = await openFile(browser, out, `${edition}scenarios/train/index.html`, { width, height: 900 });
        try {
          await t.page.waitForFunction(() => [...document.querySelectorAll('.chart')].some((el) => window.echarts && echarts.getInstanceByDom(el)));
          const charts = await categoryCharts(t.page);
          assert.ok(charts.length > 0, 'no cost chart drawn');
          const long = edition ? LONG_ZH : LONG_EN;
          for (const c of charts) {
            assert.ok(c.rows.length >= 3 && c.rows.every((r) => r.includes(long)), `${c.id}: rows ${JSON.stringify(c.rows)}, want the three long offers`);
            // Longer than 40% of the chart, as a desktop chart gave them
            // before, and within 60% of it.
            if (width === 1280) assert.ok(c.widths.every((w) => w > 0.4 * c.width && w < 0.6 * c.width), `${c.id}: names ${c.widths.join(', ')} px wide in a chart ${c.width} px wide`);
            for (const tips of c.tips) assert.deepEqual(tips, c.rows, `${c.id}: a bar's tooltip does not name its offer in full`);
            if (width === 1280) {
              const cut = c.rows.filter((r) => !c.lines.includes(r));
              assert.deepEqual(cut, [], `${c.id}: names not drawn whole on one line in a chart ${c.width} px wide (lines drawn: ${JSON.stringify(c.lines.filter((l) => l.length > 12))})`);
            }
          }
        } finally {
          await closeFile(t);
        }
      });
    }
  }
});

// frontierPages lists the pages of the built site with a price–performance
// chart: the benchmarks' and the GPU matrix, in both editions.
function frontierPages() {
  const out = [];
  for (const f of readdirSync(SITE, { recursive: true })) {
    const rel = f.split(path.sep).join('/');
    if (!/^(zh\/)?(benchmarks\/[^/]+|gpus)\/index\.html$/.test(rel)) continue;
    if (/"formatter":"\{b\}"/.test(readFileSync(path.join(SITE, f), 'utf8'))) out.push(rel);
  }
  return out.sort();
}

// namedPoints reads each drawn chart with named points: every name shown,
// as its box on the canvas, every point's mark as a box, and the plot.
function namedPoints(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('.chart')) {
      const chart = el.closest('[hidden]') ? null : window.echarts && echarts.getInstanceByDom(el);
      if (!chart) continue;
      const model = chart.getModel();
      const labels = [];
      const marks = [];
      model.eachSeries((s) => {
        const data = s.getData();
        data.each((i) => {
          const xy = data.getItemLayout(i);
          let size = data.getItemVisual(i, 'symbolSize');
          size = Array.isArray(size) ? Math.max(...size) : +size || 0;
          if (xy && isFinite(xy[0])) marks.push({ name: data.getName(i), x: xy[0] - size / 2, y: xy[1] - size / 2, w: size, h: size, cx: xy[0], cy: xy[1] });
          const g = data.getItemGraphicEl(i);
          const host = g && (g.getTextContent ? g : null);
          const walk = (e) => {
            const t = e.getTextContent && e.getTextContent();
            if (t && !t.ignore && !t.invisible && t.style && t.style.text) {
              const r = t.getBoundingRect().clone();
              const m = t.getComputedTransform();
              if (m) r.applyTransform(m);
              labels.push({ text: String(t.style.text), x: r.x, y: r.y, w: r.width, h: r.height, cx: xy && xy[0], cy: xy && xy[1] });
            }
            if (e.isGroup) e.eachChild(walk);
          };
          if (host || g) walk(g);
        });
      });
      if (!labels.length) continue;
      const grid = model.getComponent('grid', 0);
      const plot = grid && grid.coordinateSystem.getRect();
      out.push({ id: el.id, labels, marks, plot: plot && { x: plot.x, y: plot.y, w: plot.width, h: plot.height } });
    }
    return out;
  });
}

const hit = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('the names of points on price–performance charts', () => {
  const pages = frontierPages();
  test('the built site has price–performance charts in both editions', () => {
    assert.ok(pages.some((p) => p.startsWith('benchmarks/')) && pages.some((p) => p.startsWith('zh/benchmarks/')), `pages: ${pages.join(', ')}`);
  });
  for (const width of [1280, 375]) {
    test(`at ${width}px: apart, clear of other points, inside the plot`, { timeout: patience(240_000) }, async () => {
      const problems = [];
      let named = 0;
      for (const rel of pages) {
        const t = await openFile(browser, SITE, rel, { width, height: 900 });
        try {
          await t.page.waitForFunction(() => [...document.querySelectorAll('.chart')].some((el) => window.echarts && echarts.getInstanceByDom(el)));
          for (const c of await namedPoints(t.page)) {
            named += c.labels.length;
            const L = c.labels;
            for (let i = 0; i < L.length; i++) {
              const a = L[i];
              for (let j = i + 1; j < L.length; j++) if (hit(a, L[j])) problems.push(`${rel} ${c.id}: "${a.text}" overlaps "${L[j].text}"`);
              // Another point's mark: one drawn somewhere else than the named point.
              for (const m of c.marks)
                if ((Math.abs(m.cx - a.cx) > 0.5 || Math.abs(m.cy - a.cy) > 0.5) && hit(a, m))
                  problems.push(`${rel} ${c.id}: "${a.text}" covers the mark of "${m.name}"`);
              const p = c.plot;
              if (p && (a.x < p.x - 0.5 || a.y < p.y - 0.5 || a.x + a.w > p.x + p.w + 0.5 || a.y + a.h > p.y + p.h + 0.5))
                problems.push(`${rel} ${c.id}: "${a.text}" runs out of the plot`);
            }
          }
        } finally {
          await closeFile(t);
        }
      }
      assert.ok(named > 0, 'no named point drawn');
      if (problems.length) assert.fail(`${problems.length} problems:\n` + [...new Set(problems)].slice(0, 40).join('\n'));
    });
  }
});
