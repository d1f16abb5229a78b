// Not a test: writes static/favicon.ico from static/favicon.svg, for
// browsers that ask for /favicon.ico or take no SVG icon. Run it again
// when the SVG changes, and commit both:
//
//   node tests/browser/make-favicon-ico.mjs
//
// It draws the SVG at 16, 32 and 48 pixels in headless Chromium
// (playwright-core, as the browser tests do) on a transparent background
// and packs the three PNGs into one ICO file (an ICO may hold PNG images;
// every browser of the last decade reads them).

import { readFileSync, writeFileSync } from 'node:fs';
import { launch } from './helpers.mjs';

const SIZES = [16, 32, 48];
const svg = readFileSync('static/favicon.svg', 'utf8');
const browser = await launch();
const pngs = [];
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<body style="margin:0"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.waitForFunction(() => document.images[0].complete);
    pngs.push(await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}

// ICONDIR, then one ICONDIRENTRY a size, then the images.
const head = Buffer.alloc(6 + 16 * pngs.length);
head.writeUInt16LE(0, 0); // reserved
head.writeUInt16LE(1, 2); // type: icon
head.writeUInt16LE(pngs.length, 4);
let offset = head.length;
pngs.forEach((png, i) => {
  const e = 6 + 16 * i;
  head.writeUInt8(SIZES[i], e); // width
  head.writeUInt8(SIZES[i], e + 1); // height
  head.writeUInt8(0, e + 2); // no palette
  head.writeUInt8(0, e + 3); // reserved
  head.writeUInt16LE(1, e + 4); // colour planes
  head.writeUInt16LE(32, e + 6); // bits per pixel
  head.writeUInt32LE(png.length, e + 8);
  head.writeUInt32LE(offset, e + 12);
  offset += png.length;
});
writeFileSync('static/favicon.ico', Buffer.concat([head, ...pngs]));
console.log(`wrote static/favicon.ico (${offset} bytes: ${SIZES.join(', ')} px)`);
