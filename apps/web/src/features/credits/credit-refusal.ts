import { noCreditsDetailsSchema } from '@facelift/shared';
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
  const details = noCreditsDetailsSchema.safeParse(error.details ?? {});
  const freeTierLimit = details.success ? details.data.freeTierLimit : undefined;
  if (freeTierLimit === undefined) return t('errors.noCredits');
  // The next step for this person: buying, or — sales closed, not an admin — waiting for sales
  // (docs/decisions/080-free-tier-story.md).
  return details.success && details.data.canBuy === false
    ? t('errors.freeTierUsedUpSalesSoon', { count: freeTierLimit })
    : t('errors.freeTierUsedUp', { count: freeTierLimit });
}
