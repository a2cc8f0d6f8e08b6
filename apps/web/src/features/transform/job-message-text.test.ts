import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { jobMessageText } from './job-message-text.ts';

await i18n.loadLanguages(['es', 'fr']);

/**
 * Every job error message the server writes in English (engines/local, engines/openai,
 * modules/jobs), as it writes them; a value where the server puts one.
 */
const serverMessages = [
  'The transformation took too long and was stopped. Your credits were refunded.',
  'No image data returned from OpenAI',
  'The painted area is empty.',
  'No area is marked for the walls.',
  'No area is marked for the window frames.',
  'The roof area is empty.',
  'The part of the door frames area inside the painted area is empty.',
  'The offline paint visualizer cannot change door glass, which changes the shape of the door. Clear the door glass style to repaint only.',
  'One painted area can take only one colour. Name one colour, or mark each element with the region tools.',
  'Say which part to paint (walls, roof, window frames or door frames), or paint the area in the mask editor.',
  'The offline paint visualizer only recolours; it cannot add, remove, move or reshape parts of the building ("añade un balcón"). Ask for a colour instead, such as "paint the walls sage".',
  'No colour was understood in "make it pretty". Name a colour from the palette, such as "paint the door burgundy" or "pinta la pared de verde salvia".',
  'The image service could not be reached.',
  'The image service did not answer within 120 seconds.',
  'The image service did not answer within 120 seconds, 3 times in a row.',
  "The image service's safety system refused this request.",
  "The image service rejected the server's API key.",
  'The image service refused access for this API key (the organisation may need verification for gpt-image-1).',
  'The image service account has run out of quota.',
  'The image service is busy (rate limit reached).',
  'The image service had an internal error.',
  'The image edit failed unexpectedly.',
  'The image edit was cancelled before the image service answered.',
  'The image service returned an image that could not be read.',
  'The chat service could not answer.',
  'The image service refused the request: Invalid size',
  'The source image could not be read.',
  'The mask image could not be read.',
];

const shownIn = (language: string, message: string) =>
  jobMessageText(message, i18n.getFixedT(language, 'transform'));

describe('job messages in the interface language', () => {
  it('shows each server message as written in English, the painted area as the catalogue says', () => {
    for (const message of serverMessages) {
      const expected =
        message === 'The painted area is empty.'
          ? 'The painted area is empty. Paint the area to change in the mask editor.'
          : message;
      expect(shownIn('en', message)?.text, message).toBe(expected);
    }
  });

  it.each(['es', 'fr'])('translates every one in %s, keeping its values', (language) => {
    for (const message of serverMessages) {
      const shown = shownIn(language, message)?.text ?? '';
      expect(shown, message).not.toBe('');
      expect(shown, message).not.toBe(message);
      for (const value of ['OpenAI', '120', '3 ', '"añade un balcón"', '"make it pretty"', 'Invalid size']) {
        if (message.includes(value)) expect(shown, message).toContain(value);
      }
    }
    expect(
      shownIn('es', 'The transformation took too long and was stopped. Your credits were refunded.'),
    ).toEqual({
      text: 'La transformación tardó demasiado y se detuvo. Se te devolvieron los créditos.',
      saysWhatToDo: false,
    });
    expect(shownIn('fr', 'No area is marked for the walls.')?.text).toBe(
      'Aucune zone n’est marquée pour les murs.',
    );
  });

  it('leaves a message it does not know as the server wrote it', () => {
    expect(shownIn('es', 'Something new went wrong.')).toBeNull();
  });
});
