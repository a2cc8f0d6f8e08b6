/**
 * The colour palette of the directives panel. Each swatch carries the rgba string the
 * prompt quotes, the translation key the interface shows, and the English name the
 * prompt uses (prompts are always English, docs/product.md, Offers).
 */
export interface Swatch {
  key: SwatchKey;
  titleKey: `itemColor-${SwatchKey}`;
  color: string;
  name: string;
}

// Order is the display order: the basic colours first, then whites and neutrals
// from light to dark, then warm, green, blue and wood tones.
const swatchDefinitions = [
  ['white', 'white', 255, 255, 255],
  ['black', 'black', 17, 17, 17],
  ['bronze', 'bronze', 110, 77, 37],
  ['beige', 'beige', 217, 199, 166],
  ['darkBrown', 'dark brown', 74, 50, 33],
  ['red', 'red', 178, 34, 34],
  ['anthracite', 'anthracite', 56, 62, 66],
  ['brightWhite', 'bright white', 250, 250, 247],
  ['softWhite', 'soft white', 241, 237, 226],
  ['ivory', 'ivory', 240, 234, 214],
  ['cream', 'cream', 238, 226, 196],
  ['sandstone', 'sandstone', 214, 192, 152],
  ['tan', 'tan', 196, 164, 122],
  ['taupe', 'taupe', 139, 125, 107],
  ['greige', 'greige', 184, 176, 163],
  ['lightGray', 'light gray', 207, 207, 202],
  ['silverGray', 'silver gray', 168, 170, 170],
  ['slate', 'slate', 96, 108, 118],
  ['graphite', 'graphite', 74, 76, 78],
  ['charcoal', 'charcoal', 54, 54, 54],
  ['brickRed', 'brick red', 150, 61, 45],
  ['terracotta', 'terracotta', 196, 98, 65],
  ['burgundy', 'burgundy', 110, 28, 44],
  ['rust', 'rust', 160, 72, 40],
  ['ochre', 'ochre', 204, 147, 52],
  ['mustard', 'mustard', 212, 171, 58],
  ['butterYellow', 'butter yellow', 246, 226, 143],
  ['sage', 'sage', 156, 171, 134],
  ['oliveGreen', 'olive green', 107, 112, 60],
  ['mossGreen', 'moss green', 98, 116, 74],
  ['forestGreen', 'forest green', 34, 85, 51],
  ['mintGreen', 'mint green', 190, 226, 200],
  ['teal', 'teal', 32, 110, 112],
  ['coastalBlue', 'coastal blue', 92, 136, 168],
  ['skyBlue', 'sky blue', 160, 200, 228],
  ['steelBlue', 'steel blue', 70, 110, 145],
  ['navyBlue', 'navy blue', 30, 45, 80],
  ['lavender', 'lavender', 184, 170, 210],
  ['blushPink', 'blush pink', 232, 190, 186],
  ['chocolate', 'chocolate', 90, 58, 40],
  ['walnut', 'walnut', 101, 70, 48],
  ['oak', 'oak', 176, 132, 82],
  ['mahogany', 'mahogany', 108, 44, 30],
  ['copper', 'copper', 184, 115, 51],
  ['gold', 'gold', 196, 160, 72],
  ['silver', 'silver', 192, 192, 192],
] as const;

export type SwatchKey = (typeof swatchDefinitions)[number][0];

export const swatches: readonly Swatch[] = swatchDefinitions.map(([key, name, red, green, blue]) => ({
  key,
  titleKey: `itemColor-${key}` as const,
  color: `rgba(${red}, ${green}, ${blue}, 1)`,
  name,
}));

export const swatchKeys = swatchDefinitions.map(([key]) => key) as readonly SwatchKey[];
export const swatchTitleKeys = swatches.map((swatch) => swatch.titleKey);
export type SwatchTitleKey = Swatch['titleKey'];

/** The basic colours (white, black, bronze, beige, dark brown, red, anthracite), offered first. */
export const basicSwatchKeys = [
  'white',
  'black',
  'bronze',
  'beige',
  'darkBrown',
  'red',
  'anthracite',
] as const satisfies readonly SwatchKey[];

const swatchByTitleKey = new Map<string, Swatch>(swatches.map((swatch) => [swatch.titleKey, swatch]));
const swatchByKey = new Map<string, Swatch>(swatches.map((swatch) => [swatch.key, swatch]));

/** The swatch for an `itemColor-…` key, or undefined for an unknown key. */
export function findSwatchByTitleKey(titleKey: string): Swatch | undefined {
  return swatchByTitleKey.get(titleKey);
}

/** The swatch for a bare key such as "sage", or undefined. */
export function findSwatch(key: string): Swatch | undefined {
  return swatchByKey.get(key);
}

/** The red, green and blue bytes of a swatch's rgba string. */
export function swatchRgb(swatch: Swatch): [number, number, number] {
  const match = /^rgba\((\d+), (\d+), (\d+), 1\)$/.exec(swatch.color);
  if (!match) throw new Error(`Swatch ${swatch.key} has a malformed colour: ${swatch.color}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}
