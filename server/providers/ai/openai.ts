import { z } from 'zod';
import { AiTextError, type AiEmailResult, type AiTextProvider, type AiTextRequest } from './types';

// An OpenAI-compatible chat completions service (OpenAI, Azure's compatible endpoint, vLLM, Ollama,
// LiteLLM…): POST {baseUrl}/chat/completions asking for a JSON object, the answer checked with zod.
// Every failure (HTTP status, network, timeout, an answer that is not the JSON asked for) is an
// AiTextError, which the gateway answers as AiGenerationFailed.

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1 (HERALD_AI_BASE_URL) */
  baseUrl: string;
  /** HERALD_AI_KEY; sent as a Bearer token when set */
  apiKey?: string;
  /** HERALD_AI_MODEL */
  model: string;
  /** HERALD_AI_TIMEOUT_MS: the whole request, 60 s by default (the spec's wait is about 30 s). */
  timeoutMs?: number;
}

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const emailJson = z.object({
  subject: z.string().min(1),
  previewText: z.string().default(''),
  html: z.string().min(1),
});

const LANGUAGE_NAMES = { en: 'English', zh: 'Simplified Chinese' } as const;

export function emailPrompt(request: AiTextRequest): { role: 'system' | 'user'; content: string }[] {
  return [
    {
      role: 'system',
      content:
        'You write marketing e-mails. Answer with one JSON object and nothing else: ' +
        '{"subject": string (at most 150 characters), "previewText": string (at most 150 characters), ' +
        '"html": string (the e-mail body as simple HTML: p, ul, li, strong, a, table; no script, no style tag)}. ' +
        `Write in ${LANGUAGE_NAMES[request.language]} with a ${request.tone} tone.`,
    },
    { role: 'user', content: request.brief },
  ];
}

/** The JSON object out of a message's content (some models wrap it in a ```json fence). */
function parseContent(content: string): AiEmailResult {
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(unfenced);
  } catch {
    throw new AiTextError('malformed', 'the answer is not JSON');
  }
  const parsed = emailJson.safeParse(json);
  if (!parsed.success) throw new AiTextError('malformed', `the answer lacks fields: ${parsed.error.message}`);
  return parsed.data;
}

export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): AiTextProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    name: 'openai-compatible',
    async generate(request) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            messages: emailPrompt(request),
            response_format: { type: 'json_object' },
          }),
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw new AiTextError('timeout', `no answer within ${timeoutMs} ms`);
        throw new AiTextError('failed', `request failed: ${(error as Error).message}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new AiTextError(signal.aborted ? 'timeout' : 'malformed', `HTTP ${response.status}: not JSON`);
      }
      if (!response.ok) throw new AiTextError('failed', `HTTP ${response.status}`);
      const parsed = completion.safeParse(body);
      const content = parsed.success ? parsed.data.choices[0].message.content : null;
      if (!content) throw new AiTextError('malformed', 'no message content in the answer');
      return parseContent(content);
    },
  };
}
