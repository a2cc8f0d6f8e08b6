import type { Job } from '@facelift/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { WithI18n } from '../../../test/with-i18n.tsx';
import { TransformError, TransformProgress, usualTransformationSeconds } from './transform-status.tsx';

const checkKey = 'Please check your API key or try again later.';

function alertText(code: string | null, message: string): string {
  render(
    <WithI18n>
      <TransformError code={code} message={message} />
    </WithI18n>,
  );
  return screen.getByRole('alert').textContent ?? '';
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('TransformError hints by cause (docs/decisions/082-hints-by-cause.md)', () => {
  it('asks to check the key only for key problems, once', () => {
    expect(
      occurrences(
        alertText('ENGINE_KEY_REJECTED', "The image service rejected the server's API key."),
        checkKey,
      ),
    ).toBe(1);
  });

  it('does not repeat a hint the message already ends with', () => {
    const text = alertText(
      'ENGINE_KEY_REJECTED',
      `The image service account has run out of quota. ${checkKey}`,
    );
    expect(occurrences(text, checkKey)).toBe(1);
  });

  it.each([
    [
      'CONTENT_REJECTED',
      "The image service's safety system refused this request.",
      'Change the prompt or the image',
    ],
    ['AREA_NOT_MARKED', 'No area is marked for the walls.', 'Mark areas'],
    ['ENGINE_BUSY', 'The image service did not answer within 120 seconds.', 'try again in a few minutes'],
  ])('gives %s its own hint and never the key hint', (code, message, hint) => {
    const text = alertText(code, message);
    expect(text).toContain(message);
    expect(occurrences(text, hint)).toBe(1);
    expect(text).not.toMatch(/API key/);
  });

  it.each([
    [
      'STORAGE_FULL',
      'There is no room left to store files right now, so the result was not saved. Your credits were refunded.',
    ],
    ['SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.'],
  ])('shows the %s failure in the reader’s words (docs/decisions/113-faults.md)', (code, shown) => {
    expect(alertText(code, 'server words')).toBe(`Error${shown}`);
  });

  it('adds nothing to an offline-engine refusal that already says what to do', () => {
    const message =
      'The offline paint visualizer only recolours; it cannot add, remove, move or reshape parts of the building ("add a balcony"). Ask for a colour instead, such as "paint the walls sage".';
    expect(alertText('ENGINE_UNSUPPORTED', message)).toBe(`Error${message}`);
  });
});

describe('TransformProgress', () => {
  afterEach(() => vi.useRealTimers());

  function job(secondsAgo: number): Job {
    return {
      id: 'job-1',
      kind: 'transformation',
      projectId: 'project-1',
      status: 'running',
      version: 1,
      prompt: 'Change only the walls',
      cost: 1,
      createdAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
      startedAt: null,
      finishedAt: null,
      resultId: null,
      error: null,
    };
  }

  it('shows the elapsed time, and past the usual duration that the service is slow and credits come back', () => {
    const { unmount } = render(
      <WithI18n>
        <TransformProgress job={job(12)} />
      </WithI18n>,
    );
    expect(screen.getByRole('status').textContent).toContain('12 s');
    expect(screen.queryByText(/taking longer than usual/)).toBeNull();
    unmount();
    render(
      <WithI18n>
        <TransformProgress job={job(usualTransformationSeconds + 5)} />
      </WithI18n>,
    );
    expect(screen.getByRole('status').textContent).toContain('1 min 5 s');
    expect(screen.getByText(/taking longer than usual.*your credits come back/)).toBeTruthy();
  });
});

describe('TransformError says the catalogue texts, in the interface language', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('says where to paint when the painted area is empty, with no other hint', () => {
    // It showed the server's "The painted area is empty." and the hint about "Mark areas".
    expect(alertText('AREA_NOT_MARKED', 'The painted area is empty.')).toBe(
      'ErrorThe painted area is empty. Paint the area to change in the mask editor.',
    );
  });

  it('shows the timeout in Spanish and French (it was English)', async () => {
    const timeout = 'The transformation took too long and was stopped. Your credits were refunded.';
    await act(() => i18n.changeLanguage('es'));
    expect(alertText('ENGINE_BUSY', timeout)).toContain(
      'La transformación tardó demasiado y se detuvo. Se te devolvieron los créditos.',
    );
    await act(() => i18n.changeLanguage('fr'));
    cleanup();
    expect(alertText('ENGINE_BUSY', timeout)).toContain(
      'La transformation a pris trop de temps et a été arrêtée. Vos crédits ont été remboursés.',
    );
  });
});
