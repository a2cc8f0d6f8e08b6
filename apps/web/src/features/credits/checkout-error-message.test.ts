import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { checkoutErrorMessage } from './checkout-error-message.ts';
import { formatPrice } from './format-price.ts';

describe('checkout error message (docs/product.md, Messages)', () => {
  it("shows the server's message when it refused the request", () => {
    const refused = new ApiError('FORBIDDEN', 'Buying credits is open to admins only for now.', 403);
    expect(checkoutErrorMessage(refused, 'Payment error')).toBe(
      'Buying credits is open to admins only for now.',
    );
  });

  it('falls back to "Payment error" for server failures, network failures and anything else', () => {
    expect(
      checkoutErrorMessage(new ApiError('SERVICE_UNAVAILABLE', 'provider down', 503), 'Payment error'),
    ).toBe('Payment error');
    expect(checkoutErrorMessage(new ApiError('NETWORK_ERROR', 'offline', 0), 'Payment error')).toBe(
      'Payment error',
    );
    expect(checkoutErrorMessage(new Error('boom'), 'Payment error')).toBe('Payment error');
  });
});

describe('plan prices', () => {
  it('shows whole dollars without cents', () => {
    expect(formatPrice(500, 'usd', 'en')).toBe('$5');
    expect(formatPrice(0, 'usd', 'en')).toBe('$0');
    expect(formatPrice(1999, 'usd', 'en')).toBe('$19.99');
  });
});
