import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createImageEngine } from './image-engine.factory.ts';

describe('image engine configuration', () => {
  it('uses the local engine when no OpenAI key is set, and openai when one is', () => {
    expect(loadConfig({}).imageEngine.engine).toBe('local');
    const withKey = loadConfig({ OPENAI_API_KEY: 'sk-test' });
    expect(withKey.imageEngine).toEqual({
      engine: 'openai',
      openai: { apiKey: 'sk-test', baseUrl: undefined, timeoutMs: 120_000, maxRetries: 1 },
    });
    expect(loadConfig({ OPENAI_API_KEY: 'sk-test', IMAGE_ENGINE: 'local' }).imageEngine.engine).toBe('local');
  });

  it('reads the base URL, timeout and retry count', () => {
    const config = loadConfig({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      OPENAI_TIMEOUT_MS: '5000',
      OPENAI_MAX_RETRIES: '0',
    });
    expect(config.imageEngine.openai).toEqual({
      apiKey: 'sk-test',
      baseUrl: 'http://127.0.0.1:9999/v1',
      timeoutMs: 5000,
      maxRetries: 0,
    });
  });

  it('refuses an unknown engine, bad numbers and openai without a key', () => {
    expect(() => loadConfig({ IMAGE_ENGINE: 'dalle' })).toThrow(ConfigError);
    expect(() => loadConfig({ OPENAI_TIMEOUT_MS: 'soon' })).toThrow(/OPENAI_TIMEOUT_MS/);
    expect(() => loadConfig({ OPENAI_MAX_RETRIES: '-1' })).toThrow(/OPENAI_MAX_RETRIES/);
    expect(() => loadConfig({ IMAGE_ENGINE: 'openai' })).toThrow(/IMAGE_ENGINE: openai needs OPENAI_API_KEY/);
  });
});

describe('createImageEngine', () => {
  const openai = { apiKey: 'sk-test', baseUrl: undefined, timeoutMs: 1000, maxRetries: 0 };

  it('builds the engine the configuration names', () => {
    expect(createImageEngine({ engine: 'local', openai }).name).toBe('local');
    expect(createImageEngine({ engine: 'openai', openai }).name).toBe('openai');
  });

  it('throws on an unknown engine and on openai without a key', () => {
    expect(() => createImageEngine({ engine: 'magic' as 'local', openai })).toThrow(
      'Unknown image engine "magic"; expected one of: local, openai',
    );
    expect(() => createImageEngine({ engine: 'openai', openai: { ...openai, apiKey: undefined } })).toThrow(
      'OPENAI_API_KEY',
    );
  });
});
