/**
 * Draws the app's icon set from its two drawings (docs/PACKAGING.md, "Icons"): `resources/icon.svg`
 * for 48 px and up, `resources/icon-small.svg` (flat, larger letter) for 16 to 32 px. Writes:
 * - `resources/icons/<N>x<N>.png` for Linux (16 to 1024 px; freedesktop hicolor sizes),
 * - `resources/icon.ico` for Windows (16, 20, 24, 32, 40, 48, 64, 128, 256 px, PNG entries),
 * - `resources/icon.icns` for macOS (16 to 1024 px, the Retina pairs included),
 * - `resources/icon.png` (512 px, the window icon on Linux).
 * Run with `npm run icons` after changing a drawing; the files it writes are committed.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { icnsFile, icoFile } from './icon-files';

const resources = join(import.meta.dirname, '..', 'resources');
const smallest = 32;

async function draw(size: number): Promise<Buffer> {
  const svg = await readFile(join(resources, size <= smallest ? 'icon-small.svg' : 'icon.svg'));
  // Rendered at 4× the target density and scaled down, so edges are smooth at every size.
  return sharp(svg, { density: Math.ceil((72 * size * 4) / (size <= smallest ? 32 : 512)) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main(): Promise<void> {
  const sizes = [16, 20, 24, 32, 40, 48, 64, 128, 256, 512, 1024];
  const pngs = new Map<number, Buffer>();
  for (const size of sizes) pngs.set(size, await draw(size));
  await mkdir(join(resources, 'icons'), { recursive: true });
  for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024])
    await writeFile(join(resources, 'icons', `${size}x${size}.png`), pngs.get(size)!);
  await writeFile(join(resources, 'icon.png'), pngs.get(512)!);
  await writeFile(
    join(resources, 'icon.ico'),
    icoFile([16, 20, 24, 32, 40, 48, 64, 128, 256].map((size) => ({ size, png: pngs.get(size)! }))),
  );
  await writeFile(join(resources, 'icon.icns'), icnsFile(pngs));
  console.log(`Icons written to ${resources}`);
}

await main();
