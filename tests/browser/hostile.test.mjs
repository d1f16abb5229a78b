// Catalog text is untrusted: a pull request can put markup in any name,
// note or source. This builds a tiny site root whose text is hostile, opens
// every page it gets in Chromium with the page's own CSP switched off (so
// escaping, not the policy, is what is tested) and checks that no injected
// script ran, no injected element exists, and the text shows literally.
//
// GPUCOMPARE names the binary (default bin/gpucompare; make test-browser
// builds it).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { instrument, launch, settle } from './helpers.mjs';
import { patience } from './patience.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
// The script the 404 page of a site without a URL holds inline, as the
// binary embeds it.
const NOTFOUND_JS = readFileSync(new URL('../../static/notfound.js', import.meta.url), 'utf8');

// The hostile strings, each to be shown as typed.
const SCRIPT = '</script><script>window.__pwned=1</script>';
const ATTR = '"><img src=x onerror="window.__pwned=1">';
const QUOTES = `it's "quoted" & <b>bold</b> 'single' \`tick\``;
const HOSTILE = [SCRIPT, ATTR, QUOTES];

// q writes a YAML single-quoted scalar.
const q = (s) => `'${s.replaceAll("'", "''")}'`;

const files = {
  'data/site.yaml': `title: ${q('Site ' + QUOTES)}
tagline: ${q('Tag ' + SCRIPT)}
currency: USD
`,
  'data/fx.yaml': `rates:
  - base: USD
    quote: CNY
    rate: 7.1
    date: 2025-01-02
    source: ${q('fx table ' + ATTR)}
    note: ${q(SCRIPT)}
`,
  'data/gpus/x.yaml': `id: x
name: ${q('GPU ' + SCRIPT)}
model: ${q('M ' + ATTR)}
variant: ${q(QUOTES)}
vendor: ${q('Vendor ' + ATTR)}
architecture: ${q(SCRIPT)}
memory_gb: 40
dense:
  fp32: 19.5
  fp16_bf16: 312
sparse:
  fp16_bf16: 624
interconnect:
  name: ${q('Link ' + ATTR)}
  kind: nvlink
notes: ${q('GPU notes ' + ATTR + ' ' + SCRIPT)}
source: ${q('datasheet ' + QUOTES + ' ' + SCRIPT)}
`,
  'data/providers/p.yaml': `id: p
name: ${q('Provider ' + ATTR)}
kind: gpu_cloud
currency: USD
description: ${q('Desc ' + ATTR + ' ' + SCRIPT)}
homepage: https://example.com/?a="onmouseover="window.__pwned=1
notes: ${q('Provider notes ' + SCRIPT)}
source: ${q('provider page ' + ATTR)}
spot:
  available: true
  name: ${q('Spot ' + SCRIPT)}
  note: ${q(QUOTES)}
  source: https://example.com/spot?x="><script>window.__pwned=1</script>
regions:
  - id: r1
    name: ${q('Region ' + ATTR)}
    location: ${q(QUOTES)}
instances:
  - id: i1
    name: ${q('Instance ' + SCRIPT + ' ' + ATTR)}
    family: ${q(QUOTES)}
    gpu: x
    gpu_count: 8
    network: ${q('Net ' + ATTR)}
    local_storage: ${q(SCRIPT)}
    regions: [r1]
    notes: ${q('Instance notes ' + QUOTES)}
    source: ${q('instance list ' + SCRIPT)}
    claims:
      tflops: 156
      precision: fp32
      text: ${q('Claim ' + ATTR)}
      source: ${q('brochure ' + SCRIPT)}
  - id: i2
    name: ${q('Lease ' + QUOTES)}
    gpu: x
    gpu_count: 1
    regions: [all]
    price_not_public: ${q('on request ' + ATTR)}
    source: ${q('sales ' + SCRIPT)}
`,
  'data/prices/p.yaml': `provider: p
prices:
  - instance: i1
    region: r1
    model: on_demand
    amount: 32.77
    currency: USD
    since: 2025-06-01
    source: ${q('price list ' + ATTR)}
    source_kind: provider
    note: ${q('Price note ' + SCRIPT + ' ' + QUOTES)}
  - instance: i1
    region: r1
    model: on_demand
    amount: 21.96
    currency: USD
    since: 2025-07
    source: https://example.com/p?"><img/src=x/onerror=window.__pwned=1>
    source_kind: provider
    note: ${q(ATTR)}
`,
  'data/benchmarks/b.yaml': `id: b
name: ${q('Bench ' + SCRIPT)}
suite: trial
task: ${q('Task ' + ATTR)}
scenario: ${q(QUOTES)}
metric: throughput
unit: ${q('tokens/s ' + ATTR)}
higher_is_better: true
description: ${q('Trial ' + SCRIPT)}
results:
  - round: ${q('Round ' + ATTR)}
    division: ${q(QUOTES)}
    submitter: ${q('Team ' + SCRIPT)}
    system: ${q('System ' + ATTR)}
    gpu: x
    gpu_count: 8
    interconnect: ${q('Link ' + SCRIPT)}
    value: 1000
    software: ${q(QUOTES)}
    notes: ${q('Result notes ' + ATTR + ' ' + SCRIPT)}
    source: ${q('trial log ' + ATTR)}
  - round: ${q('Round ' + ATTR)}
    submitter: ${q(QUOTES)}
    gpu: x
    value: 900
    source: ${q('trial log ' + SCRIPT)}
`,
  'data/guides/h.yaml': `id: h
title: ${q('Guide ' + SCRIPT)}
description: ${q('Guide description ' + ATTR)}
source: ${q('seed ' + SCRIPT)}
start: q1
questions:
  - id: q1
    text: ${q('Question ' + SCRIPT + ' ' + ATTR)}
    help: ${q('Help ' + QUOTES)}
    answers:
      - text: ${q('Answer ' + ATTR)}
        next: o1
      - text: ${q('Other ' + SCRIPT)}
        next: o2
outcomes:
  - id: o1
    title: ${q('Outcome ' + ATTR + ' ' + SCRIPT)}
    advice: |
      Advice <script>window.__pwned=1</script> <img src=x onerror="window.__pwned=1">
      [click](javascript:window.__pwned=1) ${QUOTES}
    query:
      gpus: [x]
    source: ${q('advice source ' + ATTR)}
  - id: o2
    title: ${q(QUOTES)}
    advice: ${q('Only advice ' + SCRIPT)}
`,
  'content/hostile.md': `---
title: ${q('Page ' + SCRIPT)}
description: ${q('About ' + ATTR)}
---

Raw HTML is off: <script>window.__pwned=1</script> and <img src=x onerror="window.__pwned=1">.

A link: [click](javascript:window.__pwned=1) and <a href="javascript:window.__pwned=1">raw</a>.

Quotes: ${QUOTES}
`,
};

let browser;
let root;
let out;

before(async () => {
  assert.ok(existsSync(BIN), `no gpucompare binary at ${BIN}: build it first (make binary) or set GPUCOMPARE`);
  root = mkdtempSync(path.join(tmpdir(), 'gpucompare-hostile-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  out = path.join(root, 'public');
  try {
    execFileSync(BIN, ['build', '-root', root, '-out', out], { stdio: 'pipe' });
  } catch (e) {
    assert.fail(`gpucompare build of the hostile catalog failed:\n${e.stderr}`);
  }
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (root && !process.env.KEEP_HOSTILE) rmSync(root, { recursive: true, force: true });
});

function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.html'))
    .sort();
}

test('hostile catalog text is escaped on every page', { timeout: patience(60_000) }, async () => {
  const pages = htmlFiles(out);
  for (const want of ['index.html', 'gpus/x/index.html', 'providers/p/index.html', 'instances/p/i1/index.html', 'hostile/index.html', 'benchmarks/index.html', 'benchmarks/b/index.html', 'guides/index.html', 'guides/h/index.html'])
    assert.ok(pages.includes(want), `the hostile build has no ${want} (pages: ${pages.join(', ')})`);

  // CSP off: an injected inline script would run, so __pwned tests escaping.
  const ctx = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const siteURL = pathToFileURL(out + path.sep).href;
  const problems = [];
  const shown = new Map(HOSTILE.map((h) => [h, []]));
  try {
    for (const rel of pages) {
      const page = await ctx.newPage();
      const events = await instrument(page, (u) => u.startsWith(siteURL) || u.startsWith('data:') || u === 'about:blank');
      await page.goto(siteURL + rel);
      await settle(page);
      // Hover and click nothing; but do fire what an attribute injection
      // would hang on, on every element.
      const r = await page.evaluate((notFoundJS) => {
        for (const el of document.querySelectorAll('body *')) {
          for (const type of ['mouseover', 'focus', 'error', 'load'])
            el.dispatchEvent(new Event(type));
        }
        return {
          pwned: window.__pwned,
          injected: [
            ...[...document.querySelectorAll('img[src="x"], img[src$="/x"], b')]
              .filter((e) => e.localName !== 'b' || e.textContent === 'bold')
              .map((e) => e.outerHTML),
            ...[...document.querySelectorAll('*')].flatMap((e) =>
              [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `<${e.localName} ${a.name}="${a.value}">`),
            ),
            // The one script of ours inline: the 404 page's, of a site
            // without a URL (static/notfound.js).
            ...[...document.querySelectorAll('script:not([src])')]
              .filter((s) => !/json/i.test(s.type) && s.textContent !== notFoundJS)
              .map((s) => `inline script: ${s.textContent.slice(0, 60)}`),
            ...[...document.querySelectorAll('a[href]')]
              .filter((a) => /^\s*javascript:/i.test(a.getAttribute('href')))
              .map((a) => `javascript: link: ${a.outerHTML}`),
          ],
          text: document.title + '\n' + document.body.innerText,
          metaDescription: document.querySelector('meta[name="description"]')?.content ?? '',
        };
      }, NOTFOUND_JS);
      if (r.pwned !== undefined) problems.push(`${rel}: window.__pwned is ${r.pwned}: injected script ran`);
      for (const i of r.injected) problems.push(`${rel}: injected markup: ${i}`);
      for (const e of events) problems.push(`${rel}: ${e}`);
      for (const h of HOSTILE) if (r.text.includes(h) || r.metaDescription.includes(h)) shown.get(h).push(rel);
      await page.close();
    }
  } finally {
    await ctx.close();
  }

  // Each hostile string shows, whole and literal, where it was put.
  const expect = {
    [SCRIPT]: ['gpus/x/index.html', 'instances/p/i1/index.html', 'benchmarks/index.html', 'benchmarks/b/index.html', 'guides/index.html', 'guides/h/index.html'],
    [ATTR]: ['providers/p/index.html', 'instances/p/i1/index.html', 'benchmarks/index.html', 'benchmarks/b/index.html', 'guides/index.html', 'guides/h/index.html'],
    [QUOTES]: ['index.html', 'gpus/x/index.html', 'instances/p/i1/index.html', 'benchmarks/b/index.html'],
  };
  for (const [h, where] of Object.entries(expect))
    for (const rel of where)
      if (!shown.get(h).includes(rel)) problems.push(`${rel}: does not show ${JSON.stringify(h)} literally`);

  if (problems.length) assert.fail(problems.join('\n'));
});
