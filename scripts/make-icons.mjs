#!/usr/bin/env node
// Renders the site's mark (shell/public/icons/mark.svg) to the PNG icons of the web app manifest and the
// apple-touch-icon with headless Chromium. Run once after changing the mark; the PNGs are committed.
//
//   node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ICONS = path.resolve(import.meta.dirname, '../shell/public/icons');
const BACKGROUND = '#1e3a8a';
const svg = readFileSync(path.join(ICONS, 'mark.svg'), 'utf8').replace(
  '<svg ',
  '<svg width="100%" height="100%" ',
);

// [file, size in px, share of the square the mark fills]: a maskable icon keeps it inside the central safe zone
// (a circle of 80% of the width), which launchers may crop to any shape.
const ICON_FILES = [
  ['icon-192.png', 192, 1],
  ['icon-512.png', 512, 1],
  ['icon-maskable-512.png', 512, 0.7],
  ['apple-touch-icon.png', 180, 0.85],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const [name, size, share] of ICON_FILES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:${BACKGROUND};display:grid;place-items:center;width:${size}px;height:${size}px">` +
        `<div style="width:${size * share}px;height:${size * share}px">${svg}</div></body>`,
    );
    await page.screenshot({ path: path.join(ICONS, name) });
    console.log(`wrote ${name}`);
  }
} finally {
  await browser.close();
}
