/**
 * `npx tsx web/build/icons/render.ts`: renders the app's icons (web/public/icons/*.png) from the
 * SVGs beside this file in Chromium, at the sizes the web app manifest and iOS ask for. Run it after
 * changing an SVG and commit the PNGs: the build copies them as they are (docs/screens.md#installable-app).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { launchChromium } from '@powerpool/testing';

const here = new URL('./', import.meta.url);
const out = new URL('../../public/icons/', import.meta.url);

/** [source SVG, PNG written, size in px] */
const ICONS: Array<[string, string, number]> = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  // iOS's home screen icon: opaque, no rounded corners of its own (iOS rounds them).
  ['icon-maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  for (const [svg, png, size] of ICONS) {
    const source = await readFile(new URL(svg, here), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await writeFile(new URL(png, out), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    console.log(`${png}: ${size}x${size}`);
  }
} finally {
  await browser.close();
}
