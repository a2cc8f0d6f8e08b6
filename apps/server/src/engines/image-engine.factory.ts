import type { Config } from '../config.ts';
import { type ImageEngine, imageEngineNames } from './image-engine.ts';
import { LocalImageEngine } from './local/local-image-engine.ts';
import { OpenAiImageEngine } from './openai/openai-image-engine.ts';

/** Builds the configured image engine; an unknown name or a missing key is a startup error. */
export function createImageEngine(settings: Config['imageEngine']): ImageEngine {
  const engine: string = settings.engine;
  switch (engine) {
    case 'local':
      return new LocalImageEngine();
    case 'openai': {
      const { apiKey, baseUrl, timeoutMs, maxRetries } = settings.openai;
      if (!apiKey) throw new Error('The openai image engine needs OPENAI_API_KEY');
      return new OpenAiImageEngine({ apiKey, baseUrl, timeoutMs, maxRetries });
    }
    default:
      throw new Error(`Unknown image engine "${engine}"; expected one of: ${imageEngineNames.join(', ')}`);
  }
}
