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

  it("says the server's refusals in the interface language by code (they were English in es/fr)", () => {
    const refused = new ApiError('FORBIDDEN', 'Buying credits is open to admins only for now.', 403);
    const spanish = {
      FORBIDDEN: 'Por ahora solo los administradores pueden comprar créditos.',
      RATE_LIMITED: 'Demasiados intentos de pago. Espera un minuto y vuelve a intentarlo.',
    };
    expect(checkoutErrorMessage(refused, 'Error en el pago', spanish)).toBe(spanish.FORBIDDEN);
    const limited = new ApiError(
      'RATE_LIMITED',
      'Too many checkout attempts. Please wait a minute and try again.',
      429,
    );
    expect(checkoutErrorMessage(limited, 'Error en el pago', spanish)).toBe(spanish.RATE_LIMITED);
    // A refusal without a translation keeps the server's words.
    const other = new ApiError('VALIDATION_FAILED', 'Unknown plan', 400);
    expect(checkoutErrorMessage(other, 'Error en el pago', spanish)).toBe('Unknown plan');
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
