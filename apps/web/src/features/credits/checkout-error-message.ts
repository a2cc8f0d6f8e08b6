import { ApiError } from '../../lib/api-client.ts';

/**
 * Checkout failure (docs/product.md, Messages): the server's own message when it refused the request (4xx),
 * otherwise the generic "Payment error" (in the interface language).
 */
export function checkoutErrorMessage(error: unknown, genericMessage: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return genericMessage;
}
