import type { PaidPlanId } from '@facelift/shared';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CreateCheckoutInput, PaymentProvider, ProviderSession } from './payment-provider.ts';

export type StripeSettings = NonNullable<Config['payments']['stripe']>;

/** The official SDK, pointed at Stripe or (in tests) at a local fake speaking its wire format. */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(settings.api
      ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol }
      : {}),
  });
}

function toPaymentStatus(value: string | null | undefined): ProviderSession['paymentStatus'] {
  return value === 'paid' || value === 'no_payment_required' ? value : 'unpaid';
}

/** A checkout session object (from the API or a webhook event) in our terms. */
export function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  return {
    id: session.id,
    paymentStatus: toPaymentStatus(session.payment_status),
    clientReferenceId: session.client_reference_id ?? null,
  };
}

/** Stripe Checkout (Stripe's documented API): one line item of the plan's configured price. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly priceIds: Record<PaidPlanId, string>,
  ) {}

  async createCheckoutSession(input: CreateCheckoutInput): Promise<{ id: string; url: string }> {
    try {
      const session = await this.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: this.priceIds[input.planId], quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        customer_email: input.email,
        client_reference_id: input.userId,
        metadata: { planId: input.planId, userId: input.userId },
      });
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  async retrieveSession(id: string): Promise<ProviderSession | null> {
    try {
      return toProviderSession(await this.stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw stripeFailure(error);
    }
  }
}

/** Stripe's messages are for us, not for buyers: log them, answer with a plain sentence. */
function stripeFailure(error: unknown): AppError {
  const detail = error instanceof Error ? error.message : String(error);
  return new AppError('SERVICE_UNAVAILABLE', 'The payment provider is unavailable. Please try again later.', {
    provider: 'stripe',
    detail,
  });
}
