/**
 * A fake Stripe API: a real HTTP server on 127.0.0.1 that the official SDK talks to through
 * `new Stripe(key, { host, port, protocol: 'http' })`. It speaks the wire format of
 * docs/architecture.md, Test fakes (form-encoded bracketed keys in, checkout session objects and Stripe-shaped
 * errors out), hosts a minimal checkout page, and signs webhook events the way Stripe does
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripePrice {
  id: string;
  unitAmount: number;
  currency: string;
}

/** A checkout session as the fake keeps it: the exact Stripe object it answers with. */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  mode: string;
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  livemode: false;
  created: number;
}

/** One API request as it arrived: the decoded form and the headers that matter. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  form: Record<string, unknown>;
  rawBody: string;
  idempotencyKey: string | null;
}

export interface SignedEvent {
  payload: string;
  signature: string;
}

export interface FakeStripeServer {
  /** `http://127.0.0.1:<port>`: give it to the server as STRIPE_API_BASE. */
  apiBase: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  prices: Record<'starter' | 'pro' | 'power', FakeStripePrice>;
  sessions: Map<string, FakeCheckoutSession>;
  requests: RecordedStripeRequest[];
  /** Where the hosted page's Pay sends the `checkout.session.completed` event (optional). */
  webhookUrl: string | null;
  /** What paying on the hosted checkout does: the session becomes complete with this payment status. */
  completeSession(id: string, paymentStatus?: FakeCheckoutSession['payment_status']): FakeCheckoutSession;
  /** A signed event about a session, as Stripe would POST it; `timestamp` and `secret` can be forged. */
  signedEvent(
    sessionId: string,
    options?: { type?: string; timestamp?: number; secret?: string },
  ): SignedEvent;
  /** POSTs a signed event to a webhook URL, as Stripe does. */
  deliverEvent(url: string, event: SignedEvent): Promise<Response>;
  close(): Promise<void>;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

/** Decodes `a[b][0][c]=v` form keys into nested objects and arrays, as Stripe does. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const segments = key.split(/\[|\]\[|\]/).filter((segment) => segment !== '');
    let node: Record<string, unknown> | unknown[] = root;
    segments.forEach((segment, index) => {
      const isLast = index === segments.length - 1;
      const container = node as Record<string, unknown>;
      if (isLast) {
        container[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(segments[index + 1] ?? '');
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(7).toString('hex')}`,
  });
  response.end(JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function signStripePayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export async function startFakeStripeServer(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripeServer> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const prices = {
    starter: { id: 'price_fake_starter', unitAmount: 500, currency: 'usd' },
    pro: { id: 'price_fake_pro', unitAmount: 1000, currency: 'usd' },
    power: { id: 'price_fake_power', unitAmount: 2000, currency: 'usd' },
  };
  const priceById = new Map(Object.values(prices).map((price) => [price.id, price]));
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: RecordedStripeRequest[] = [];
  const idempotentAnswers = new Map<string, { status: number; body: unknown }>();
  let apiBase = '';

  function createSession(form: Record<string, unknown>): FakeCheckoutSession {
    const mode = form.mode;
    if (mode !== 'payment' && mode !== 'subscription' && mode !== 'setup') {
      throw new StripeHttpError(
        400,
        'invalid_request_error',
        'Missing required param: mode.',
        'parameter_missing',
        'mode',
      );
    }
    const successUrl = form.success_url;
    if (typeof successUrl !== 'string' || !/^https?:\/\//.test(successUrl)) {
      throw new StripeHttpError(
        400,
        'invalid_request_error',
        'Not a valid URL',
        typeof successUrl === 'string' ? 'url_invalid' : 'parameter_missing',
        'success_url',
      );
    }
    const lineItems = Array.isArray(form.line_items) ? (form.line_items as Record<string, unknown>[]) : [];
    if (lineItems.length === 0) {
      throw new StripeHttpError(
        400,
        'invalid_request_error',
        'Missing required param: line_items.',
        'parameter_missing',
        'line_items',
      );
    }
    let amount = 0;
    let currency = 'usd';
    lineItems.forEach((item, index) => {
      const price = priceById.get(String(item.price));
      if (!price) {
        throw new StripeHttpError(
          400,
          'invalid_request_error',
          `No such price: '${String(item.price)}'`,
          'resource_missing',
          `line_items[${index}][price]`,
        );
      }
      const quantity = Number(item.quantity ?? 1);
      if (!Number.isInteger(quantity) || quantity < 1) {
        throw new StripeHttpError(
          400,
          'invalid_request_error',
          'Invalid integer',
          'parameter_invalid_integer',
          `line_items[${index}][quantity]`,
        );
      }
      amount += price.unitAmount * quantity;
      currency = price.currency;
    });
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      url: `${apiBase}/checkout/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      mode,
      amount_total: amount,
      amount_subtotal: amount,
      currency,
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
      customer_details: null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      success_url: successUrl,
      cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    sessions.set(id, session);
    return session;
  }

  function requireSession(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session) {
      throw new StripeHttpError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${id}'`,
        'resource_missing',
        'id',
      );
    }
    return session;
  }

  function completeSession(id: string, paymentStatus: FakeCheckoutSession['payment_status'] = 'paid') {
    const session = requireSession(id);
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.url = null;
    session.customer_details = { email: session.customer_email };
    return session;
  }

  function signedEvent(
    sessionId: string,
    eventOptions: { type?: string; timestamp?: number; secret?: string } = {},
  ): SignedEvent {
    const session = requireSession(sessionId);
    const created = eventOptions.timestamp ?? Math.floor(Date.now() / 1000);
    const payload = JSON.stringify(
      {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-27.acacia',
        type: eventOptions.type ?? 'checkout.session.completed',
        created,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: session },
      },
      null,
      2,
    );
    return { payload, signature: signStripePayload(payload, eventOptions.secret ?? webhookSecret, created) };
  }

  async function deliverEvent(url: string, event: SignedEvent): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': event.signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: event.payload,
    });
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    const rawBody = await readBody(request);
    const form = decodeStripeForm(request.method === 'GET' ? url.searchParams.toString() : rawBody);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: request.method ?? '', path: url.pathname, form, rawBody, idempotencyKey });

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      const shown = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      throw new StripeHttpError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}`,
      );
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const remembered = idempotencyKey ? idempotentAnswers.get(idempotencyKey) : undefined;
      if (remembered) {
        sendJson(response, remembered.status, remembered.body);
        return;
      }
      const session = createSession(form);
      if (idempotencyKey) idempotentAnswers.set(idempotencyKey, { status: 200, body: session });
      sendJson(response, 200, session);
      return;
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      sendJson(response, 200, requireSession(decodeURIComponent(retrieve[1] ?? '')));
      return;
    }
    throw new StripeHttpError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.method}: ${url.pathname}).`,
    );
  }

  /** The hosted checkout: a page with Pay and Cancel, as Stripe's hosted page is for a buyer. */
  async function handleHostedPage(request: IncomingMessage, response: ServerResponse, url: URL) {
    const match = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    const session = match ? sessions.get(match[1] ?? '') : undefined;
    if (!match || !session) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const action = match[2];
    if (request.method === 'POST' && action === 'pay') {
      await readBody(request);
      completeSession(session.id, 'paid');
      if (server.webhookUrl) await deliverEvent(server.webhookUrl, signedEvent(session.id));
      const target = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
      response.writeHead(303, { location: target }).end();
      return;
    }
    if (request.method === 'POST' && action === 'cancel') {
      await readBody(request);
      response.writeHead(303, { location: session.cancel_url ?? '/' }).end();
      return;
    }
    const amount = (session.amount_total / 100).toFixed(2);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body>
<h1>Fake Stripe Checkout</h1><p>Pay ${escapeHtml(session.currency.toUpperCase())} ${amount}</p>
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${escapeHtml(session.id)}/cancel"><button type="submit">Cancel</button></form>
</body></html>`);
  }

  const httpServer = createServer((request, response) => {
    const url = new URL(request.url ?? '/', apiBase || 'http://127.0.0.1');
    const handler = url.pathname.startsWith('/v1/') ? handleApi : handleHostedPage;
    handler(request, response, url).catch((error: unknown) => {
      if (error instanceof StripeHttpError) {
        sendJson(response, error.status, {
          error: {
            type: error.type,
            message: error.message,
            code: error.code ?? undefined,
            param: error.param ?? undefined,
          },
        });
        return;
      }
      sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  apiBase = `http://127.0.0.1:${port}`;

  const server: FakeStripeServer = {
    apiBase,
    host: '127.0.0.1',
    port,
    secretKey,
    webhookSecret,
    prices,
    sessions,
    requests,
    webhookUrl: null,
    completeSession,
    signedEvent,
    deliverEvent,
    close: () =>
      new Promise<void>((resolve, reject) => {
        httpServer.closeAllConnections();
        httpServer.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return server;
}
