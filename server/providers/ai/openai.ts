import { z } from 'zod';
import { AiTextError, type AiResults, type AiTextProvider, type AiTextRequest } from './types';

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

const planJson = z.object({
  goal: z.string().default(''),
  audience: z.string().default(''),
  steps: z.array(z.object({ channel: z.string(), day: z.coerce.number().int(), text: z.string().min(1) })).min(1),
});

const smsJson = z.object({ text: z.string().min(1) });

const adJson = z.object({
  primaryText: z.string().min(1),
  headline: z.string().min(1),
  description: z.string().default(''),
});

const RESULT_SCHEMAS = { email: emailJson, plan: planJson, sms: smsJson, ad: adJson } as const;

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

export function planPrompt(request: AiTextRequest): { role: 'system' | 'user'; content: string }[] {
  const plan = request.plan;
  return [
    {
      role: 'system',
      content:
        'You plan marketing campaigns. Answer with one JSON object and nothing else: ' +
        '{"goal": string (at most 300 characters), "audience": string (at most 300 characters), ' +
        '"steps": [{"channel": one of the channels given, "day": integer days after the start (0-365), ' +
        '"text": the message sent at that step (at most 1000 characters)}] (3 to 8 steps, by day)}. ' +
        `The plan's aim is ${plan?.aim ?? 'acquisition'} of customers, industry ${plan?.industry ?? ''}, ` +
        `product category ${plan?.productCategory ?? ''}, type ${plan?.type ?? ''}, channels ` +
        `${(plan?.channels ?? []).join(', ')}. Write in ${LANGUAGE_NAMES[request.language]} with a ${request.tone} tone.`,
    },
    { role: 'user', content: request.brief },
  ];
}

export function smsPrompt(request: AiTextRequest): { role: 'system' | 'user'; content: string }[] {
  const parts = request.language === 'zh' ? 'at most 130 characters' : 'at most 300 characters, plain ASCII';
  return [
    {
      role: 'system',
      content:
        'You write marketing SMS messages. Answer with one JSON object and nothing else: ' +
        `{"text": string (one SMS, ${parts}, no links shortened, no emoji, ending with an opt-out such as ` +
        '"Reply STOP to opt out" or "回复TD退订")}. ' +
        `The campaign's aim is ${request.aim ?? 'acquisition'} of customers. ` +
        `Write in ${LANGUAGE_NAMES[request.language]} with a ${request.tone} tone.`,
    },
    { role: 'user', content: request.brief },
  ];
}

export function adPrompt(request: AiTextRequest): { role: 'system' | 'user'; content: string }[] {
  return [
    {
      role: 'system',
      content:
        'You write Facebook ads that sell a product (objective OUTCOME_SALES). Answer with one JSON object and nothing else: ' +
        '{"primaryText": string (at most 500 characters), "headline": string (at most 40 characters), ' +
        '"description": string (at most 30 characters)}. ' +
        `Write in ${LANGUAGE_NAMES[request.language]} with a ${request.tone} tone.`,
    },
    { role: 'user', content: request.brief },
  ];
}

const PROMPTS = { email: emailPrompt, plan: planPrompt, sms: smsPrompt, ad: adPrompt } as const;

/** The JSON object out of a message's content (some models wrap it in a ```json fence). */
function parseContent<P extends keyof AiResults>(purpose: P, content: string): AiResults[P] {
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
  const parsed = RESULT_SCHEMAS[purpose].safeParse(json);
  if (!parsed.success) throw new AiTextError('malformed', `the answer lacks fields: ${parsed.error.message}`);
  return parsed.data as AiResults[P];
}

export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): AiTextProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    name: 'openai-compatible',
    async generate<P extends keyof AiResults>(request: AiTextRequest<P>): Promise<AiResults[P]> {
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
            messages: PROMPTS[request.purpose](request),
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
      return parseContent(request.purpose, content);
    },
  };
}
