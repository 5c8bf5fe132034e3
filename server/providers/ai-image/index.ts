import type { ServerDeps } from '../../context';
import { openAiCompatibleImageProvider } from './openai';
import { sandboxAiImageProvider } from './sandbox';
import type { AiImageProvider } from './types';

export type { AiImageProvider, AiImageRequest, AiImageResult, AiImageFailure } from './types';
export { AiImageError } from './types';

// One AI image provider per server (keyed by its database, like the AI text provider). HERALD_AI_IMAGE_BASE_URL
// set: the OpenAI-compatible adapter; unset: the offline sandbox (HERALD_AI_IMAGE_SANDBOX_DELAY_MS, 30 s).

const providers = new WeakMap<ServerDeps['database'], AiImageProvider>();

const nonNegative = (value: string | undefined) =>
  value !== undefined && value !== '' && Number(value) >= 0 ? Number(value) : undefined;

export function aiImageProviderFromEnv(env: NodeJS.ProcessEnv = process.env): AiImageProvider {
  if (env.HERALD_AI_IMAGE_BASE_URL)
    return openAiCompatibleImageProvider({
      baseUrl: env.HERALD_AI_IMAGE_BASE_URL,
      apiKey: env.HERALD_AI_IMAGE_KEY,
      model: env.HERALD_AI_IMAGE_MODEL ?? 'gpt-image-1',
      timeoutMs: nonNegative(env.HERALD_AI_IMAGE_TIMEOUT_MS),
    });
  return sandboxAiImageProvider({ delayMs: nonNegative(env.HERALD_AI_IMAGE_SANDBOX_DELAY_MS) });
}

export function aiImageFor(deps: Pick<ServerDeps, 'database'>): AiImageProvider {
  let provider = providers.get(deps.database);
  if (!provider) {
    provider = aiImageProviderFromEnv();
    providers.set(deps.database, provider);
  }
  return provider;
}

/** Tests: a provider of their own (a sandbox without delay, a failing one). */
export function useAiImageProvider(deps: Pick<ServerDeps, 'database'>, provider: AiImageProvider): void {
  providers.set(deps.database, provider);
}
