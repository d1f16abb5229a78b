// Both editions at a phone's width (375 px), where a buyer's review found
// the layout at fault: on an instance card (a GPU's and a provider's page)
// no cell's text runs into another cell's text or badge, and the price
// names its unit (/GPU-h, /GPU小时) and its pricing model; the matrix's
// GPUs are read whole; a scenario's choice lists show their label whole,
// inside the calculator; the guide tree's title stays inside the box it
// scrolls in, scrolled or not; the evaluation's rankings that scroll
// sideways show a shadow where they do; the price changes' filters are
// tap targets of at least 44 × 44 CSS px (2.75rem); the summary's words
// for screen readers stay in their clipped 1 px boxes. Nothing overflows
// the page (layoutProblems).
//
//   SITE_DIR=public node --test tests/browser/phone.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { closeFile, launchOver, layoutProblems, openFile } from './helpers.mjs';
import { patience } from './patience.mjs';

const SITE = path.resolve(process.env.SITE_DIR || 'public');
const PHONE = { width: 375, height: 800 };
// The smallest tap target, CSS px both ways (WCAG 2.5.5's 44 px).
const TAP = 44;

// Each edition's words a card's price must show.
const EDITIONS = {
  en: {
    dir: '',
    unit: '/GPU-h',
    models: ['on-demand', 'spot', '1-year commitment (reserved)', '3-year commitment (reserved)', 'capacity block'],
  },
  zh: {
    dir: 'zh',
    unit: '/GPU小时',
    models: ['按量计费', '抢占式实例', '包年包月', '1年期承诺（预留实例）', '3年期承诺（预留实例）', '容量块', '竞价实例'],
  },
};

// Every scenario page of the site: their choice lists differ.
const SCENARIOS = existsSync(path.join(SITE, 'scenarios'))
  ? readdirSync(path.join(SITE, 'scenarios'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

let browser;

before(async () => {
  browser = await launchOver(SITE);
});

after(async () => {
  await browser?.close();
});

// open loads rel of an edition at a phone's size and waits until it has
// settled; close closes it, failing on the problems it met.
const open = (ed, rel, hash = '') => openFile(browser, SITE, path.join(EDITIONS[ed].dir, rel), PHONE, hash);
const close = closeFile;

// overlaps lists, in each element rows matches, the pairs of its children
// where the text of one is drawn over the text or a badge (a box with a
// background or border) of another.
async function overlaps(page, rows) {
  return page.evaluate((sel) => {
    const visible = (e) => e.checkVisibility({ visibilityProperty: true });
    const marks = (cell) => {
      const text = [];
      const range = document.createRange();
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent.trim() || !visible(n.parentElement)) continue;
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) if (r.width >= 1 && r.height >= 1) text.push({ r, what: n.textContent.trim().slice(0, 30) });
      }
      const boxes = [...text];
      for (const e of cell.querySelectorAll('*')) {
        if (!visible(e)) continue;
        const cs = getComputedStyle(e);
        const painted = cs.backgroundColor !== 'rgba(0, 0, 0, 0)' || parseFloat(cs.borderTopWidth) > 0;
        const r = e.getBoundingClientRect();
        if (painted && r.width >= 1 && r.height >= 1) boxes.push({ r, what: `<${e.localName}.${e.className}> ${e.textContent.trim().slice(0, 20)}` });
      }
      return { text, boxes };
    };
    const cross = (a, b) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const out = [];
    for (const row of document.querySelectorAll(sel)) {
      if (!visible(row)) continue;
      const cells = [...row.children].filter(visible).map(marks);
      for (let i = 0; i < cells.length; i++)
        for (let j = 0; j < cells.length; j++) {
          if (i === j) continue;
          for (const t of cells[i].text)
            for (const b of cells[j].boxes)
              if (cross(t.r, b.r)) out.push(`${row.querySelector('th')?.textContent.trim()}: "${t.what}" runs into ${b.what}`);
        }
    }
    return [...new Set(out)].slice(0, 20);
  }, rows);
}

test('the site has scenario pages to look at', () => {
  assert.ok(SCENARIOS.length >= 3, `scenarios: ${JSON.stringify(SCENARIOS)}`);
});

// An English phone hides the mainland switch while it is off (the
// default), but a URL that turns it on (#cn=1) shows it, on, so the buyer
// can see why only mainland offers are listed and turn it off.
test('en: the matrix at 375 px with #cn=1 shows the mainland switch on, and it turns off', { timeout: patience(90_000) }, async () => {
  const off = await open('en', 'compare/index.html');
  await off.page.waitForFunction(() => document.getElementById('matrix')?.classList.contains('live') && document.querySelector('#matrix tbody tr'));
  assert.equal(await off.page.locator('#matrix-cn').isVisible(), false, 'off, the switch takes a line of the first screen');
  await close(off);
  const t = await open('en', 'compare/index.html', '#cn=1');
  const { page } = t;
  const box = page.locator('#matrix-cn');
  await page.waitForFunction(() => document.getElementById('matrix-cn')?.checked && document.querySelector('#matrix tbody tr'));
  assert.ok(await box.isVisible(), 'with #cn=1 the switch that filters the offers cannot be seen');
  const where = () => page.locator('#matrix tbody th .where').evaluateAll((l) => l.slice(0, 30).map((e) => e.textContent));
  assert.ok((await where()).every((w) => /China|AWS \(China/.test(w) || /Alibaba|Tencent|Huawei|Baidu|Volcano/.test(w)), `not only mainland offers: ${(await where()).join('; ')}`);
  await box.uncheck();
  await page.waitForFunction(() => !/[#&]cn=1/.test(location.hash));
  await page.waitForFunction(() => [...document.querySelectorAll('#matrix tbody th .where')].some((e) => /\b(US|Azure|Google|Lambda|RunPod)\b/.test(e.textContent)));
  assert.deepEqual(await layoutProblems(page), []);
  await close(t);
});

for (const ed of Object.keys(EDITIONS)) {
  test(`${ed}: a GPU page's instance cards at 375 px: no text runs into another cell`, { timeout: patience(60_000) }, async () => {
    const t = await open(ed, 'gpus/h100-sxm5-80gb/index.html');
    const { page } = t;
    // p5.48xlarge: 8 GPUs, 2048 GiB of RAM, a price with an age badge.
    const p5 = page.locator('table.instances tbody tr', { has: page.locator('a[href*="/p5.48xlarge/"]') }).first();
    await p5.waitFor();
    assert.match(await p5.locator('td.ram').innerText(), /2[,.]?048/);
    assert.ok(await p5.locator('td.from .age').isVisible(), 'the p5.48xlarge card shows no age badge');
    assert.deepEqual(await overlaps(page, 'table.instances tbody tr'), []);
    assert.deepEqual(await layoutProblems(page), []);
    await close(t);
  });

  for (const provider of ['aws', 'tencent-cloud']) {
    test(`${ed}: ${provider}'s instance cards at 375 px name the unit and the pricing model`, { timeout: patience(60_000) }, async () => {
      const t = await open(ed, `providers/${provider}/index.html`);
      const { page } = t;
      const cards = await page.evaluate(() =>
        [...document.querySelectorAll('table.instances tbody tr')]
          .filter((tr) => tr.querySelector('td.from .money'))
          .map((tr) => {
            const from = tr.querySelector('td.from');
            const shown = (e) => !!e && e.checkVisibility({ visibilityProperty: true });
            const unit = from.querySelector('.card-unit');
            const model = from.querySelector('.card-model, .other-model');
            const money = from.querySelector('.money').getBoundingClientRect();
            const u = unit?.getBoundingClientRect();
            return {
              name: tr.querySelector('th').textContent.trim(),
              unit: shown(unit) ? unit.textContent.trim() : null,
              // the unit is on the price's line, right after it
              unitBesidePrice: !!u && Math.abs(u.bottom - money.bottom) < 4 && u.left >= money.right - 1,
              model: shown(model) ? model.textContent.trim() : null,
            };
          }),
      );
      assert.ok(cards.length >= 5, `${provider}: only ${cards.length} priced instance cards`);
      const { unit, models } = EDITIONS[ed];
      for (const c of cards) {
        assert.equal(c.unit, unit, `${c.name}: the price's unit`);
        assert.ok(c.unitBesidePrice, `${c.name}: the unit is not on the price's line`);
        assert.ok(c.model && models.some((m) => c.model.includes(m)), `${c.name}: pricing model ${JSON.stringify(c.model)}`);
      }
      assert.deepEqual(await overlaps(page, 'table.instances tbody tr'), []);
      assert.deepEqual(await layoutProblems(page), []);
      await close(t);
    });
  }

  test(`${ed}: the matrix at 375 px shows each offer's GPUs whole`, { timeout: patience(90_000) }, async () => {
    const t = await open(ed, 'compare/index.html');
    const { page } = t;
    await page.waitForFunction(() => document.querySelectorAll('table.dense.live tbody td[data-col="gpu"]').length >= 10, null, {
      timeout: patience(30_000),
    });
    const cut = await page.evaluate(() => {
      const out = [];
      for (const td of document.querySelectorAll('table.dense.live tbody td[data-col="gpu"]')) {
        const r = td.getBoundingClientRect();
        if (r.bottom < 0 || r.top > innerHeight * 2) continue;
        if (td.scrollWidth > td.clientWidth + 1) out.push(`${td.textContent.trim()}: ${td.scrollWidth} px in ${td.clientWidth}`);
      }
      return out;
    });
    assert.deepEqual(cut, [], 'GPU cells cut');
    assert.deepEqual(await overlaps(page, 'table.dense.live tbody tr'), []);
    assert.deepEqual(await layoutProblems(page), []);
    await close(t);
  });

  for (const scenario of SCENARIOS) {
    test(`${ed}: scenario ${scenario} at 375 px: no choice list is clipped`, { timeout: patience(60_000) }, async () => {
      const t = await open(ed, `scenarios/${scenario}/index.html`);
      const { page } = t;
      await page.locator('.tco-calc select').first().waitFor();
      const clipped = await page.evaluate(() => {
        const out = [];
        const ctx = document.createElement('canvas').getContext('2d');
        for (const s of document.querySelectorAll('.tco-calc select')) {
          const cs = getComputedStyle(s);
          ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          // Room for the label: the box less its padding and the list's arrow.
          const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
          for (const o of s.options) {
            const w = ctx.measureText(o.text).width;
            if (o.selected && w > room) out.push(`${s.name}: "${o.text}" needs ${Math.ceil(w)} px, has ${Math.floor(room)}`);
          }
          // and the list inside the calculator's box
          const box = s.closest('.tco-calc').getBoundingClientRect();
          const r = s.getBoundingClientRect();
          if (r.left < box.left || r.right > box.right) out.push(`${s.name}: outside the calculator (${r.left}–${r.right} in ${box.left}–${box.right})`);
        }
        return out;
      });
      assert.deepEqual(clipped, []);
      // Every choice, not only the selected one, fits once chosen.
      for (const name of await page.locator('.tco-calc select').evaluateAll((l) => l.map((s) => s.name))) {
        const sel = page.locator(`.tco-calc select[name="${name}"]`);
        const widest = await sel.evaluate((s) => {
          const cs = getComputedStyle(s);
          const ctx = document.createElement('canvas').getContext('2d');
          ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
          return [...s.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => o.text);
        });
        assert.deepEqual(widest, [], `${name}: choices wider than their list`);
      }
      assert.deepEqual(await layoutProblems(page), []);
      await close(t);
    });
  }

  test(`${ed}: the guide tree's title at 375 px stays inside its box, scrolled or not`, { timeout: patience(60_000) }, async () => {
    const t = await open(ed, 'guides/choose-gpu-compute/index.html');
    const { page } = t;
    const title = page.locator('#guide-chart .chart-title');
    await title.waitFor({ state: 'visible' });
    await page.locator('#guide-chart .chart canvas').first().waitFor();
    const outside = () =>
      title.evaluate((p) => {
        const box = p.nextElementSibling;
        if (!box || !box.classList.contains('tree-scroll')) return ['the title is not just above its scrolling box'];
        const b = box.getBoundingClientRect();
        const left = b.left + box.clientLeft;
        const right = left + box.clientWidth;
        const range = document.createRange();
        range.selectNodeContents(p);
        return [...range.getClientRects()]
          .filter((r) => r.left < left - 0.5 || r.right > right + 0.5)
          .map((r) => `${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(left)}–${Math.round(right)}`);
      });
    assert.ok(await page.locator('#guide-chart .tree-scroll').evaluate((s) => s.scrollWidth > s.clientWidth), 'the tree does not scroll sideways at 375 px: the check proves nothing');
    assert.deepEqual(await outside(), [], 'the title is cut');
    await page.locator('#guide-chart .tree-scroll').evaluate((s) => {
      s.scrollLeft = s.scrollWidth;
    });
    await page.waitForFunction(() => {
      const s = document.querySelector('#guide-chart .tree-scroll');
      return s.scrollLeft > 0;
    });
    assert.deepEqual(await outside(), [], 'the title is cut once the tree is scrolled');
    assert.deepEqual(await layoutProblems(page), []);
    await close(t);
  });

  test(`${ed}: the evaluation's rankings at 375 px show that they scroll sideways`, { timeout: patience(60_000) }, async () => {
    const t = await open(ed, 'evaluation/index.html');
    const { page } = t;
    await page.locator('table.scores').first().waitFor();
    const wraps = await page.evaluate(() =>
      [...document.querySelectorAll('.table-wrap')]
        .filter((w) => w.querySelector(':scope > table.scores') && w.checkVisibility())
        .map((w) => {
          const cs = getComputedStyle(w);
          return {
            label: w.getAttribute('aria-label'),
            scrolls: w.scrollWidth > w.clientWidth,
            image: cs.backgroundImage,
            attachment: cs.backgroundAttachment,
          };
        }),
    );
    const scrolling = wraps.filter((w) => w.scrolls);
    assert.ok(scrolling.length >= 1, `no ranking scrolls sideways at 375 px: ${JSON.stringify(wraps)}`);
    for (const w of scrolling) {
      // A shadow that stays at the box's edge, and a cover that scrolls with
      // the table and hides it at the end.
      assert.match(w.image, /radial-gradient|linear-gradient/, `${w.label}: no shadow`);
      const layers = w.attachment.split(',').map((s) => s.trim());
      assert.ok(layers.includes('local') && layers.includes('scroll'), `${w.label}: background-attachment ${w.attachment}`);
    }
    await close(t);
  });

  test(`${ed}: the summary at 375 px: a screen reader's words stay in their clipped 1 px box, nothing overflows`, { timeout: patience(60_000) }, async () => {
    const t = await open(ed, 'summary/index.html');
    const { page } = t;
    await page.locator('td.offer details.other-mark').first().waitFor({ state: 'attached' });
    const boxes = await page.locator('.visually-hidden').evaluateAll((l) =>
      l.map((e) => {
        const cs = getComputedStyle(e);
        const r = e.getBoundingClientRect();
        return { text: e.textContent.trim().slice(0, 30), position: cs.position, w: r.width, h: r.height, overflow: cs.overflowX + ' ' + cs.overflowY, clip: cs.clipPath };
      }),
    );
    assert.ok(boxes.some((b) => b.text.length > 10), 'no screen reader text longer than its box: the test is not testing');
    const loose = boxes.filter((b) => b.position !== 'absolute' || b.w > 1 || b.h > 1 || b.overflow !== 'hidden hidden' || b.clip === 'none');
    assert.deepEqual(loose, [], 'a screen reader text is not clipped to its 1 px box');
    assert.deepEqual(await layoutProblems(page), []);
    await close(t);
  });

  test(`${ed}: the price changes' filters at 375 px are tap targets of ${TAP} px`, { timeout: patience(60_000) }, async () => {
    const t = await open(ed, 'changes/index.html');
    const { page } = t;
    await page.locator('#changes-filter').waitFor({ state: 'visible' });
    const controls = await page.locator('#changes-filter select, #changes-filter input, #changes-filter button').evaluateAll((l) =>
      l.map((e) => {
        const r = e.getBoundingClientRect();
        return { name: e.name, w: r.width, h: r.height, left: r.left, right: r.right };
      }),
    );
    assert.ok(controls.length >= 4, `only ${controls.length} filter controls`);
    for (const c of controls) {
      assert.ok(c.w >= TAP && c.h >= TAP, `${c.name}: ${c.w}×${c.h} px, under ${TAP}×${TAP}`);
      assert.ok(c.left >= 0 && c.right <= PHONE.width, `${c.name}: outside the screen (${c.left}–${c.right})`);
    }
    assert.deepEqual(await layoutProblems(page), []);
    await close(t);
  });
}
