import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PNG } from 'pngjs';
import { AiImageError, type AiImageProvider, type AiImageRequest } from './types';
import type { AigcCategory, AigcIndustry } from '../../../src/gateway/contract/actions/aigc';

// The offline image generator (docs/decisions.md "Creative material and AI images"). It paints a real PNG of
// the asked size, the same picture for the same request:
// - the industry picks the hue, the prompt's hash shifts it; a PNG reference gives its average colour as the
//   background's start colour;
// - the category picks the composition (social: circles, banner: bands, poster: a frame with circles,
//   product: a centred rounded square, logo: concentric rings); the prompt's words are how many shapes;
// - a prompt containing "[fail]" is refused (reason `refused`); it answers after `delayMs` (30 s by default:
//   spec 001's "about 30 seconds").

const INDUSTRY_HUE: Record<AigcIndustry, number> = {
  retail: 340,
  food: 25,
  travel: 195,
  education: 45,
  finance: 220,
  technology: 260,
  health: 140,
};

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** The average colour of a PNG reference; null for a JPEG or unreadable bytes (the hue decides then). */
function averageOf(reference: AiImageRequest['reference']): Rgb | null {
  if (!reference || reference.contentType !== 'image/png') return null;
  try {
    const png = PNG.sync.read(reference.bytes);
    const sum: Rgb = [0, 0, 0];
    const pixels = png.width * png.height;
    const step = Math.max(1, Math.floor(pixels / 4096));
    let counted = 0;
    for (let i = 0; i < pixels; i += step, counted += 1) for (let c = 0; c < 3; c += 1) sum[c] += png.data[i * 4 + c];
    return sum.map((v) => Math.round(v / Math.max(1, counted))) as Rgb;
  } catch {
    return null;
  }
}

interface Shape {
  kind: 'circle' | 'ring' | 'rect' | 'band';
  x: number;
  y: number;
  r: number;
  w: number;
  h: number;
  colour: Rgb;
}

function shapesOf(category: AigcCategory, width: number, height: number, seed: Buffer, hue: number): Shape[] {
  const byte = (i: number) => seed[i % seed.length] / 255;
  const unit = Math.min(width, height);
  const colour = (i: number): Rgb => hsl((hue + 40 + byte(i) * 200) % 360, 0.65, 0.55 + byte(i + 7) * 0.2);
  const count = 1 + Math.floor(byte(1) * 6);
  const base = { x: width / 2, y: height / 2, r: unit / 3, w: 0, h: 0, colour: colour(2) };
  switch (category) {
    case 'banner':
      return Array.from({ length: count }, (_, i) => ({
        ...base,
        kind: 'band',
        y: (height * (i + 0.5)) / count,
        h: Math.max(2, height / (count * 3)),
        colour: colour(i + 3),
      }));
    case 'poster':
      return [
        { ...base, kind: 'rect', w: width * 0.84, h: height * 0.84, colour: colour(4) },
        ...Array.from({ length: count }, (_, i) => ({
          ...base,
          kind: 'circle' as const,
          x: width * (0.2 + byte(i + 10) * 0.6),
          y: height * (0.2 + byte(i + 11) * 0.6),
          r: unit * (0.05 + byte(i + 12) * 0.12),
          colour: colour(i + 5),
        })),
      ];
    case 'product':
      return [{ ...base, kind: 'rect', w: unit * 0.5, h: unit * 0.5, colour: colour(6) }];
    case 'logo':
      return Array.from({ length: Math.max(2, count) }, (_, i) => ({
        ...base,
        kind: 'ring',
        r: (unit * 0.45 * (i + 1)) / Math.max(2, count),
        colour: colour(i + 8),
      }));
    default:
      return Array.from({ length: count }, (_, i) => ({
        ...base,
        kind: 'circle',
        x: width * byte(i + 20),
        y: height * byte(i + 21),
        r: unit * (0.08 + byte(i + 22) * 0.22),
        colour: colour(i + 9),
      }));
  }
}

function covers(shape: Shape, x: number, y: number): boolean {
  const dx = x - shape.x;
  const dy = y - shape.y;
  switch (shape.kind) {
    case 'circle':
      return dx * dx + dy * dy <= shape.r * shape.r;
    case 'ring': {
      const d = Math.sqrt(dx * dx + dy * dy);
      return Math.abs(d - shape.r) <= Math.max(1, shape.r * 0.08);
    }
    case 'rect':
      return Math.abs(dx) <= shape.w / 2 && Math.abs(dy) <= shape.h / 2;
    case 'band':
      return Math.abs(dy) <= shape.h / 2;
  }
}

/** The picture for a request: deterministic, of exactly the asked size. */
export function renderSandboxImage(request: AiImageRequest): Buffer {
  const seed = createHash('sha256')
    .update([request.prompt, request.category, request.industry, request.optimization ?? ''].join('\u0000'))
    .digest();
  const hue = (INDUSTRY_HUE[request.industry] + (seed[0] / 255) * 40) % 360;
  const from = averageOf(request.reference) ?? hsl(hue, 0.55, 0.85);
  const to = hsl((hue + 30) % 360, 0.6, 0.45);
  const words = request.prompt.split(/\s+/).filter(Boolean).length;
  const shapes = shapesOf(request.category, request.width, request.height, seed, hue).slice(0, Math.max(1, words));
  const png = new PNG({ width: request.width, height: request.height });
  for (let y = 0; y < request.height; y += 1)
    for (let x = 0; x < request.width; x += 1) {
      const t = (x / request.width + y / request.height) / 2;
      let pixel: Rgb = [0, 1, 2].map((c) => Math.round(from[c] + (to[c] - from[c]) * t)) as Rgb;
      for (const shape of shapes) if (covers(shape, x, y)) pixel = shape.colour;
      const at = (y * request.width + x) * 4;
      png.data[at] = pixel[0];
      png.data[at + 1] = pixel[1];
      png.data[at + 2] = pixel[2];
      png.data[at + 3] = 255;
    }
  return PNG.sync.write(png);
}

export function sandboxAiImageProvider(options: { delayMs?: number } = {}): AiImageProvider {
  const delayMs = options.delayMs ?? 30_000;
  return {
    kind: 'sandbox',
    async generate(request) {
      if (delayMs > 0) await sleep(delayMs, undefined, { signal: request.signal });
      if (request.prompt.toLowerCase().includes('[fail]'))
        throw new AiImageError('refused', 'sandbox: the prompt asked to fail');
      return { bytes: renderSandboxImage(request), contentType: 'image/png' };
    },
  };
}
