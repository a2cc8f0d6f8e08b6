import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('credit and payment settings', () => {
  it('defaults to the offline test checkout, sales closed, the documented costs and 30-day validity', () => {
    const config = loadConfig({});
    expect(config.payments).toEqual({ isSalesOpen: false, stripe: null });
    expect(config.credits).toEqual({
      costs: { standard: 1, inpainting: 1, chatImage: 1.5, chatText: 0 },
      freeTier: { maxGenerations: 2 },
      validityDays: 30,
    });
  });

  it('reads Stripe settings and where the SDK should send requests', () => {
    const config = loadConfig({
      SALES_OPEN: 'true',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_PRO: 'price_p',
      STRIPE_PRICE_POWER: 'price_w',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      CREDIT_COST_CHAT_IMAGE: '2',
      CREDIT_VALIDITY_DAYS: '45',
    });
    expect(config.payments).toEqual({
      isSalesOpen: true,
      stripe: {
        secretKey: 'sk_test_1',
        webhookSecret: 'whsec_1',
        priceIds: { starter: 'price_s', pro: 'price_p', power: 'price_w' },
        api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      },
    });
    expect(config.credits.costs.chatImage).toBe(2);
    expect(config.credits.validityDays).toBe(45);
  });

  it('names every Stripe setting missing beside the secret key', () => {
    let error: unknown;
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_PRO: 'price_p' });
    } catch (failure) {
      error = failure;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_STARTER: required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_POWER: required when STRIPE_SECRET_KEY is set',
    ]);
  });

  it('refuses negative costs and a malformed SALES_OPEN', () => {
    expect(() => loadConfig({ CREDIT_COST_STANDARD: '-1', SALES_OPEN: 'yes' })).toThrow(
      /SALES_OPEN[\s\S]*CREDIT_COST_STANDARD/,
    );
  });

  it('refuses to boot open sales without Stripe in production unless LOCAL_CHECKOUT=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SALES_OPEN: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SALES_OPEN: 'true' })).toThrow(/LOCAL_CHECKOUT=true/);
    expect(
      loadConfig({ NODE_ENV: 'production', SALES_OPEN: 'true', LOCAL_CHECKOUT: 'true' }).payments,
    ).toEqual({
      isSalesOpen: true,
      stripe: null,
    });
    // Closed sales (admins only) and development keep the offline checkout without asking.
    expect(loadConfig({ NODE_ENV: 'production' }).payments.isSalesOpen).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SALES_OPEN: 'true' }).payments.isSalesOpen).toBe(true);
  });
});
