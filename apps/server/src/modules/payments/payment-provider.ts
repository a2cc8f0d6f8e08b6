import type { PaidPlanId, PaymentProviderName } from '@facelift/shared';

/** The payment state of a checkout session as the provider reports it. */
export interface ProviderSession {
  id: string;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** Our user id, as given when the session was created. */
  clientReferenceId: string | null;
}

export interface CreateCheckoutInput {
  planId: PaidPlanId;
  userId: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A hosted checkout: Stripe Checkout in production, our own offline test checkout page
 * otherwise. The factory in payments.service.ts picks one from configuration.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts a checkout; returns the session id and the URL to send the browser to. */
  createCheckoutSession(input: CreateCheckoutInput): Promise<{ id: string; url: string }>;
  /** Asks the provider whether the session was paid. */
  retrieveSession(id: string): Promise<ProviderSession | null>;
}
