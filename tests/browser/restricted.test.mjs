// Offers in a region open only to customers the provider vets (AWS
// GovCloud: region_access "restricted" in compare/offers.json) in the
// matrix, in headless Chromium from file://: with the switches as
// shipped none comes first, and with every switch on they are sorted
// after every offer still listed even where their price is lower; each
// is marked
// "restricted access" with the region's access note as its title.
//
//   SITE_DIR=public node --test tests/browser/restricted.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, settle } from './helpers.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const SITE_URL = pathToFileURL(SITE + path.sep).href;

let browser;
let gpu; // a GPU whose cheapest AWS on-demand per-GPU price is in a restricted region
let note; // that region's access note

before(async () => {
  const file = path.join(SITE, 'compare/offers.json');
  assert.ok(existsSync(file), `no compare/offers.json in ${SITE}: build the site first or set SITE_DIR`);
  const offers = JSON.parse(readFileSync(file, 'utf8')).offers;
  // A GPU with an AWS offer in a restricted region cheaper per GPU than
  // another of AWS's still listed: were it to answer, it would sort first.
  const per = (o) => o.prices.on_demand.display_hourly / o.gpu_count;
  const priced = offers.filter((o) => o.provider === 'aws' && o.gpu_count > 0 && typeof o.prices?.on_demand?.display_hourly === 'number');
  for (const r of priced) {
    if (gpu || r.region_access !== 'restricted') continue;
    if (priced.some((o) => o.gpu === r.gpu && !o.region_access && !o.prices.on_demand.last_seen && per(o) > per(r))) {
      gpu = r.gpu;
      note = r.region_access_note;
    }
  }
  assert.ok(gpu, 'no AWS offer in a restricted region is cheaper than another of the same GPU: the test is not testing');
  assert.ok(note, 'the restricted region has no access note in compare/offers.json');
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

for (const [name, extra] of [['as shipped', ''], ['with every switch on', '&est=1&stale=1&market=1']]) {
  test(`restricted offers never come first, ${name}`, async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    const page = await ctx.newPage();
    const problems = await instrument(page, (u) => u.startsWith(SITE_URL) || u.startsWith('data:') || u === 'about:blank');
    await page.goto(`${SITE_URL}compare/index.html#provider=aws&gpu=${gpu}&model=on_demand&s=per_gpu${extra}`);
    await settle(page);
    await page.locator('#matrix tbody tr:not(.pad)').first().waitFor();
    const rows = await page.$$eval('#matrix tbody tr:not(.pad)', (trs) =>
      trs.map((tr) => {
        const tag = tr.querySelector('.tag.restricted');
        return { tag: tag ? tag.textContent : '', title: tag ? tag.title : '', gone: !!tr.querySelector('.tag.last-seen'), text: tr.textContent.replace(/\s+/g, ' ') };
      }),
    );
    assert.ok(rows.length >= 2, `${rows.length} rows for ${gpu} at AWS`);
    assert.equal(rows[0].tag, '', `the first row is a restricted offer: ${rows[0].text}`);
    const marked = rows.filter((r) => r.tag);
    assert.ok(marked.length > 0, 'no row is marked restricted');
    const first = rows.findIndex((r) => r.tag);
    if (extra) {
      // Every other price still listed answers: each comes before them.
      const late = rows.slice(first).find((r) => !r.tag && !r.gone);
      assert.ok(!late, `a restricted offer is sorted before one that answers: ${late?.text}`);
    }
    for (const r of marked) {
      assert.equal(r.tag, 'restricted access');
      assert.equal(r.title, note);
    }
    const all = [...problems, ...(await cspViolations(page)).map((v) => `CSP violation: ${v}`)];
    await ctx.close();
    if (all.length) assert.fail(all.join('\n'));
  });
}
