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
