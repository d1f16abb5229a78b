// A catalog of thousands of providers (under 2 MB of YAML) makes a search
// index of several scripts, search/index.js and search/index-2.js …, each
// under 2 MB: in headless Chromium, from file://, the search box finds a
// provider whose entry is in the last part, under the site's policy, and
// the search page lists the first providers and says how many more the
// box finds.
//
//   GPUCOMPARE=bin/gpucompare node --test tests/browser/search-parts.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, searchResults } from './helpers.mjs';

const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');
const PROVIDERS = 4000;

// name is provider i's name: long, so that the index needs several parts.
const name = (i) => (`Cloud ${String(i).padStart(4, '0')} ` + 'Ampersand & Angle <b> '.repeat(6)).trim();

let dir;
let browser;

before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gpucompare-search-parts-'));
  const put = (p, text) => {
    mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    writeFileSync(path.join(dir, p), text);
  };
  put('data/site.yaml', 'title: Many providers\ncurrency: USD\n');
  put('data/gpus/g.yaml', 'id: g\nname: G 16GB\nvendor: Test\nmemory_gb: 16\nsource: test\n');
  let yaml = 0;
  for (let i = 0; i < PROVIDERS; i++) {
    const id = `p${String(i).padStart(4, '0')}`;
    const text = `id: ${id}\nname: '${name(i)}'\nkind: gpu_cloud\ncurrency: USD\nsource: test\ninstances:\n  - id: x\n    name: X\n    gpu: g\n    gpu_count: 1\n    regions: [all]\n    source: test\n`;
    yaml += text.length;
    put(`data/providers/${id}.yaml`, text);
  }
  assert.ok(yaml < 2_000_000, `${yaml} bytes of YAML`);
  execFileSync(BIN, ['build', '-root', dir, '-out', path.join(dir, 'public')], { stdio: ['ignore', 'ignore', 'pipe'] });
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the index comes in parts, each under 2 MB', () => {
  const files = readdirSync(path.join(dir, 'public/search')).filter((f) => /^index(-\d+)?\.js$/.test(f));
  assert.ok(files.length >= 2, `index scripts: ${files}`);
  const head = readFileSync(path.join(dir, 'public/search/index.js'), 'utf8');
  assert.match(head, new RegExp(`"parts":${files.length},`));
  for (const f of files) {
    const size = statSync(path.join(dir, 'public/search', f)).size;
    assert.ok(size <= 2_000_000, `${f}: ${size} bytes`);
  }
});

test('the box finds a provider in the last part, from file://', async () => {
  browser = await launch();
  const page = await browser.newPage();
  const problems = await instrument(page, (u) => u.startsWith('file:'));
  await page.goto(pathToFileURL(path.join(dir, 'public/index.html')).href);
  const last = `Cloud ${PROVIDERS - 1}`;
  const got = await searchResults(page, last);
  assert.equal(got[0], `${name(PROVIDERS - 1)} — Provider`);
  assert.deepEqual(await cspViolations(page), []);
  assert.deepEqual(problems, []);
  await page.goto(pathToFileURL(path.join(dir, 'public/search/index.html')).href);
  const more = await page.$eval('#all-provider', (h) => h.closest('section').querySelector('p.help')?.textContent || '');
  assert.match(more, /^[\d,]+ more are not listed here; the search box above finds them\.$/);
});
