// Draws the extension's 128x128 icon (images/icon.png) without an image library: shapes are
// rasterised with 4x4 supersampling and written as an RGBA PNG through zlib.
// `node scripts/make-icon.mjs`
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const SIZE = 128;
const SAMPLES = 4;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'images', 'icon.png');

/** Inside a rectangle with rounded corners (all coordinates in pixels). */
function inRoundedRect(x, y, left, top, right, bottom, radius) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

// Painted in order; later layers cover earlier ones. A dark tile, a chip in PyTorch's orange with
// pins on every side, and memory bars inside it that step down: the linter trims what the GPU holds.
const BACKGROUND = [0x1e, 0x22, 0x2b];
const CHIP = [0xee, 0x4c, 0x2c];
const PIN = [0xc8, 0xcd, 0xd6];
const BAR = [0xff, 0xff, 0xff];

const pinOffsets = [40, 54, 68, 82];
const layers = [
  { color: BACKGROUND, inside: (x, y) => inRoundedRect(x, y, 0, 0, SIZE, SIZE, 24) },
  ...pinOffsets.flatMap((p) => [
    { color: PIN, inside: (x, y) => inRoundedRect(x, y, p, 18, p + 7, 110, 2) },
    { color: PIN, inside: (x, y) => inRoundedRect(x, y, 18, p, 110, p + 7, 2) },
  ]),
  { color: CHIP, inside: (x, y) => inRoundedRect(x, y, 28, 28, 100, 100, 10) },
  { color: BAR, inside: (x, y) => inRoundedRect(x, y, 40, 42, 88, 52, 4) },
  { color: BAR, inside: (x, y) => inRoundedRect(x, y, 40, 59, 76, 69, 4) },
  { color: BAR, inside: (x, y) => inRoundedRect(x, y, 40, 76, 62, 86, 4) },
];

/** One pixel's colour: the average of its subsamples, transparent outside the tile. */
function shade(px, py) {
  const sum = [0, 0, 0, 0];
  for (let sy = 0; sy < SAMPLES; sy++) {
    for (let sx = 0; sx < SAMPLES; sx++) {
      const x = px + (sx + 0.5) / SAMPLES;
      const y = py + (sy + 0.5) / SAMPLES;
      let color;
      for (const layer of layers) if (layer.inside(x, y)) color = layer.color;
      if (!color) continue;
      // Colours are summed premultiplied so anti-aliased tile edges do not darken.
      sum[0] += color[0];
      sum[1] += color[1];
      sum[2] += color[2];
      sum[3] += 255;
    }
  }
  const covered = sum[3] / 255;
  if (covered === 0) return [0, 0, 0, 0];
  return [sum[0] / covered, sum[1] / covered, sum[2] / covered, sum[3] / SAMPLES ** 2].map(Math.round);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function encodePng() {
  // Each scanline starts with filter type 0 (none).
  const raw = Buffer.alloc(SIZE * (1 + SIZE * 4));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 4);
    for (let x = 0; x < SIZE; x++) raw.set(shade(x, y), row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, encodePng());
console.log(`wrote ${target}`);
