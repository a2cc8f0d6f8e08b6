import OpenAI from 'openai';

export interface OpenAiEngineOptions {
  apiKey: string;
  /** Any server speaking the OpenAI wire format; the official endpoint when unset. */
  baseUrl?: string;
  /** Per attempt, in milliseconds. */
  timeoutMs: number;
  maxRetries: number;
}

/** How softly a provider's result blends in at the inside edge of the mask, in pixels. */
export const featherSigma = 2;

/** The official SDK client both OpenAI engines use, with the job-sized timeout and retries. */
export function createOpenAiClient(options: OpenAiEngineOptions): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    // The SDK defaults (600 s, 2 retries) would hold a job for half an hour.
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
  });
}
