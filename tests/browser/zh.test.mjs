// The Chinese edition's pages in headless Chromium, from file://, at a
// laptop's and a phone's size. The shipped catalog's site has a Chinese
// edition in zh/: this checks that its home, instance matrix, a scenario
// and a guide say they are zh-CN, speak Chinese in their UI — the text the
// matrix script writes included — with no format directive left unfilled,
// that nothing overflows the page (Chinese labels wrap differently), and
// that the language switch leads to the same page in the other edition
// and back.
//
//   SITE_DIR=public node --test tests/browser/zh.test.mjs
//
// The pages need a CJK font to look right (Debian's fonts-noto-cjk).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspViolations, instrument, launch, layoutProblems, settle } from './helpers.mjs';
import { patience } from './patience.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');

// The pages to look at, and a piece of UI text each must show in Chinese.
const PAGES = {
  'index.html': '现在一个GPU小时多少钱',
  'compare/index.html': '实例类型对比',
  'scenarios/mid-size-reserved/index.html': '此工作负载的最低价',
  'guides/choose-gpu-compute/index.html': '逐步作答',
};
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
];

let browser;
const site = path.join(SITE, 'zh');

before(async () => {
  assert.ok(existsSync(path.join(site, 'index.html')), `no zh/index.html in ${SITE}: build the site first (make test-browser does) or set SITE_DIR`);
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

for (const [file, heading] of Object.entries(PAGES)) {
  for (const size of SIZES) {
    test(`${file} at ${size.width}px is zh-CN and fits`, { timeout: patience(60_000) }, async () => {
      const page = await browser.newPage({ viewport: size });
      try {
        const problems = await instrument(page, (u) => u.startsWith('file:'));
        await page.goto(pathToFileURL(path.join(site, file)).href);
        await settle(page);
        assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
        const text = await page.evaluate(() => document.body.innerText);
        assert.ok(text.includes(heading), `${file}: no "${heading}" on the page`);
        // The navigation is the catalogue's, in Chinese.
        const nav = await page.locator('nav a').allInnerTexts();
        assert.ok(nav.includes('实例对比') && nav.includes('价格变动'), `${file}: navigation ${JSON.stringify(nav)}`);
        // No message was shown without its arguments, by the build or by a script.
        const unfilled = text.match(/%(\[\d+\])?[sd]|%!/g);
        assert.equal(unfilled, null, `${file}: unfilled format directives in the text`);
        if (file.startsWith('compare/')) {
          // The matrix script writes its status line from the catalogue.
          await page.waitForFunction(() => /显示[\d,]+个报价，共[\d,]+个。/.test(document.body.innerText), null, {
            timeout: patience(20_000),
          });
        }
        assert.deepEqual(await layoutProblems(page), [], `${file} at ${size.width}px: something overflows`);
        assert.deepEqual(await cspViolations(page), []);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }
}

// The switch of a Chinese page leads to the same page in English, whose
// switch leads back; both from file://, at a phone's size, where the
// switch stays in the header's first row.
test('the language switch leads to the twin page and back', { timeout: patience(60_000) }, async () => {
  const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
  try {
    const start = pathToFileURL(path.join(site, 'providers/aws/index.html')).href;
    await page.goto(start);
    await settle(page);
    const toEnglish = page.locator('.lang-switch a[hreflang="en"]');
    assert.equal(await toEnglish.innerText(), 'English');
    const box = await toEnglish.boundingBox();
    const brand = await page.locator('.brand').boundingBox();
    assert.ok(box && brand && box.y < brand.y + brand.height, `switch at ${JSON.stringify(box)}: want it in the header's first row`);
    await toEnglish.click();
    await page.waitForURL((u) => u.href.endsWith('/providers/aws/index.html') && !u.href.includes('/zh/'));
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.locator('.lang-switch a[hreflang="zh-CN"]').click();
    await page.waitForURL((u) => u.href === start);
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  } finally {
    await page.close();
  }
});
