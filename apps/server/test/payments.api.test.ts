import { type FakeStripeServer, startFakeStripeServer } from '@facelift/test-fakes/stripe';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBoolean } from '../src/db/dialect.ts';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

const day = 86_400_000;
let accountCounter = 0;

interface Account {
  id: string;
  email: string;
  cookie: string;
}

async function createAccount(app: FastifyInstance, options: { isAdmin?: boolean } = {}): Promise<Account> {
  accountCounter += 1;
  const email = `buyer-${accountCounter}-${Date.now()}@example.com`;
  const { cookie } = await signUp(app, { email, password: 'a long password' });
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const id = me.json().id as string;
  if (options.isAdmin) {
    await app.db
      .updateTable('user')
      .set({ isAdmin: fromBoolean(app.dialect, true) })
      .where('id', '=', id)
      .execute();
  }
  return { id, email, cookie };
}

function post(app: FastifyInstance, url: string, account: Account | null, payload: unknown = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: sameOriginHeaders(app, account?.cookie),
    payload: payload as object,
  });
}

async function profileOf(app: FastifyInstance, account: Account) {
  const response = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: account.cookie } });
  return response.json() as { balance: number; packageTier: string; lastPurchaseAt: string | null };
}

async function purchaseEntries(app: FastifyInstance, userId: string) {
  return app.db
    .selectFrom('credit_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', 'purchase')
    .execute();
}

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`payments with the offline test checkout ${title}`, () => {
    let testApp: TestApp;
    let app: FastifyInstance;

    beforeAll(async () => {
      testApp = await createTestApp(dialect);
      app = testApp.app;
      // The installation's first account is its operator's and admin; the accounts below are not.
      await createAccount(app);
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('lists the four plans, sales closed, test checkout', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/payments/plans' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        plans: [
          { id: 'free', credits: 5, priceCents: 0, currency: 'usd', isPromotion: false },
          { id: 'starter', credits: 10, priceCents: 500, currency: 'usd', isPromotion: true },
          { id: 'pro', credits: 20, priceCents: 1000, currency: 'usd', isPromotion: true },
          { id: 'power', credits: 50, priceCents: 2000, currency: 'usd', isPromotion: true },
        ],
        isSalesOpen: false,
        provider: 'local',
        creditValidityDays: 30,
        costs: { standard: 1, inpainting: 1, chatImage: 1.5, chatText: 0 },
        freeTier: { maxGenerations: 2 },
      });
    });

    it('refuses checkout to visitors, to non-admins while sales are closed, and for unknown plans', async () => {
      expect((await post(app, '/api/payments/checkout', null, { planId: 'starter' })).statusCode).toBe(401);
      const user = await createAccount(app);
      const refused = await post(app, '/api/payments/checkout', user, { planId: 'starter' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
      const admin = await createAccount(app, { isAdmin: true });
      expect((await post(app, '/api/payments/checkout', admin, { planId: 'free' })).statusCode).toBe(400);
      expect((await post(app, '/api/payments/checkout', admin, { planId: 'mega' })).statusCode).toBe(400);
      const crossSite = await app.inject({
        method: 'POST',
        url: '/api/payments/checkout',
        headers: { cookie: admin.cookie, origin: 'https://evil.example' },
        payload: { planId: 'starter' },
      });
      expect(crossSite.statusCode).toBe(403);
    });

    it('an admin pays Starter on the test checkout: 10 credits for 30 days, paid tier, granted once', async () => {
      const admin = await createAccount(app, { isAdmin: true });
      const checkout = await post(app, '/api/payments/checkout', admin, { planId: 'starter' });
      expect(checkout.statusCode).toBe(200);
      const url = new URL(checkout.json().url);
      expect(url.origin).toBe(app.auth.options.baseURL);
      const sessionId = url.pathname.replace('/checkout/test/', '');
      expect(sessionId).toMatch(/^test_cs_/);

      const page = await app.inject({
        method: 'GET',
        url: `/api/payments/test-checkout/${sessionId}`,
        headers: { cookie: admin.cookie },
      });
      expect(page.json()).toEqual({
        id: sessionId,
        planId: 'starter',
        credits: 10,
        priceCents: 500,
        currency: 'usd',
        status: 'open',
      });
      // Nobody else sees or pays it.
      const stranger = await createAccount(app, { isAdmin: true });
      const peek = await app.inject({
        method: 'GET',
        url: `/api/payments/test-checkout/${sessionId}`,
        headers: { cookie: stranger.cookie },
      });
      expect(peek.statusCode).toBe(404);
      expect((await post(app, `/api/payments/test-checkout/${sessionId}/pay`, stranger)).statusCode).toBe(
        404,
      );
      expect((await post(app, '/api/payments/fulfil', stranger, { sessionId })).statusCode).toBe(404);

      // Asking before paying grants nothing.
      const early = await post(app, '/api/payments/fulfil', admin, { sessionId });
      expect(early.json()).toMatchObject({ status: 'unpaid', balance: 5 });

      const before = Date.now();
      const paid = await post(app, `/api/payments/test-checkout/${sessionId}/pay`, admin);
      expect(paid.json()).toEqual({ redirectTo: `/success?session_id=${sessionId}` });
      // The success page, a double click and a replayed pay: still one grant.
      const again = await Promise.all([
        ...Array.from({ length: 10 }, () => post(app, '/api/payments/fulfil', admin, { sessionId })),
        post(app, `/api/payments/test-checkout/${sessionId}/pay`, admin),
      ]);
      for (const response of again.slice(0, 10)) {
        expect(response.json()).toMatchObject({ status: 'already_fulfilled', credits: 10, balance: 15 });
      }

      const profile = await profileOf(app, admin);
      expect(profile).toMatchObject({ balance: 15, packageTier: 'paid' });
      expect(Date.parse(profile.lastPurchaseAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
      const entries = await purchaseEntries(app, admin.id);
      expect(entries).toHaveLength(1);
      const entry = entries[0];
      const purchasedAt = new Date(entry?.purchased_at as string | Date).getTime();
      const expiresAt = new Date(entry?.expires_at as string | Date).getTime();
      expect(expiresAt - purchasedAt).toBe(30 * day);
      expect(entry?.grant_key).toBe(`local:${sessionId}`);
    });

    it('limits checkouts to 10 a minute per account', async () => {
      const admin = await createAccount(app, { isAdmin: true });
      const other = await createAccount(app, { isAdmin: true });
      const statuses: number[] = [];
      for (let index = 0; index < 11; index += 1) {
        statuses.push((await post(app, '/api/payments/checkout', admin, { planId: 'starter' })).statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
      const limited = await post(app, '/api/payments/checkout', admin, { planId: 'starter' });
      expect(limited.json().error).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many checkout attempts. Please wait a minute and try again.',
      });
      // Another account from the same address is not affected.
      expect((await post(app, '/api/payments/checkout', other, { planId: 'starter' })).statusCode).toBe(200);
    });

    it('cancelling grants nothing, and a cancelled checkout cannot be paid', async () => {
      const admin = await createAccount(app, { isAdmin: true });
      const checkout = await post(app, '/api/payments/checkout', admin, { planId: 'power' });
      const sessionId = new URL(checkout.json().url).pathname.split('/').pop() as string;
      const cancelled = await post(app, `/api/payments/test-checkout/${sessionId}/cancel`, admin);
      expect(cancelled.json()).toEqual({ redirectTo: '/cancel' });
      expect((await post(app, `/api/payments/test-checkout/${sessionId}/pay`, admin)).statusCode).toBe(409);
      expect((await post(app, '/api/payments/fulfil', admin, { sessionId })).json()).toMatchObject({
        status: 'unpaid',
        balance: 5,
      });
      expect(await profileOf(app, admin)).toMatchObject({
        balance: 5,
        packageTier: 'free',
        lastPurchaseAt: null,
      });
    });
  });

  describe.skipIf(!isAvailable)(`sales open ${title}`, () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, { SALES_OPEN: 'true', CREDIT_VALIDITY_DAYS: '7' });
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('lets anyone buy, with the configured validity', async () => {
      const { app } = testApp;
      expect((await app.inject({ method: 'GET', url: '/api/payments/plans' })).json()).toMatchObject({
        isSalesOpen: true,
        creditValidityDays: 7,
      });
      const user = await createAccount(app);
      const checkout = await post(app, '/api/payments/checkout', user, { planId: 'pro' });
      expect(checkout.statusCode).toBe(200);
      const sessionId = new URL(checkout.json().url).pathname.split('/').pop() as string;
      await post(app, `/api/payments/test-checkout/${sessionId}/pay`, user);
      expect((await profileOf(app, user)).balance).toBe(25);
      const [entry] = await purchaseEntries(app, user.id);
      const validity =
        new Date(entry?.expires_at as string | Date).getTime() -
        new Date(entry?.purchased_at as string | Date).getTime();
      expect(validity).toBe(7 * day);
    });
  });

  describe.skipIf(!isAvailable)(`payments with Stripe (fake Stripe server) ${title}`, () => {
    let testApp: TestApp;
    let app: FastifyInstance;
    let stripe: FakeStripeServer;

    beforeAll(async () => {
      stripe = await startFakeStripeServer();
      testApp = await createTestApp(dialect, {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_PRICE_STARTER: stripe.prices.starter.id,
        STRIPE_PRICE_PRO: stripe.prices.pro.id,
        STRIPE_PRICE_POWER: stripe.prices.power.id,
        STRIPE_API_BASE: stripe.apiBase,
      });
      app = testApp.app;
    });
    afterAll(async () => {
      await testApp?.close();
      await stripe?.close();
    });

    async function startStripeCheckout(planId: 'starter' | 'pro' | 'power' = 'starter') {
      const admin = await createAccount(app, { isAdmin: true });
      const checkout = await post(app, '/api/payments/checkout', admin, { planId });
      expect(checkout.statusCode).toBe(200);
      const url = checkout.json().url as string;
      const sessionId = url.split('/').pop() as string;
      return { admin, url, sessionId };
    }

    function sendWebhook(payload: string, signature: string | undefined) {
      return app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        payload,
      });
    }

    it('creates the Checkout Session with the fields Stripe documents', async () => {
      const { admin, url, sessionId } = await startStripeCheckout('pro');
      expect(url).toBe(`${stripe.apiBase}/checkout/${sessionId}`);
      const request = stripe.requests.find((candidate) => candidate.path === '/v1/checkout/sessions');
      expect(request?.idempotencyKey).toBeTruthy();
      expect(request?.rawBody).toContain('line_items[0][price]=price_fake_pro');
      const publicUrl = app.auth.options.baseURL as string;
      expect(request?.form).toMatchObject({
        mode: 'payment',
        line_items: [{ price: 'price_fake_pro', quantity: '1' }],
        success_url: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}/cancel`,
        customer_email: admin.email,
        client_reference_id: admin.id,
        metadata: { planId: 'pro', userId: admin.id },
      });
      expect(stripe.sessions.get(sessionId)).toMatchObject({ amount_total: 1000, payment_status: 'unpaid' });
      // The test checkout pages do not exist when Stripe is configured.
      const page = await app.inject({
        method: 'GET',
        url: `/api/payments/test-checkout/${sessionId}`,
        headers: { cookie: admin.cookie },
      });
      expect(page.statusCode).toBe(404);
    });

    it('a signed webhook replayed 10 times, and the success page, grant once', async () => {
      const { admin, sessionId } = await startStripeCheckout();
      stripe.completeSession(sessionId, 'paid');
      const event = stripe.signedEvent(sessionId);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => sendWebhook(event.payload, event.signature)),
      );
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ received: true });
      }
      const fromSuccessPage = await post(app, '/api/payments/fulfil', admin, { sessionId });
      expect(fromSuccessPage.json()).toEqual({ status: 'already_fulfilled', credits: 10, balance: 15 });
      expect(await profileOf(app, admin)).toMatchObject({ balance: 15, packageTier: 'paid' });
      const entries = await purchaseEntries(app, admin.id);
      expect(entries.map((entry) => entry.grant_key)).toEqual([`stripe:${sessionId}`]);
    });

    it('the success page alone fulfils a paid session when the webhook is lost', async () => {
      const { admin, sessionId } = await startStripeCheckout('power');
      const unpaid = await post(app, '/api/payments/fulfil', admin, { sessionId });
      expect(unpaid.json()).toMatchObject({ status: 'unpaid', balance: 5 });
      stripe.completeSession(sessionId, 'paid');
      const results = await Promise.all(
        Array.from({ length: 5 }, () => post(app, '/api/payments/fulfil', admin, { sessionId })),
      );
      const statuses = results.map((response) => response.json().status).sort();
      expect(statuses).toEqual([
        'already_fulfilled',
        'already_fulfilled',
        'already_fulfilled',
        'already_fulfilled',
        'fulfilled',
      ]);
      expect((await profileOf(app, admin)).balance).toBe(55);
      const event = stripe.signedEvent(sessionId);
      expect((await sendWebhook(event.payload, event.signature)).statusCode).toBe(200);
      expect((await profileOf(app, admin)).balance).toBe(55);
    });

    it('refuses a bad signature, a stale timestamp and a re-serialised body with 400, granting nothing', async () => {
      const { admin, sessionId } = await startStripeCheckout();
      stripe.completeSession(sessionId, 'paid');
      const forged = stripe.signedEvent(sessionId, { secret: 'whsec_not_ours' });
      const stale = stripe.signedEvent(sessionId, { timestamp: Math.floor(Date.now() / 1000) - 400 });
      const genuine = stripe.signedEvent(sessionId);
      const reserialised = JSON.stringify(JSON.parse(genuine.payload));
      for (const [payload, signature] of [
        [forged.payload, forged.signature],
        [stale.payload, stale.signature],
        [reserialised, genuine.signature],
        [genuine.payload, undefined],
      ] as const) {
        const response = await sendWebhook(payload, signature);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      }
      expect((await profileOf(app, admin)).balance).toBe(5);
      expect(await purchaseEntries(app, admin.id)).toEqual([]);
    });

    it('an unpaid completed session grants nothing until async_payment_succeeded', async () => {
      const { admin, sessionId } = await startStripeCheckout();
      stripe.completeSession(sessionId, 'unpaid');
      const completed = stripe.signedEvent(sessionId);
      expect((await sendWebhook(completed.payload, completed.signature)).statusCode).toBe(200);
      expect((await profileOf(app, admin)).balance).toBe(5);
      expect((await post(app, '/api/payments/fulfil', admin, { sessionId })).json().status).toBe('unpaid');

      stripe.completeSession(sessionId, 'paid');
      const succeeded = stripe.signedEvent(sessionId, { type: 'checkout.session.async_payment_succeeded' });
      expect((await sendWebhook(succeeded.payload, succeeded.signature)).statusCode).toBe(200);
      expect((await profileOf(app, admin)).balance).toBe(15);
    });

    it('acknowledges events for sessions it did not create, and other event types, without granting', async () => {
      const foreign = await new Stripe(stripe.secretKey, {
        host: stripe.host,
        port: stripe.port,
        protocol: 'http',
      }).checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: stripe.prices.starter.id, quantity: 1 }],
        success_url: 'https://elsewhere.example/success',
      });
      stripe.completeSession(foreign.id, 'paid');
      const event = stripe.signedEvent(foreign.id);
      expect((await sendWebhook(event.payload, event.signature)).statusCode).toBe(200);
      const expired = stripe.signedEvent(foreign.id, { type: 'checkout.session.expired' });
      expect((await sendWebhook(expired.payload, expired.signature)).statusCode).toBe(200);
      expect(
        await app.db
          .selectFrom('credit_grant')
          .selectAll()
          .where('grant_key', '=', `stripe:${foreign.id}`)
          .execute(),
      ).toEqual([]);
    });

    it('the fake answers like Stripe: unknown price and bad key are Stripe errors through the SDK', async () => {
      const client = new Stripe(stripe.secretKey, {
        host: stripe.host,
        port: stripe.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      await expect(
        client.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: 'price_missing', quantity: 1 }],
          success_url: 'https://example.com/success',
        }),
      ).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        code: 'resource_missing',
        param: 'line_items[0][price]',
      });
      await expect(client.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
        statusCode: 404,
      });
      const wrongKey = new Stripe('sk_test_wrong', {
        host: stripe.host,
        port: stripe.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      await expect(wrongKey.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
        type: 'StripeAuthenticationError',
      });
      // The SDK's own test helper signs exactly as the fake does.
      const header = client.webhooks.generateTestHeaderString({
        payload: '{}',
        secret: stripe.webhookSecret,
      });
      expect(client.webhooks.constructEvent('{}', header, stripe.webhookSecret)).toEqual({});
    });
  });
}
