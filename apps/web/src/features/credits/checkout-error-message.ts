import { ApiError } from '../../lib/api-client.ts';

/** The server's checkout refusals the interface says in its own language, by error code. */
export type CheckoutRefusalTexts = Partial<Record<string, string>>;

/**
 * Checkout failure (docs/product.md, Messages): the server's own message when it refused the request (4xx),
 * in the interface's language when its code is one of `refusals` (the English texts are the
 * server's own; docs/decisions/173-job-messages-translated.md), otherwise the generic "Payment error".
 */
export function checkoutErrorMessage(
  error: unknown,
  genericMessage: string,
  refusals: CheckoutRefusalTexts = {},
): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return refusals[error.code] ?? error.message;
  }
  return genericMessage;
}
