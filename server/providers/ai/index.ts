import type { ServerDeps } from '../../context';
import { openAiCompatibleProvider } from './openai';
import { sandboxAiProvider } from './sandbox';
import type { AiTextProvider } from './types';

export type {
  AiTextProvider,
  AiTextRequest,
  AiEmailResult,
  AiPlanResult,
  AiPlanFacts,
  AiSmsResult,
  AiAdResult,
} from './types';
export { AiTextError } from './types';

// One AI text provider per server (keyed by its database, like payments), so ServerDeps keeps its
// shape. HERALD_AI_BASE_URL set: the OpenAI-compatible adapter (HERALD_AI_KEY, HERALD_AI_MODEL,
// HERALD_AI_TIMEOUT_MS); unset: the offline sandbox (HERALD_AI_SANDBOX_DELAY_MS, HERALD_AI_SANDBOX_SLOW_MS).

const providers = new WeakMap<ServerDeps['database'], AiTextProvider>();

const positive = (value: string | undefined) =>
  value !== undefined && value !== '' && Number(value) >= 0 ? Number(value) : undefined;

export function aiTextProviderFromEnv(env: NodeJS.ProcessEnv = process.env): AiTextProvider {
  if (env.HERALD_AI_BASE_URL)
    return openAiCompatibleProvider({
      baseUrl: env.HERALD_AI_BASE_URL,
      apiKey: env.HERALD_AI_KEY,
      model: env.HERALD_AI_MODEL ?? 'gpt-4o-mini',
      timeoutMs: positive(env.HERALD_AI_TIMEOUT_MS),
    });
  return sandboxAiProvider({
    delayMs: positive(env.HERALD_AI_SANDBOX_DELAY_MS),
    slowMs: positive(env.HERALD_AI_SANDBOX_SLOW_MS),
  });
}

export function aiTextFor(deps: Pick<ServerDeps, 'database'>): AiTextProvider {
  let provider = providers.get(deps.database);
  if (!provider) {
    provider = aiTextProviderFromEnv();
    providers.set(deps.database, provider);
  }
  return provider;
}

/** Tests and the bench: a provider of their own (a sandbox without delay, an adapter to a local server). */
export function useAiTextProvider(deps: Pick<ServerDeps, 'database'>, provider: AiTextProvider): void {
  providers.set(deps.database, provider);
}
