import {
  type FulfilResponse,
  findPaidPlan,
  type PaidPlanId,
  type PlansResponse,
  plans,
  type TestCheckoutSession,
} from '@facelift/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { DialectName } from '../../db/dialect.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { LocalPaymentProvider } from './local-payment-provider.ts';
import type { PaymentProvider, ProviderSession } from './payment-provider.ts';
import {
  type CheckoutSessionRow,
  findCheckoutSession,
  insertCheckoutSession,
  lockCheckoutSession,
  updateCheckoutSession,
} from './payments.repository.ts';
import { createStripeClient, StripePaymentProvider, toProviderSession } from './stripe-payment-provider.ts';

const dayMs = 86_400_000;
/** Stripe's own default: a signed event older than this is refused (replay protection). */
const webhookToleranceSeconds = 300;
const fulfilledEventTypes = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export type FulfilmentStatus = FulfilResponse['status'];

export interface FulfilmentResult {
  status: FulfilmentStatus;
  sessionId: string;
  userId: string;
  credits: number;
}

/** Picks the payment provider from configuration: Stripe when its key is set, else the test checkout. */
export function createPaymentProvider(
  config: Config,
  db: Kysely<Database>,
): { provider: PaymentProvider; stripe: Stripe | null } {
  const settings = config.payments.stripe;
  if (settings) {
    const stripe = createStripeClient(settings);
    return { provider: new StripePaymentProvider(stripe, settings.priceIds), stripe };
  }
  return { provider: new LocalPaymentProvider(db, config.publicUrl), stripe: null };
}

/**
 * Plans, checkout and fulfilment (docs/product.md, Plans and payments).
 * Fulfilment is one idempotent path used by the webhook, the success page and the test
 * checkout: it grants only a paid session, once, in the same transaction that marks it.
 */
export class PaymentsService {
  private readonly provider: PaymentProvider;
  private readonly stripe: Stripe | null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly config: Config,
    private readonly users: UsersService,
    private readonly credits: CreditsService,
    private readonly log?: FastifyBaseLogger,
  ) {
    ({ provider: this.provider, stripe: this.stripe } = createPaymentProvider(config, db));
  }

  get providerName(): PaymentProvider['name'] {
    return this.provider.name;
  }

  listPlans(): PlansResponse {
    return {
      plans: plans.map((plan) => ({ ...plan })),
      isSalesOpen: this.config.payments.isSalesOpen,
      provider: this.provider.name,
      creditValidityDays: this.config.credits.validityDays,
      costs: { ...this.config.credits.costs },
      freeTier: { ...this.config.credits.freeTier },
    };
  }

  /** Starts a checkout for a paid plan; only admins may buy unless sales are open (docs/product.md, Plans and payments). */
  async startCheckout(userId: string, planId: PaidPlanId): Promise<{ url: string }> {
    const user = await this.users.requireBuyer(userId);
    if (!this.config.payments.isSalesOpen && !user.isAdmin) {
      throw new AppError('FORBIDDEN', 'Buying credits is open to admins only for now.');
    }
    const plan = findPaidPlan(planId);
    const publicUrl = this.config.publicUrl;
    const created = await this.provider.createCheckoutSession({
      planId,
      userId,
      email: user.email,
      // Stripe fills in {CHECKOUT_SESSION_ID}; the test checkout page does the same.
      successUrl: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/cancel`,
    });
    await insertCheckoutSession(this.db, this.dialect, {
      id: created.id,
      user_id: userId,
      provider: this.provider.name,
      plan_id: planId,
      credits: plan.credits,
      price_cents: plan.priceCents,
      currency: plan.currency,
      status: 'open',
      payment_status: 'unpaid',
      createdAt: new Date(),
    });
    return { url: created.url };
  }

  /**
   * The /success page asks for its session: only the owner's, and granted only when the
   * provider says it is paid. Idempotent: the webhook may have granted it already.
   */
  async fulfilForUser(userId: string, sessionId: string): Promise<FulfilResponse> {
    const row = await findCheckoutSession(this.db, sessionId);
    if (!row || row.user_id !== userId) throw new AppError('NOT_FOUND', 'No such checkout session');
    const result = row.fulfilled_at
      ? { status: 'already_fulfilled' as const, credits: Number(row.credits) }
      : await this.fulfil(sessionId, await this.provider.retrieveSession(sessionId));
    return { status: result.status, credits: result.credits, balance: await this.credits.balanceOf(userId) };
  }

  /**
   * Grants a session's plan once: when `reported` (the provider's view: a signed webhook
   * event or a retrieval) says it is paid and belongs to the session's owner.
   */
  async fulfil(sessionId: string, reported: ProviderSession | null): Promise<FulfilmentResult> {
    return this.db.transaction().execute(async (transaction) => {
      const row = await lockCheckoutSession(transaction, this.dialect, sessionId);
      if (!row) throw new AppError('NOT_FOUND', 'No such checkout session');
      const result = (status: FulfilmentStatus): FulfilmentResult => ({
        status,
        sessionId,
        userId: row.user_id,
        credits: Number(row.credits),
      });
      if (row.fulfilled_at) return result('already_fulfilled');
      if (reported?.paymentStatus !== 'paid') return result('unpaid');
      if (reported.clientReferenceId !== null && reported.clientReferenceId !== row.user_id) {
        this.log?.warn({ sessionId }, 'checkout session owner mismatch; not fulfilled');
        return result('unpaid');
      }
      const now = new Date();
      await this.credits.grantWithin(transaction, {
        userId: row.user_id,
        amount: Number(row.credits),
        source: 'purchase',
        reason: `${row.plan_id} plan purchase`,
        grantKey: `${row.provider}:${row.id}`,
        expiresAt: new Date(now.getTime() + this.config.credits.validityDays * dayMs),
        now,
      });
      await this.users.markPaidWithin(transaction, row.user_id, now);
      await updateCheckoutSession(transaction, this.dialect, row.id, {
        status: 'complete',
        paymentStatus: 'paid',
        fulfilledAt: now,
      });
      return result('fulfilled');
    });
  }

  /**
   * A Stripe webhook: verified on the raw body (signature and a 300 s timestamp tolerance),
   * then `checkout.session.completed` / `async_payment_succeeded` are fulfilled. Unknown
   * sessions and other events are acknowledged and ignored so that Stripe stops resending.
   */
  async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    const settings = this.config.payments.stripe;
    if (!this.stripe || !settings) throw new AppError('NOT_FOUND', 'Stripe is not configured');
    if (!signature) throw new AppError('VALIDATION_FAILED', 'Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        settings.webhookSecret,
        webhookToleranceSeconds,
      );
    } catch {
      throw new AppError('VALIDATION_FAILED', 'Invalid webhook signature');
    }
    if (!fulfilledEventTypes.has(event.type)) return { received: true };
    const session = event.data.object as Stripe.Checkout.Session;
    const row = await findCheckoutSession(this.db, session.id);
    if (!row) {
      this.log?.warn({ sessionId: session.id, eventId: event.id }, 'webhook for an unknown checkout session');
      return { received: true };
    }
    const result = await this.fulfil(session.id, toProviderSession(session));
    this.log?.info({ sessionId: session.id, eventId: event.id, status: result.status }, 'stripe webhook');
    return { received: true };
  }

  /** The offline test checkout page's view of its session (owner only). */
  async getTestCheckout(userId: string, sessionId: string): Promise<TestCheckoutSession> {
    return toTestCheckout(await this.requireTestSession(userId, sessionId));
  }

  /** "Pay" on the test checkout: marks the session paid, then fulfils it like a webhook would. */
  async payTestCheckout(userId: string, sessionId: string): Promise<{ redirectTo: string }> {
    const row = await this.requireTestSession(userId, sessionId);
    if (row.status === 'cancelled') throw new AppError('CONFLICT', 'This checkout was cancelled.');
    if (row.payment_status !== 'paid') {
      await updateCheckoutSession(this.db, this.dialect, row.id, { paymentStatus: 'paid' });
    }
    await this.fulfil(row.id, await this.provider.retrieveSession(row.id));
    return { redirectTo: `/success?session_id=${encodeURIComponent(row.id)}` };
  }

  /** "Cancel" on the test checkout: nothing is granted; a paid session cannot be cancelled. */
  async cancelTestCheckout(userId: string, sessionId: string): Promise<{ redirectTo: string }> {
    const row = await this.requireTestSession(userId, sessionId);
    if (row.payment_status === 'paid') throw new AppError('CONFLICT', 'This checkout has already been paid.');
    await updateCheckoutSession(this.db, this.dialect, row.id, { status: 'cancelled' });
    return { redirectTo: '/cancel' };
  }

  private async requireTestSession(userId: string, sessionId: string): Promise<CheckoutSessionRow> {
    if (this.provider.name !== 'local') throw new AppError('NOT_FOUND', 'No such checkout session');
    const row = await findCheckoutSession(this.db, sessionId);
    // Someone else's session is as invisible as a missing one.
    if (row?.provider !== 'local' || row.user_id !== userId) {
      throw new AppError('NOT_FOUND', 'No such checkout session');
    }
    return row;
  }
}

function toTestCheckout(row: CheckoutSessionRow): TestCheckoutSession {
  return {
    id: row.id,
    planId: row.plan_id,
    credits: Number(row.credits),
    priceCents: row.price_cents,
    currency: 'usd',
    status: row.status === 'cancelled' ? 'cancelled' : row.payment_status === 'paid' ? 'paid' : 'open',
  };
}
