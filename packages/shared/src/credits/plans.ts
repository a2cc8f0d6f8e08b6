import { startingCredits } from '../accounts.schemas.ts';
import { z } from '../zod.ts';

/** Plans that can be bought. */
export const paidPlanIds = ['starter', 'pro', 'power'] as const;
export const paidPlanIdSchema = z.enum(paidPlanIds);
export type PaidPlanId = z.infer<typeof paidPlanIdSchema>;
export type PlanId = 'free' | PaidPlanId;

/** A plan as the purchase modal shows it (docs/product.md, Plans and payments). */
export interface Plan {
  id: PlanId;
  credits: number;
  /** Price in US cents; 0 for the included free plan. */
  priceCents: number;
  currency: 'usd';
  /** Paid plans carry the launch promotion. */
  isPromotion: boolean;
}

export const plans: readonly Plan[] = [
  { id: 'free', credits: startingCredits, priceCents: 0, currency: 'usd', isPromotion: false },
  { id: 'starter', credits: 10, priceCents: 500, currency: 'usd', isPromotion: true },
  { id: 'pro', credits: 20, priceCents: 1000, currency: 'usd', isPromotion: true },
  { id: 'power', credits: 50, priceCents: 2000, currency: 'usd', isPromotion: true },
];

export function findPaidPlan(id: PaidPlanId): Plan & { id: PaidPlanId } {
  const plan = plans.find((candidate) => candidate.id === id);
  if (!plan || plan.id === 'free') throw new Error(`Unknown paid plan ${id}`);
  return plan as Plan & { id: PaidPlanId };
}
