// Embeddable charts in a real browser: gpucompare serve shows a small
// catalog, and a page of another origin (a second local server) frames
// two of its pages. The embed page of a chart must load in the frame and
// draw its chart and table; a normal page must refuse to be framed
// (serve's frame-ancestors 'none'), so its frame shows none of it.
//
// GPUCOMPARE names the binary (default bin/gpucompare).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { launch } from './helpers.mjs';
import { patience } from './patience.mjs';
import { oneOfferCatalog, serveRoot, writeRoot } from './served.mjs';

// Two editions: the Chinese one has embed pages of its own.
const files = oneOfferCatalog('title: Embed test\ncurrency: USD\neditions:\n  - language: zh-CN\n    dir: zh\n');

// Enough GPU models that the price chart is taller than a screen (as the
// shipped catalog's is): on its embed page it must close up to show its
// axis.
for (let i = 1; i <= 28; i++) {
  files[`data/gpus/g${i}.yaml`] = `id: g${i}\nname: Test GPU ${i} 80GB\nmodel: G${i}\nvendor: NVIDIA\nsource: https://example.com/g${i}\n`;
  files['data/providers/aws.yaml'] += `  - id: t${i}.xlarge\n    name: t${i}.xlarge\n    gpu: g${i}\n    gpu_count: 1\n    regions: [us-east-1]\n    source: https://example.com/t${i}\n`;
  files['data/prices/aws.yaml'] += `  - instance: t${i}.xlarge\n    region: us-east-1\n    model: on_demand\n    amount: ${i}.5\n    currency: USD\n    since: 2025-06-01\n    source: https://example.com/price\n    source_kind: provider\n`;
}

let root, server, host, browser, origin, hostURL;

before(async () => {
  root = writeRoot('gpucompare-embed-', files);
  ({ child: server, url: origin } = await serveRoot(root));
  // The other origin: localhost on a port of its own, a wiki's page
  // framing the chart's embed page and a normal page.
  host = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!DOCTYPE html><html><head><title>Wiki</title></head><body>
<iframe name="embed" src="${origin}/embed/price-by-gpu/" width="900" height="700"></iframe>
<iframe name="normal" src="${origin}/gpus/" width="900" height="700"></iframe>
<iframe name="embed-zh" src="${origin}/zh/embed/price-by-gpu/" width="900" height="700"></iframe>
</body></html>`);
  });
  await new Promise((resolve) => host.listen(0, 'localhost', resolve));
  hostURL = `http://localhost:${host.address().port}/`;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  host?.close();
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (root) rmSync(root, { recursive: true, force: true });
});

test('an embed page loads in a frame of another origin; a normal page refuses to', async () => {
  const page = await browser.newPage();
  const refused = [];
  page.on('console', (m) => {
    if (/frame-ancestors|X-Frame-Options/.test(m.text())) refused.push(m.text());
  });
  // The normal page's frame ends on Chromium's error page: it is not
  // shown. Listen before loading, so the navigation is not missed.
  const blocked = page.waitForEvent('framenavigated', {
    predicate: (f) => f.name() === 'normal' && f.url().startsWith('chrome-error:'),
    timeout: patience(30_000),
  });
  await page.goto(hostURL);
  assert.notEqual(new URL(hostURL).origin, new URL(origin).origin, 'the two pages share an origin');

  const embed = page.frame({ name: 'embed' });
  assert.ok(embed, 'no embed frame');
  await embed.waitForSelector('.chart-figure .chart canvas', { timeout: patience(30_000) });
  assert.equal(embed.url(), `${origin}/embed/price-by-gpu/`);
  const facts = await embed.evaluate(() => ({
    rows: document.querySelectorAll('table.chart-data tbody tr').length,
    header: !!document.querySelector('.site-header'),
    title: document.querySelector('h1')?.textContent,
  }));
  assert.ok(facts.rows >= 1, 'the embed page has no table rows');
  assert.equal(facts.header, false, "the embed page shows the site's header");
  assert.match(facts.title, /Price per GPU-hour/);

  // The Chinese edition's embed page loads in a frame of another origin
  // too, in Chinese.
  const zh = page.frame({ name: 'embed-zh' });
  assert.ok(zh, 'no Chinese embed frame');
  await zh.waitForSelector('.chart-figure .chart canvas', { timeout: patience(30_000) });
  assert.equal(zh.url(), `${origin}/zh/embed/price-by-gpu/`);
  const zhFacts = await zh.evaluate(() => ({
    lang: document.documentElement.lang,
    rows: document.querySelectorAll('table.chart-data tbody tr').length,
    header: !!document.querySelector('.site-header'),
    title: document.querySelector('h1')?.textContent,
  }));
  assert.equal(zhFacts.lang, 'zh-CN');
  assert.ok(zhFacts.rows >= 1, 'the Chinese embed page has no table rows');
  assert.equal(zhFacts.header, false, "the Chinese embed page shows the site's header");
  assert.match(zhFacts.title, /每GPU小时/);

  await blocked;
  const normal = page.frame({ name: 'normal' });
  assert.ok(normal.url().startsWith('chrome-error:'), `the normal page was framed: ${normal.url()}`);
  const shown = await normal.evaluate(() => !!document.querySelector('.site-header')).catch(() => false);
  assert.equal(shown, false, 'the normal page shows in the frame');
  // One refusal, under frame-ancestors 'none': the normal page's (the
  // console names the origin only, not the page).
  assert.equal(refused.length, 1, `refusals in the console: ${refused}`);
  assert.match(refused[0], /frame-ancestors 'none'/);
  await page.close();
});

test("the embed page's chart of many GPU models shows its axis on the first screen (1280×900), a label on each row", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${origin}/embed/price-by-gpu/`);
  await page.waitForSelector('.chart-figure .chart canvas', { timeout: patience(30_000) });
  const facts = await page.evaluate(() => {
    const box = document.querySelector('.chart-figure .chart');
    const chart = echarts.getInstanceByDom(box);
    const y = chart.getOption().yAxis[0];
    return {
      bottom: box.getBoundingClientRect().bottom,
      height: box.clientHeight,
      screen: window.innerHeight,
      categories: y.data.length,
      lineHeight: y.axisLabel.height,
      rows: document.querySelectorAll('table.chart-data tbody tr').length,
    };
  });
  assert.ok(facts.categories >= 29, `${facts.categories} GPU models in the chart, want the catalog's 29`);
  assert.equal(facts.categories, facts.rows, 'the chart and its table list other GPU models');
  assert.ok(facts.bottom <= facts.screen, `the chart ends at ${facts.bottom}px, below the first screen (${facts.screen}px): its axis is out of view`);
  assert.ok(facts.lineHeight >= 13, `each row's label has ${facts.lineHeight}px, less than a line`);
  await page.close();
});
