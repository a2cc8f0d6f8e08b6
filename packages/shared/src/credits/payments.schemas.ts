import { z } from '../zod.ts';
import { paidPlanIdSchema } from './plans.ts';

export const paymentProviderNameSchema = z.enum(['local', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderNameSchema>;

/** GET /api/payments/plans: the plans, whether sales are open, and what things cost here. */
export const plansResponseSchema = z.object({
  plans: z.array(
    z.object({
      id: z.enum(['free', 'starter', 'pro', 'power']),
      credits: z.number(),
      priceCents: z.number(),
      currency: z.literal('usd'),
      isPromotion: z.boolean(),
    }),
  ),
  /** SALES_OPEN: everyone may buy; otherwise admins only. */
  isSalesOpen: z.boolean(),
  provider: paymentProviderNameSchema,
  creditValidityDays: z.number(),
  /** What each action costs on this server (CREDIT_COST_*), for showing prices before acting. */
  costs: z.object({
    standard: z.number(),
    inpainting: z.number(),
    chatImage: z.number(),
    chatText: z.number(),
  }),
  freeTier: z.object({ maxGenerations: z.number() }),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** POST /api/payments/checkout */
export const checkoutRequestSchema = z.object({ planId: paidPlanIdSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /api/payments/fulfil: the /success page asks for the session it came back with. */
export const fulfilRequestSchema = z.object({ sessionId: z.string().min(1).max(255) });
export const fulfilmentStatusSchema = z.enum(['fulfilled', 'already_fulfilled', 'unpaid']);
export const fulfilResponseSchema = z.object({
  status: fulfilmentStatusSchema,
  credits: z.number(),
  balance: z.number(),
});
export type FulfilResponse = z.infer<typeof fulfilResponseSchema>;

/** The offline test checkout page's session (provider `local`). */
export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  planId: paidPlanIdSchema,
  credits: z.number(),
  priceCents: z.number(),
  currency: z.literal('usd'),
  status: z.enum(['open', 'paid', 'cancelled']),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

export const testCheckoutActionResponseSchema = z.object({ redirectTo: z.string() });
export type TestCheckoutActionResponse = z.infer<typeof testCheckoutActionResponseSchema>;

/**
 * The `details` of a NO_CREDITS error: the balance and what was required, or the free plan's
 * generation limit when that is what refused. The web app words the refusal from these, by
 * code and details, never from the English message.
 */
export const noCreditsDetailsSchema = z.object({
  balance: z.number().optional(),
  required: z.number().optional(),
  freeTierLimit: z.number().int().nonnegative().optional(),
  /**
   * Whether this account may buy credits now (an admin, or sales open): the refusal then says
   * to buy, else that sales open soon (docs/decisions/080-free-tier-story.md).
   */
  canBuy: z.boolean().optional(),
});
export type NoCreditsDetails = z.infer<typeof noCreditsDetailsSchema>;
