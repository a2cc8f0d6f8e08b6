import type { Config } from '../config.ts';
import type { ChatEngine } from './chat-engine.ts';
import { imageEngineNames } from './image-engine.ts';
import { LocalChatEngine } from './local/local-chat-engine.ts';
import { OpenAiChatEngine } from './openai/openai-chat-engine.ts';

/** The chat engine that goes with the configured image engine (IMAGE_ENGINE): local or openai. */
export function createChatEngine(settings: Config['imageEngine']): ChatEngine {
  const engine: string = settings.engine;
  switch (engine) {
    case 'local':
      return new LocalChatEngine();
    case 'openai': {
      const { apiKey, baseUrl, timeoutMs, maxRetries } = settings.openai;
      if (!apiKey) throw new Error('The openai chat engine needs OPENAI_API_KEY');
      return new OpenAiChatEngine({ apiKey, baseUrl, timeoutMs, maxRetries });
    }
    default:
      throw new Error(`Unknown image engine "${engine}"; expected one of: ${imageEngineNames.join(', ')}`);
  }
}
