import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CreateCheckoutInput, PaymentProvider, ProviderSession } from './payment-provider.ts';
import { findCheckoutSession } from './payments.repository.ts';

/**
 * The offline test checkout (docs/product.md, Plans and payments): our own page at /checkout/test/:id stands in for
 * the hosted checkout. Its session's payment state lives in our database and changes only
 * when its owner presses Pay on that page, so the plan and owner cannot be tampered with.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly publicUrl: string,
  ) {}

  async createCheckoutSession(_input: CreateCheckoutInput): Promise<{ id: string; url: string }> {
    const id = `test_cs_${randomUUID().replaceAll('-', '')}`;
    return { id, url: `${this.publicUrl}/checkout/test/${id}` };
  }

  async retrieveSession(id: string): Promise<ProviderSession | null> {
    const row = await findCheckoutSession(this.db, id);
    if (row?.provider !== 'local') return null;
    return { id: row.id, paymentStatus: row.payment_status, clientReferenceId: row.user_id };
  }
}
