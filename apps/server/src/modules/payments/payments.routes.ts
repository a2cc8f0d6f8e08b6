import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  fulfilRequestSchema,
  fulfilResponseSchema,
  plansResponseSchema,
  testCheckoutActionResponseSchema,
  testCheckoutSessionSchema,
} from '@facelift/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentsService } from './payments.service.ts';

const sessionParamsSchema = z.object({ sessionId: z.string().min(1).max(255) });

/** Plans, checkout, fulfilment, the offline test checkout and the Stripe webhook. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ config: Config; payments: PaymentsService }> = async (
  app,
  { config, payments },
) => {
  app.get(
    '/api/payments/plans',
    {
      schema: {
        tags: ['payments'],
        summary: 'Plans and whether sales are open',
        response: { 200: plansResponseSchema },
      },
    },
    async () => payments.listPlans(),
  );

  app.post(
    '/api/payments/checkout',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start a checkout for a plan; answers the URL to send the browser to',
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema },
      },
      // Each checkout creates a session at the payment provider: a few a minute per account is
      // plenty. The app-wide write limit (write-rate-limit.plugin.ts) applies this stricter one.
      config: {
        rateLimit: {
          max: 10,
          timeWindow: 60_000,
          errorResponseBuilder: () =>
            new AppError('RATE_LIMITED', 'Too many checkout attempts. Please wait a minute and try again.'),
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return payments.startCheckout(user.id, request.body.planId);
    },
  );

  app.post(
    '/api/payments/fulfil',
    {
      schema: {
        tags: ['payments'],
        summary: 'Grant the credits of a paid checkout session (idempotent; the /success page calls it)',
        body: fulfilRequestSchema,
        response: { 200: fulfilResponseSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return payments.fulfilForUser(user.id, request.body.sessionId);
    },
  );

  app.get(
    '/api/payments/test-checkout/:sessionId',
    {
      schema: {
        tags: ['payments'],
        summary: 'The offline test checkout session (owner only)',
        params: sessionParamsSchema,
        response: { 200: testCheckoutSessionSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return payments.getTestCheckout(user.id, request.params.sessionId);
    },
  );

  for (const action of ['pay', 'cancel'] as const) {
    app.post(
      `/api/payments/test-checkout/:sessionId/${action}`,
      {
        schema: {
          tags: ['payments'],
          summary:
            action === 'pay'
              ? 'Pay the offline test checkout (no money moves)'
              : 'Cancel the offline test checkout',
          params: sessionParamsSchema,
          response: { 200: testCheckoutActionResponseSchema },
        },
      },
      async (request) => {
        const user = await request.requireUser();
        return action === 'pay'
          ? payments.payTestCheckout(user.id, request.params.sessionId)
          : payments.cancelTestCheckout(user.id, request.params.sessionId);
      },
    );
  }

  // The webhook signature covers the exact bytes Stripe sent: this scope keeps the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (signed)',
          hide: config.payments.stripe === null,
        },
        // Sent by Stripe, not a browser: no origin to check, no per-account limit.
        config: { isSignedWebhook: true },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return payments.handleStripeWebhook(body, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });
};
