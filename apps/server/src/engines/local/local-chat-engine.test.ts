import { findSwatch, oklabFromBytes } from '@facelift/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ChatReplyRequest } from '../chat-engine.ts';
import { LocalChatEngine, replyWording } from './local-chat-engine.ts';

const width = 60;
const height = 40;
type Box = [left: number, top: number, right: number, bottom: number];
const roof: Box = [0, 0, 60, 10];
const door: Box = [25, 20, 35, 40];
const shutter: Box = [5, 15, 15, 30];
const inside = (box: Box, x: number, y: number) => x >= box[0] && x < box[2] && y >= box[1] && y < box[3];
const isWall = (x: number, y: number) => y >= 10 && !inside(door, x, y);

/** A textured facade: dark red roof, beige wall, brown door. */
async function facade(): Promise<{ png: Buffer; pixels: Buffer }> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const texture = ((x * 13 + y * 7) % 9) * 3;
      const [r, g, b] = inside(roof, x, y)
        ? [140, 50, 40]
        : inside(door, x, y)
          ? [90, 60, 40]
          : [215, 200, 170];
      pixels[offset] = r - texture;
      pixels[offset + 1] = g - texture;
      pixels[offset + 2] = b - texture;
    }
  }
  return {
    png: await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
    pixels,
  };
}

/** A mask-contract PNG: transparent where `isMarked`, opaque black elsewhere. */
function maskOf(isMarked: (x: number, y: number) => boolean): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data[(y * width + x) * 4 + 3] = isMarked(x, y) ? 0 : 255;
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

async function pixelsOf(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

/** Pixels that differ from the original outside `isTarget`. */
function changedOutside(
  original: Buffer,
  output: Buffer,
  isTarget: (x: number, y: number) => boolean,
): number {
  let changed = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (isTarget(x, y)) continue;
      const offset = (y * width + x) * 3;
      if (
        original[offset] !== output[offset] ||
        original[offset + 1] !== output[offset + 1] ||
        original[offset + 2] !== output[offset + 2]
      )
        changed++;
    }
  }
  return changed;
}

/** Mean OKLab of the output over a box-shaped or predicate area. */
function meanOklab(output: Buffer, isTarget: (x: number, y: number) => boolean) {
  let l = 0;
  let a = 0;
  let b = 0;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!isTarget(x, y)) continue;
      const offset = (y * width + x) * 3;
      const lab = oklabFromBytes(
        output[offset] as number,
        output[offset + 1] as number,
        output[offset + 2] as number,
      );
      l += lab.l;
      a += lab.a;
      b += lab.b;
      count++;
    }
  }
  return { l: l / count, a: a / count, b: b / count };
}

function hueOf(colour: { a: number; b: number }): number {
  return Math.atan2(colour.b, colour.a);
}

function swatchHue(key: Parameters<typeof findSwatch>[0]): number {
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(findSwatch(key)?.color ?? '') as RegExpExecArray;
  return hueOf(oklabFromBytes(Number(match[1]), Number(match[2]), Number(match[3])));
}

describe('LocalChatEngine (offline chat)', () => {
  const engine = new LocalChatEngine();

  async function regions() {
    return {
      walls: await maskOf(isWall),
      roof: await maskOf((x, y) => inside(roof, x, y)),
      doorFrames: await maskOf((x, y) => inside(door, x, y)),
    };
  }

  async function ask(
    text: string,
    language: ChatReplyRequest['language'],
    overrides: Partial<ChatReplyRequest> = {},
  ) {
    const { png } = await facade();
    return engine.reply({
      text,
      language,
      image: png,
      referenceImages: [],
      elementRegions: await regions(),
      ...overrides,
    });
  }

  it('en: "paint the walls sage and the door frames white" paints exactly those two regions', async () => {
    const { pixels } = await facade();
    const reply = await ask('paint the walls sage and the door frames white', 'en');
    expect(reply.text).toBe(
      'Painted the walls sage and the door frames white. Everything else is unchanged.',
    );
    const output = await pixelsOf(reply.image as Buffer);
    expect(changedOutside(pixels, output, (x, y) => isWall(x, y) || inside(door, x, y))).toBe(0);
    const wall = meanOklab(output, isWall);
    expect(Math.abs(hueOf(wall) - swatchHue('sage'))).toBeLessThan(0.15);
    const doorColour = meanOklab(output, (x, y) => inside(door, x, y));
    expect(doorColour.l).toBeGreaterThan(0.85);
    expect(Math.hypot(doorColour.a, doorColour.b)).toBeLessThan(0.02);
  });

  it('fr: "les volets en bleu" paints the painted mask blue and nothing else', async () => {
    const { pixels } = await facade();
    const isShutter = (x: number, y: number) => inside(shutter, x, y);
    const reply = await ask('les volets en bleu', 'fr', { mask: await maskOf(isShutter) });
    expect(reply.text).toMatch(/^J’ai peint la zone peinte en bleu/);
    const output = await pixelsOf(reply.image as Buffer);
    expect(changedOutside(pixels, output, isShutter)).toBe(0);
    expect(Math.abs(hueOf(meanOklab(output, isShutter)) - swatchHue('coastalBlue'))).toBeLessThan(0.15);
  });

  it('es: "el tejado más oscuro" darkens the roof, keeping its hue, and touches nothing else', async () => {
    const { pixels } = await facade();
    const isRoof = (x: number, y: number) => inside(roof, x, y);
    const reply = await ask('el tejado más oscuro', 'es');
    expect(reply.text).toBe('He oscurecido el tejado. El resto no ha cambiado.');
    const output = await pixelsOf(reply.image as Buffer);
    expect(changedOutside(pixels, output, isRoof)).toBe(0);
    const before = meanOklab(pixels, isRoof);
    const after = meanOklab(output, isRoof);
    expect(after.l).toBeLessThan(before.l * 0.85);
    expect(Math.abs(hueOf(after) - hueOf(before))).toBeLessThan(0.1);
    for (let index = 0; index < roof[2] * roof[3] * 3; index++) {
      expect(output[index] as number).toBeLessThanOrEqual(pixels[index] as number);
    }
  });

  it('answers what it cannot do with text only: a redesign, an unmarked element, no colour', async () => {
    const redesign = await ask('add a balcony above the door', 'en');
    expect(redesign.image).toBeNull();
    expect(redesign.text).toMatch(/^Offline I can only repaint/);
    expect(redesign.text).toMatch(/Marked areas: the walls, the roof and the door frames\./);

    const { png } = await facade();
    const unmarked = await engine.reply({
      text: 'paint the window frames black',
      language: 'en',
      image: png,
      referenceImages: [],
      elementRegions: { walls: await maskOf(isWall) },
    });
    expect(unmarked.image).toBeNull();
    expect(unmarked.text).toMatch(/^No area is marked for the window frames\./);
    expect(unmarked.text).toMatch(/Marked areas: the walls\./);

    const noColour = await ask('¿qué estilo le queda bien a mi casa?', 'es');
    expect(noColour.image).toBeNull();
    expect(noColour.text).toMatch(/no he encontrado ningún color/);
  });
});

/** Every text a wording holds, its phrases filled with a sample area and colour. */
function textsOf(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return [[path, String(value('les murs', 'bleu'))]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    textsOf(inner, `${path}.${key}`),
  );
}

describe('apostrophes in the es and fr replies', () => {
  // The web app's locale files write French with the typographic ’ only (decision 294);
  // the offline chat's replies sit beside them in the same conversation.
  it('are all ’, none straight', () => {
    const texts = (['es', 'fr'] as const).flatMap((language) => textsOf(replyWording[language], language));
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter(([, text]) => text.includes("'")).map(([path]) => path)).toEqual([]);
  });
});
