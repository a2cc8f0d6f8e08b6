import type { NoCreditsDetails } from '@facelift/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The sentence for a refusal for lack of credits (docs/product.md, Credits and tiers), chosen by
 * the NO_CREDITS code and its details — the free plan's limit and whether this account may buy,
 * or plainly no credits — never by
 * the server's English text. Null for any other error.
 */
export function creditRefusalMessage(error: unknown, t: TFunction<'credits'>): string | null {
  if (!(error instanceof ApiError) || error.code !== 'NO_CREDITS') return null;
  const details = noCreditsDetails(error.details);
  const freeTierLimit = details.freeTierLimit;
  if (freeTierLimit === undefined) return t('errors.noCredits');
  // The next step for this person: buying, or — sales closed, not an admin — waiting for sales
  // (docs/decisions/080-free-tier-story.md).
  return details.canBuy === false
    ? t('errors.freeTierUsedUpSalesSoon', { count: freeTierLimit })
    : t('errors.freeTierUsedUp', { count: freeTierLimit });
}

/**
 * The refusal's details when they have the shape of `NoCreditsDetails` (all fields optional),
 * else none. Checked by hand rather than with the shared zod schema, which would put zod in the
 * app shell for four fields (docs/decisions/108-app-shell-split.md).
 */
function noCreditsDetails(details: unknown): NoCreditsDetails {
  if (details === undefined || details === null) return {};
  if (typeof details !== 'object' || Array.isArray(details)) return {};
  const { balance, required, freeTierLimit, canBuy } = details as Record<string, unknown>;
  const isOptional = (value: unknown, isValid: (value: unknown) => boolean) =>
    value === undefined || isValid(value);
  const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
  const isValid =
    isOptional(balance, isNumber) &&
    isOptional(required, isNumber) &&
    isOptional(freeTierLimit, (value) => Number.isInteger(value) && (value as number) >= 0) &&
    isOptional(canBuy, (value) => typeof value === 'boolean');
  return isValid ? (details as NoCreditsDetails) : {};
}
