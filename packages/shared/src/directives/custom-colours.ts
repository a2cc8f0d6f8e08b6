import { oklabFromBytes } from '../recolour/oklab-recolour.ts';
import { findSwatchByTitleKey, type Swatch, swatches, swatchRgb } from './swatches.ts';

/**
 * Any colour beside the named swatches (docs/product.md, Studio and preview): a directive may
 * carry "#rrggbb" instead of a swatch's title key. Only this exact lowercase form is accepted
 * at the edge, so a value is either a known swatch or six hex digits, never free text that
 * could end up in a prompt.
 */
export type CustomColour = `#${string}`;

export const customColourPattern = /^#[0-9a-f]{6}$/;

export function isCustomColour(value: string): value is CustomColour {
  return customColourPattern.test(value);
}

/**
 * What a user typed into a hex field, as a custom colour: "#AbC123", "abc123" and "#abc"
 * are read; anything else is null.
 */
export function parseHexColour(text: string): CustomColour | null {
  const trimmed = text.trim().toLowerCase().replace(/^#/, '');
  if (/^[0-9a-f]{6}$/.test(trimmed)) return `#${trimmed}`;
  if (/^[0-9a-f]{3}$/.test(trimmed)) return `#${[...trimmed].map((digit) => digit + digit).join('')}`;
  return null;
}

export function customColourRgb(colour: CustomColour): [number, number, number] {
  return [1, 3, 5].map((start) => Number.parseInt(colour.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

export function hexFromRgb(red: number, green: number, blue: number): CustomColour {
  return `#${[red, green, blue].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The named swatch closest to a colour by Euclidean distance in OKLab (a perceptual ΔE). */
export function nearestSwatch(rgb: readonly [number, number, number]): Swatch {
  const target = oklabFromBytes(rgb[0], rgb[1], rgb[2]);
  let best = swatches[0] as Swatch;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const swatch of swatches) {
    const [red, green, blue] = swatchRgb(swatch);
    const lab = oklabFromBytes(red, green, blue);
    const distance = Math.hypot(lab.l - target.l, lab.a - target.a, lab.b - target.b);
    if (distance < bestDistance) {
      best = swatch;
      bestDistance = distance;
    }
  }
  return best;
}

/** How a directive's colour is spoken in the prompt and painted. */
export interface ItemColour {
  /** English, for the prompt: a swatch's name, or "custom colour #rrggbb (close to sage)". */
  name: string;
  /** The rgba string the prompt quotes. */
  color: string;
  rgb: [number, number, number];
  /** The swatch itself, or the nearest one for a custom colour. */
  swatch: Swatch;
  custom: CustomColour | null;
}

export function resolveItemColour(value: string): ItemColour | undefined {
  if (isCustomColour(value)) {
    const rgb = customColourRgb(value);
    const swatch = nearestSwatch(rgb);
    return {
      name: `custom colour ${value} (close to ${swatch.name})`,
      color: `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, 1)`,
      rgb,
      swatch,
      custom: value,
    };
  }
  const swatch = findSwatchByTitleKey(value);
  if (!swatch) return undefined;
  return { name: swatch.name, color: swatch.color, rgb: swatchRgb(swatch), swatch, custom: null };
}
