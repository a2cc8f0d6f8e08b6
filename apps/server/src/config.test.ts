import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to SQLite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data', 'app.db') });
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres URL and treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost/test', PORT: '' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://localhost/test' });
    expect(config.port).toBe(3000);
  });

  it('lists every bad variable at once', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/x', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(problems).toContain('LOG_LEVEL');
    expect((thrown as ConfigError).problems).toHaveLength(3);
  });
});

describe('bounded waits (docs/decisions/083-bounded-waits.md)', () => {
  it('fits the default OpenAI attempts inside the default job limit, with room for storing', () => {
    const config = loadConfig({ OPENAI_API_KEY: 'sk-test' });
    const { timeoutMs, maxRetries } = config.imageEngine.openai;
    expect((maxRetries + 1) * timeoutMs).toBeLessThanOrEqual(config.jobs.timeoutMs * 0.8);
    expect(maxRetries).toBeGreaterThanOrEqual(1);
  });

  it('refuses an OpenAI timeout whose retry could never finish before the job limit', () => {
    expect(() =>
      loadConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_TIMEOUT_MS: '180000', JOB_TIMEOUT_MS: '300000' }),
    ).toThrow(
      'OPENAI_TIMEOUT_MS × (OPENAI_MAX_RETRIES + 1) = 180 s × 2 = 360 s, more than 80 % of JOB_TIMEOUT_MS (240 s of 300 s): the job would be stopped before its last attempt could finish. Lower OPENAI_TIMEOUT_MS or OPENAI_MAX_RETRIES, or raise JOB_TIMEOUT_MS.',
    );
  });

  it('does not hold the local engine to the OpenAI settings', () => {
    expect(() => loadConfig({ OPENAI_TIMEOUT_MS: '180000', JOB_TIMEOUT_MS: '60000' })).not.toThrow();
  });
});
