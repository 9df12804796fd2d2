/**
 * A line plot written as a PNG with nothing but node:zlib: an RGB canvas, lines, a grid with
 * tick labels in a 3x5 pixel digit font, and a PNG encoder (signature, IHDR, one IDAT of
 * deflated scanlines with filter 0, IEND, each chunk with its CRC-32). For benchmark figures only.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB canvas, white to start with. */
export class Canvas {
  private readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = Buffer.alloc(width * height * 3, 255);
  }

  set(x: number, y: number, [r, g, b]: Rgb): void {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    const i = (py * this.width + px) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  /** A line `thickness` pixels wide (a square brush stepped along it). */
  line(x0: number, y0: number, x1: number, y1: number, colour: Rgb, thickness = 1): void {
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
    const half = Math.floor(thickness / 2);
    for (let s = 0; s <= steps; s += 1) {
      const x = x0 + ((x1 - x0) * s) / steps;
      const y = y0 + ((y1 - y0) * s) / steps;
      for (let dx = -half; dx <= half; dx += 1) for (let dy = -half; dy <= half; dy += 1) this.set(x + dx, y + dy, colour);
    }
  }

  /** Digits and '.', '%' in a 3x5 font scaled by `scale`, top-left at (x, y). */
  text(x: number, y: number, text: string, colour: Rgb, scale = 2): void {
    let cx = x;
    for (const ch of text) {
      const rows = FONT[ch];
      if (rows) {
        rows.forEach((row, r) => {
          for (let c = 0; c < 3; c += 1) {
            if (row[c] !== '#') continue;
            for (let sx = 0; sx < scale; sx += 1) for (let sy = 0; sy < scale; sy += 1) this.set(cx + c * scale + sx, y + r * scale + sy, colour);
          }
        });
      }
      cx += 4 * scale;
    }
  }

  png(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // colour type: RGB
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y += 1) {
      raw[y * (this.width * 3 + 1)] = 0; // filter: none
      this.pixels.copy(raw, y * (this.width * 3 + 1) + 1, y * this.width * 3, (y + 1) * this.width * 3);
    }
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  }
}

const FONT: Record<string, readonly string[]> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '###', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '..#', '..#', '..#'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  '.': ['...', '...', '...', '...', '.#.'],
  '%': ['#.#', '..#', '.#.', '#..', '#.#'],
};

/** One curve of a plot: points in [0, 1] x [0, 1]. */
export interface Series {
  readonly colour: Rgb;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

/**
 * Plots curves on the unit square (x right, y up, y from `yFrom` to 1) with a grid every 0.1 and
 * percentage tick labels, and writes the PNG to `file`.
 */
export function writeLinePlot(file: string, series: readonly Series[], yFrom = 0): void {
  const canvas = new Canvas(640, 480);
  const left = 56;
  const right = 620;
  const top = 20;
  const bottom = 440;
  const px = (x: number) => left + x * (right - left);
  const py = (y: number) => bottom - ((y - yFrom) / (1 - yFrom)) * (bottom - top);
  const grey: Rgb = [220, 220, 220];
  const black: Rgb = [0, 0, 0];
  for (let i = 0; i <= 10; i += 1) {
    const v = i / 10;
    canvas.line(px(v), top, px(v), bottom, grey);
    canvas.text(px(v) - 10, bottom + 10, `${Math.round(v * 100)}%`, black);
    const y = yFrom + (1 - yFrom) * v;
    canvas.line(left, py(y), right, py(y), grey);
    canvas.text(6, py(y) - 5, `${Math.round(y * 100)}%`, black);
  }
  canvas.line(left, bottom, right, bottom, black, 2);
  canvas.line(left, top, left, bottom, black, 2);
  for (const { colour, points } of series) {
    const sorted = [...points].sort((a, b) => a.x - b.x);
    for (let i = 1; i < sorted.length; i += 1) canvas.line(px(sorted[i - 1]!.x), py(sorted[i - 1]!.y), px(sorted[i]!.x), py(sorted[i]!.y), colour, 3);
  }
  writeFileSync(file, canvas.png());
}
