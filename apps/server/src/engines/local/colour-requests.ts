import { type ElementType, elementTypes, findSwatch, type Swatch, type SwatchKey } from '@facelift/shared';
import {
  clauseConjunctions,
  elementPhrases,
  extraSwatchPhrases,
  lightnessPhrases,
  structuralWords,
  swatchPhrases,
} from './colour-vocabulary.ts';

/** One understood request: paint these elements (none named: the painted area) this swatch. */
export interface ColourRequest {
  elements: ElementType[];
  swatch: Swatch;
}

/** The same colour, darker or lighter, on these elements (none named: the painted area). */
export interface LightnessRequest {
  elements: ElementType[];
  direction: 'darker' | 'lighter';
}

export interface ParsedInstruction {
  requests: ColourRequest[];
  /** Clauses asking for a darker or lighter shade of what is there, without a colour. */
  lightnessRequests: LightnessRequest[];
  /** Words asking for a structural change, as the user wrote them (normalised). */
  structuralWords: string[];
  /** Elements named without any colour for them. */
  elementsWithoutColour: ElementType[];
}

/** Lower case, accents removed, everything but letters and digits turned into spaces. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9.,;:!?\n]+/g, ' ');
}

interface Phrase<Value> {
  words: string[];
  value: Value;
}

function buildPhrases<Value>(entries: [string, Value][]): Phrase<Value>[] {
  // Longest first, so "forest green" wins over "green" and "window frame" over "window".
  return entries
    .map(([text, value]) => ({ words: text.split(' '), value }))
    .sort((left, right) => right.words.length - left.words.length);
}

const colourPhrases = buildPhrases<SwatchKey>([
  ...Object.entries(swatchPhrases).flatMap(([key, phrases]) =>
    phrases.map((phrase): [string, SwatchKey] => [phrase, key as SwatchKey]),
  ),
  ...Object.entries(extraSwatchPhrases),
]);

const lightnessPhraseList = buildPhrases<'darker' | 'lighter'>(Object.entries(lightnessPhrases));

const elementPhraseList = buildPhrases<ElementType>(
  Object.entries(elementPhrases).flatMap(([type, phrases]) =>
    phrases.map((phrase): [string, ElementType] => [phrase, type as ElementType]),
  ),
);

/** Finds phrases in the words, longest first, each word used at most once, in text order. */
function findPhrases<Value>(words: string[], phrases: Phrase<Value>[], used: boolean[]): Value[] {
  const found: { position: number; value: Value }[] = [];
  for (const phrase of phrases) {
    for (let start = 0; start + phrase.words.length <= words.length; start++) {
      let matches = true;
      for (let offset = 0; offset < phrase.words.length; offset++) {
        if (used[start + offset] || words[start + offset] !== phrase.words[offset]) {
          matches = false;
          break;
        }
      }
      if (!matches) continue;
      for (let offset = 0; offset < phrase.words.length; offset++) used[start + offset] = true;
      found.push({ position: start, value: phrase.value });
    }
  }
  return found.sort((left, right) => left.position - right.position).map((entry) => entry.value);
}

function splitClauses(normalised: string): string[][] {
  const clauses: string[][] = [];
  for (const part of normalised.split(/[.,;:!?\n]+/)) {
    let clause: string[] = [];
    for (const word of part.split(' ').filter(Boolean)) {
      if (clauseConjunctions.has(word)) {
        if (clause.length > 0) clauses.push(clause);
        clause = [];
      } else {
        clause.push(word);
      }
    }
    if (clause.length > 0) clauses.push(clause);
  }
  return clauses;
}

/**
 * Reads colour requests from free text in English, Spanish or French: "paint the door
 * burgundy and the walls sage", "pinta la pared de verde salvia", "peins le mur en bleu".
 * Elements named in a clause without a colour wait for the next colour ("paint the doors
 * and windows white" paints both).
 */
export function parseColourInstruction(text: string): ParsedInstruction {
  const requests: ColourRequest[] = [];
  const lightnessRequests: LightnessRequest[] = [];
  const structural: string[] = [];
  let waiting: ElementType[] = [];
  for (const words of splitClauses(normaliseText(text))) {
    for (const word of words) if (structuralWords.has(word)) structural.push(word);
    const used = words.map(() => false);
    const elements = findPhrases(words, elementPhraseList, used);
    const colours = findPhrases(words, colourPhrases, used);
    const named = [...new Set([...waiting, ...elements])];
    if (colours.length === 0) {
      const direction = findPhrases(words, lightnessPhraseList, used)[0];
      if (direction) {
        lightnessRequests.push({ elements: named, direction });
        waiting = [];
      } else {
        waiting = named;
      }
      continue;
    }
    waiting = [];
    // One colour per clause; a second one ("red white") is ambiguous, so the first counts.
    const swatch = findSwatch(colours[0] as SwatchKey);
    if (swatch) requests.push({ elements: named, swatch });
  }
  return {
    requests,
    lightnessRequests,
    structuralWords: [...new Set(structural)],
    elementsWithoutColour: waiting,
  };
}

/** Every element the text names, in any of the three languages, in the fixed element order. */
export function findNamedElements(text: string): ElementType[] {
  const named = new Set<ElementType>();
  for (const words of splitClauses(normaliseText(text))) {
    for (const element of findPhrases(
      words,
      elementPhraseList,
      words.map(() => false),
    ))
      named.add(element);
  }
  return elementTypes.filter((element) => named.has(element));
}
