/**
 * What things cost and what the free tier allows (docs/product.md, Credits and tiers). These are the defaults; the
 * server may override them through configuration (CREDIT_COST_*, FREE_TIER_MAX_GENERATIONS).
 */
export interface CreditCosts {
  /** A standard (options) transformation. */
  standard: number;
  /** An inpainting (painted selection) transformation. */
  inpainting: number;
  /** A chat reply that contains an image. */
  chatImage: number;
  /** A chat reply with text only. */
  chatText: number;
}

export const defaultCreditCosts: CreditCosts = {
  standard: 1,
  inpainting: 1,
  chatImage: 1.5,
  chatText: 0,
};

export type ChargeableAction = keyof CreditCosts;

/**
 * What sets the free tier apart: a number of generations in total (and the site badge on
 * downloads and videos). Saving is not one of them: every result is kept in its project for
 * every account (docs/decisions/080-free-tier-story.md).
 */
export interface FreeTierLimits {
  /** Generations a free account may make in total. */
  maxGenerations: number;
}

export const defaultFreeTierLimits: FreeTierLimits = {
  maxGenerations: 2,
};

/** Days a purchased credit entry stays valid (expiresAt = purchasedAt + this). */
export const defaultCreditValidityDays = 30;

/** Ledger amounts are kept to 6 decimals so that repeated fractional spends never leave dust. */
export function roundCredits(amount: number): number {
  return Math.round(amount * 1e6) / 1e6;
}

/** The message shown wherever a user lacks credits (docs/product.md, Messages); the purchase modal opens with it. */
export const noCreditsMessage = 'No credits available';
