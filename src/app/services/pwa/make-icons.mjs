// Renders the PNG app icons from public/icons/logo.svg with the system Chromium, so the icons
// are drawn from the one SVG source and nothing is downloaded. Run: node src/app/pwa/make-icons.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const iconsDir = fileURLToPath(new URL('../../../../public/icons/', import.meta.url));
const logo = readFileSync(`${iconsDir}logo.svg`, 'utf8');

// Maskable and Apple icons are cropped by the platform: fill the whole square and keep the page
// glyph inside the central safe zone (a circle of 80% of the width).
const fullBleed = logo
  .replace(
    '<rect width="64" height="64" rx="15" fill="#1B2240"/>',
    '<rect width="64" height="64" fill="#1B2240"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">',
  )
  .replace('</svg>', '</g></svg>');

const outputs = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const { file, size, svg } of outputs) {
  await page.setViewportSize({ width: size, height: size });
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(
    `<body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`,
  );
  await page.waitForFunction(() => document.images[0]?.complete);
  await page.screenshot({
    path: `${iconsDir}${file}`,
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
  console.log(`wrote public/icons/${file} (${size}×${size})`);
}
await browser.close();
