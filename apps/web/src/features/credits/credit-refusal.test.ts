import { noCreditsDetailsSchema } from '@facelift/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { creditRefusalMessage } from './credit-refusal.ts';

// The words stand in for the translations: the test checks which sentence is chosen, and its count.
const t = ((key: string, options?: { count?: number }) =>
  options?.count === undefined ? key : `${key}:${options.count}`) as unknown as TFunction<'credits'>;

const refusal = (details: unknown) => new ApiError('NO_CREDITS', 'No credits', 402, details);

describe('creditRefusalMessage (docs/product.md, Credits and tiers)', () => {
  it('chooses the sentence by the details: the free limit, and whether this account may buy', () => {
    expect(creditRefusalMessage(refusal({ freeTierLimit: 2 }), t)).toBe('errors.freeTierUsedUp:2');
    expect(creditRefusalMessage(refusal({ freeTierLimit: 2, canBuy: false }), t)).toBe(
      'errors.freeTierUsedUpSalesSoon:2',
    );
    expect(creditRefusalMessage(refusal({ balance: 0, required: 1 }), t)).toBe('errors.noCredits');
    expect(creditRefusalMessage(refusal(undefined), t)).toBe('errors.noCredits');
    expect(creditRefusalMessage(new ApiError('FORBIDDEN', 'No', 403), t)).toBeNull();
  });

  // The details are checked by hand to keep zod out of the app shell
  // (docs/decisions/108-app-shell-split.md): they must accept exactly what the shared schema accepts.
  it.each([
    [{ freeTierLimit: 2, canBuy: true, balance: 0, required: 1.5 }],
    [{ freeTierLimit: 0 }],
    [{ freeTierLimit: -1 }],
    [{ freeTierLimit: 1.5 }],
    [{ freeTierLimit: '2' }],
    [{ freeTierLimit: 2, canBuy: 'no' }],
    [{ freeTierLimit: 2, balance: 'none' }],
    [{ freeTierLimit: 2, required: Number.POSITIVE_INFINITY }],
    [{ freeTierLimit: 2, extra: true }],
    [[2]],
    ['text'],
    [null],
  ])('reads %j as the shared schema does', (details) => {
    const parsed = noCreditsDetailsSchema.safeParse(details ?? {});
    const limit = parsed.success ? parsed.data.freeTierLimit : undefined;
    const expected =
      limit === undefined
        ? 'errors.noCredits'
        : parsed.success && parsed.data.canBuy === false
          ? `errors.freeTierUsedUpSalesSoon:${limit}`
          : `errors.freeTierUsedUp:${limit}`;
    expect(creditRefusalMessage(refusal(details), t)).toBe(expected);
  });
});
