import { readFileSync } from 'node:fs';
import { swatchKeys } from '@facelift/shared';
import { describe, expect, it } from 'vitest';
import { findNamedElements, parseColourInstruction } from './colour-requests.ts';
import { swatchPhrases } from './colour-vocabulary.ts';

function summary(text: string) {
  const parsed = parseColourInstruction(text);
  return parsed.requests.map((request) => [request.elements, request.swatch.key]);
}

describe('parseColourInstruction', () => {
  it('understands English requests', () => {
    expect(summary('Paint the door burgundy')).toEqual([[['doorFrames'], 'burgundy']]);
    expect(summary('make the walls forest green and the roof slate.')).toEqual([
      [['walls'], 'forestGreen'],
      [['roof'], 'slate'],
    ]);
    expect(summary('paint the doors and windows white')).toEqual([[['doorFrames', 'windowFrames'], 'white']]);
    expect(summary('Window frames in anthracite, please')).toEqual([[['windowFrames'], 'anthracite']]);
  });

  it('understands Spanish requests, accents or not', () => {
    expect(summary('pinta la pared de verde salvia')).toEqual([[['walls'], 'sage']]);
    expect(summary('Pinta el tejado de gris pizarra y la puerta de rojo')).toEqual([
      [['roof'], 'slate'],
      [['doorFrames'], 'red'],
    ]);
    expect(summary('las ventanas en marrón oscuro')).toEqual([[['windowFrames'], 'darkBrown']]);
  });

  it('understands French requests', () => {
    expect(summary('peins le mur en bleu')).toEqual([[['walls'], 'coastalBlue']]);
    expect(summary('Peignez la toiture en rouge brique et la porte en vert sauge')).toEqual([
      [['roof'], 'brickRed'],
      [['doorFrames'], 'sage'],
    ]);
    expect(summary('les fenêtres en blanc cassé')).toEqual([[['windowFrames'], 'softWhite']]);
  });

  it('leaves the element out when none is named, for the painted area', () => {
    expect(summary('make it terracotta')).toEqual([[[], 'terracotta']]);
  });

  it('reports structural requests in every language', () => {
    expect(parseColourInstruction('add a balcony').structuralWords).toEqual(['add']);
    expect(parseColourInstruction('Añade una ventana').structuralWords).toEqual(['anade']);
    expect(parseColourInstruction('Agrandis les fenêtres').structuralWords).toEqual(['agrandis']);
    expect(parseColourInstruction('paint the walls sage').structuralWords).toEqual([]);
  });

  it('finds no colour in text without one, and says which elements were left without colour', () => {
    const parsed = parseColourInstruction('make the roof nicer');
    expect(parsed.requests).toEqual([]);
    expect(parsed.elementsWithoutColour).toEqual(['roof']);
  });

  it('knows every swatch by name in English, Spanish and French', () => {
    for (const key of swatchKeys) {
      for (const phrase of swatchPhrases[key]) {
        const parsed = parseColourInstruction(`paint the wall ${phrase}`);
        expect(parsed.requests[0]?.swatch.key, phrase).toBe(key);
      }
    }
  });

  it('understands every colour name the interface shows, in each of its languages', () => {
    for (const language of ['en', 'es', 'fr']) {
      const texts = JSON.parse(
        readFileSync(
          new URL(`../../../../web/src/locales/${language}/directives.json`, import.meta.url),
          'utf8',
        ),
      ) as Record<string, unknown>;
      for (const key of swatchKeys) {
        const name = texts[`itemColor-${key}`];
        expect(typeof name, `${language} ${key}`).toBe('string');
        expect(
          parseColourInstruction(`paint the wall ${name}`).requests[0]?.swatch.key,
          `${language} ${name}`,
        ).toBe(key);
      }
    }
  });

  it('finds the elements a text names, in the fixed element order', () => {
    expect(findNamedElements('add ivy on the wall and a lamp by the door')).toEqual(['doorFrames', 'walls']);
    expect(findNamedElements('Nettoie la toiture')).toEqual(['roof']);
    expect(findNamedElements('a modern villa')).toEqual([]);
  });

  it('reads "darker" and "lighter" without a colour as a shade of what is there, in three languages', () => {
    expect(parseColourInstruction('el tejado más oscuro').lightnessRequests).toEqual([
      { elements: ['roof'], direction: 'darker' },
    ]);
    expect(parseColourInstruction('les murs plus clairs').lightnessRequests).toEqual([
      { elements: ['walls'], direction: 'lighter' },
    ]);
    const mixed = parseColourInstruction('paint the door dark green and make the roof darker');
    expect(mixed.requests.map((request) => request.swatch.key)).toEqual(['forestGreen']);
    expect(mixed.lightnessRequests).toEqual([{ elements: ['roof'], direction: 'darker' }]);
  });
});
