import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CreditCosts,
  defaultCreditCosts,
  defaultCreditValidityDays,
  defaultFreeTierLimits,
  type FreeTierLimits,
  type PaidPlanId,
} from '@facelift/shared';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL; leave it unset for SQLite')
    .optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  PUBLIC_URL: z
    .url({ message: 'must be the absolute URL browsers use, e.g. https://facelift.example' })
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  IMAGE_ENGINE: z.enum(['local', 'openai']).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(1),
  SALES_OPEN: booleanFromEnv.default(false),
  LOCAL_CHECKOUT: booleanFromEnv.default(false),
  CREDIT_VALIDITY_DAYS: z.coerce.number().positive().default(defaultCreditValidityDays),
  CREDIT_COST_STANDARD: z.coerce.number().min(0).default(defaultCreditCosts.standard),
  CREDIT_COST_INPAINTING: z.coerce.number().min(0).default(defaultCreditCosts.inpainting),
  CREDIT_COST_CHAT_IMAGE: z.coerce.number().min(0).default(defaultCreditCosts.chatImage),
  CREDIT_COST_CHAT_TEXT: z.coerce.number().min(0).default(defaultCreditCosts.chatText),
  FREE_TIER_MAX_GENERATIONS: z.coerce.number().int().min(0).default(defaultFreeTierLimits.maxGenerations),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_STARTER: z.string().min(1).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  STRIPE_PRICE_POWER: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().optional(),
  FILE_STORE: z.enum(['local', 's3']).optional(),
  FILES_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: z.coerce.number().int().positive().default(40_000_000),
  WRITE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  JOB_WORKERS_IN_PROCESS: booleanFromEnv.default(true),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(2),
});

export type RawConfig = z.input<typeof configSchema>;

/** Server configuration, read once from the environment at boot. */
export interface Config {
  environment: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  dataDirectory: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  webDistDirectory: string;
  trustProxy: boolean;
  /** The origin browsers reach us at: OAuth callbacks and the CSRF origin check use it. */
  publicUrl: string;
  /**
   * PUBLIC_URL was set: only its origin may change state. Unset, a request whose Origin is the
   * Host it was sent to is accepted too, so http://127.0.0.1:3000 or a phone on the local
   * network works (docs/decisions/022-origins.md).
   */
  isPublicUrlStrict: boolean;
  auth: {
    /** Unset means: generate one and keep it in the data directory (see auth-secret.ts). */
    secret: string | undefined;
    google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
    /** Sign-in and sign-up attempts allowed per window, per IP and per account. */
    rateLimit: { max: number; windowSeconds: number };
    /** State-changing API requests allowed per minute, per account (per IP when signed out). */
    writeRateLimitPerMinute: number;
  };
  /** The image engine (docs/product.md, Image engines): openai when a key is set, else the offline local one. */
  imageEngine: {
    engine: 'local' | 'openai';
    openai: {
      apiKey: string | undefined;
      baseUrl: string | undefined;
      timeoutMs: number;
      maxRetries: number;
    };
  };
  /** Where project files live: local disk (default) or an S3-compatible bucket. */
  files: {
    driver: 'local' | 's3';
    /** Local store root; `$DATA_DIR/files` when unset. */
    localDirectory: string | undefined;
    s3: {
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    } | null;
  };
  /** Transformation jobs (docs/product.md, Jobs). */
  jobs: {
    timeoutMs: number;
    /** Jobs one process runs at a time. */
    concurrency: number;
    /** Run workers inside the web server; false for web-only instances beside `npm run worker`. */
    runWorkersInProcess: boolean;
    /** Attempts before a job interrupted by a restart is failed and refunded. */
    maxAttempts: number;
  };
  /** Upload limits (docs/product.md, Limits and numbers), checked before an image is decoded. */
  uploads: { maxBytes: number; maxPixels: number };
  /** What things cost and what the free tier allows (docs/product.md, Credits and tiers); defaults from @facelift/shared. */
  credits: { costs: CreditCosts; freeTier: FreeTierLimits; validityDays: number };
  payments: {
    /** SALES_OPEN: everyone may buy; otherwise only admins (docs/product.md, Plans and payments). */
    isSalesOpen: boolean;
    /** Stripe Checkout when STRIPE_SECRET_KEY is set; the offline test checkout otherwise. */
    stripe: {
      secretKey: string;
      webhookSecret: string;
      priceIds: Record<PaidPlanId, string>;
      /** Where the SDK sends requests (tests point it at a local fake); null is Stripe's API. */
      api: { host: string; port: number; protocol: 'http' | 'https' } | null;
    } | null;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Share of the job limit kept free of provider attempts: for the SDK's pause between attempts,
 * decoding, compositing and storing the result (docs/decisions/083-bounded-waits.md).
 */
export const jobTimeReservedForStoring = 0.2;

/**
 * Every attempt of an image edit must be able to end, with the engine's own timeout message,
 * before the job limit stops the job; otherwise the last retry is paid for in waiting time and
 * can never finish. Returns why a setting breaks that, or null.
 */
export function describeUnboundedWait(
  openAiTimeoutMs: number,
  openAiMaxRetries: number,
  jobTimeoutMs: number,
): string | null {
  const attempts = openAiMaxRetries + 1;
  const allowedMs = jobTimeoutMs * (1 - jobTimeReservedForStoring);
  if (attempts * openAiTimeoutMs <= allowedMs) return null;
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  return (
    `OPENAI_TIMEOUT_MS × (OPENAI_MAX_RETRIES + 1) = ${seconds(openAiTimeoutMs)} × ${attempts} = ` +
    `${seconds(attempts * openAiTimeoutMs)}, more than ${Math.round((1 - jobTimeReservedForStoring) * 100)} % of ` +
    `JOB_TIMEOUT_MS (${seconds(allowedMs)} of ${seconds(jobTimeoutMs)}): the job would be stopped before its ` +
    `last attempt could finish. Lower OPENAI_TIMEOUT_MS or OPENAI_MAX_RETRIES, or raise JOB_TIMEOUT_MS.`
  );
}

/** Parses the environment; throws a ConfigError naming every bad variable at once. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so that `PORT= npm start` falls back to the default.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  if (env.IMAGE_ENGINE === 'openai' && !env.OPENAI_API_KEY) {
    throw new ConfigError([
      'IMAGE_ENGINE: openai needs OPENAI_API_KEY; unset IMAGE_ENGINE to use the local engine',
    ]);
  }
  const engine = env.IMAGE_ENGINE ?? (env.OPENAI_API_KEY ? 'openai' : 'local');
  if (engine === 'openai') {
    const problem = describeUnboundedWait(env.OPENAI_TIMEOUT_MS, env.OPENAI_MAX_RETRIES, env.JOB_TIMEOUT_MS);
    if (problem) throw new ConfigError([problem]);
  }
  if (env.FILE_STORE === 's3' && !env.S3_BUCKET) {
    throw new ConfigError(['FILE_STORE: s3 needs S3_BUCKET; unset FILE_STORE to keep files on local disk']);
  }
  if (env.STRIPE_SECRET_KEY) {
    const missing = (
      ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PRO', 'STRIPE_PRICE_POWER'] as const
    ).filter((name) => !env[name]);
    if (missing.length > 0) {
      throw new ConfigError(missing.map((name) => `${name}: required when STRIPE_SECRET_KEY is set`));
    }
  }
  // The offline test checkout grants credits to whoever clicks "Pay": with sales open in
  // production it must be an explicit choice (docs/decisions/024-local-checkout.md).
  if (env.NODE_ENV === 'production' && env.SALES_OPEN && !env.STRIPE_SECRET_KEY && !env.LOCAL_CHECKOUT) {
    throw new ConfigError([
      'SALES_OPEN: in production, open sales need Stripe (STRIPE_SECRET_KEY …); without it every user could grant themselves credits through the offline test checkout. Set LOCAL_CHECKOUT=true to allow that on purpose',
    ]);
  }
  const dataDirectory = path.resolve(env.DATA_DIR);
  return {
    environment: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    dataDirectory,
    database: env.DATABASE_URL
      ? { dialect: 'postgres', url: env.DATABASE_URL }
      : { dialect: 'sqlite', file: path.join(dataDirectory, 'app.db') },
    webDistDirectory: path.resolve(env.WEB_DIST_DIR ?? defaultWebDist),
    trustProxy: env.TRUST_PROXY,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    isPublicUrlStrict: env.PUBLIC_URL !== undefined,
    auth: {
      secret: env.AUTH_SECRET,
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              issuerUrl: env.GOOGLE_ISSUER_URL.replace(/\/$/, ''),
            }
          : null,
      rateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
      writeRateLimitPerMinute: env.WRITE_RATE_LIMIT_MAX,
    },
    imageEngine: {
      engine: env.IMAGE_ENGINE ?? (env.OPENAI_API_KEY ? 'openai' : 'local'),
      openai: {
        apiKey: env.OPENAI_API_KEY,
        baseUrl: env.OPENAI_BASE_URL,
        timeoutMs: env.OPENAI_TIMEOUT_MS,
        maxRetries: env.OPENAI_MAX_RETRIES,
      },
    },
    files: {
      driver: env.FILE_STORE ?? (env.S3_BUCKET ? 's3' : 'local'),
      localDirectory: env.FILES_DIR ? path.resolve(env.FILES_DIR) : undefined,
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : null,
    },
    jobs: {
      timeoutMs: env.JOB_TIMEOUT_MS,
      concurrency: env.JOB_CONCURRENCY,
      runWorkersInProcess: env.JOB_WORKERS_IN_PROCESS,
      maxAttempts: env.JOB_MAX_ATTEMPTS,
    },
    uploads: { maxBytes: env.UPLOAD_MAX_BYTES, maxPixels: env.UPLOAD_MAX_PIXELS },
    credits: {
      costs: {
        standard: env.CREDIT_COST_STANDARD,
        inpainting: env.CREDIT_COST_INPAINTING,
        chatImage: env.CREDIT_COST_CHAT_IMAGE,
        chatText: env.CREDIT_COST_CHAT_TEXT,
      },
      freeTier: { ...defaultFreeTierLimits, maxGenerations: env.FREE_TIER_MAX_GENERATIONS },
      validityDays: env.CREDIT_VALIDITY_DAYS,
    },
    payments: {
      isSalesOpen: env.SALES_OPEN,
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            priceIds: {
              starter: env.STRIPE_PRICE_STARTER ?? '',
              pro: env.STRIPE_PRICE_PRO ?? '',
              power: env.STRIPE_PRICE_POWER ?? '',
            },
            api: env.STRIPE_API_BASE ? stripeApiFromUrl(env.STRIPE_API_BASE) : null,
          }
        : null,
    },
  };
}

function stripeApiFromUrl(value: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
}
