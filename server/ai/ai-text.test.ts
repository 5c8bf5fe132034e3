import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signInDemo, type TestServer } from '../testing/harness';
import { createAccount } from '../handlers/sms/sms-test-helpers';
import { putOnOwnPlan } from '../testing/own-plan';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { useAiTextProvider, AiTextError } from '../providers/ai';
import { sandboxAiProvider, sandboxDraft } from '../providers/ai/sandbox';
import { openAiCompatibleProvider } from '../providers/ai/openai';

// AI text end to end: the sandbox rules, the OpenAI-compatible adapter over real loopback HTTP, the
// AIGCRequestLimit quota (also under concurrent requests), the MarketingPlan gate, tenant isolation
// and bad input.

let server: TestServer;
let demoToken: string;

type Reply = { status: number; RetCode: number; Message: string; Data: Record<string, unknown> };
const call = (action: string, input: Record<string, unknown>, token: string, lang: 'en' | 'zh' = 'en') =>
  server.api(action, input, { token, lang }) as Promise<Reply>;
const generate = (token: string, input: Record<string, unknown> = {}, lang: 'en' | 'zh' = 'en') =>
  call(
    'GenerateEmailContent',
    { Brief: 'Spring sale on all shoes. Free shipping this week', Language: 'en', ...input },
    token,
    lang,
  );

/** An account on a plan of its own: `limit` AI generations, with or without the MarketingPlan module. */
async function accountOnPlan(limit: number, modules = ['MarketingPlan']) {
  const account = await createAccount(server);
  await putOnOwnPlan(server.deps, account.id, { key: 'ai-test', modules, limits: { AIGCRequestLimit: limit } });
  return account;
}

beforeAll(async () => {
  server = await createTestServer();
  useAiTextProvider(server.deps, sandboxAiProvider({ delayMs: 0, slowMs: 50 }));
  demoToken = (await signInDemo(server)).AccessToken;
}, 120_000);
afterAll(() => server?.close());

describe('the sandbox generator', () => {
  it('builds the draft from the brief, the tone and the language, the same every time', () => {
    const request = {
      brief: 'Spring sale on all shoes. Free shipping this week',
      language: 'en',
      tone: 'friendly',
    } as const;
    const draft = sandboxDraft(request);
    expect(draft.subject).toBe('Good news: Spring sale on all shoes');
    expect(draft.previewText).toBe('Spring sale on all shoes, Free shipping this week');
    expect(draft.html).toContain('<li>Spring sale on all shoes</li><li>Free shipping this week</li>');
    expect(sandboxDraft(request)).toEqual(draft);
    expect(sandboxDraft({ ...request, tone: 'professional' }).subject).toBe('Update: Spring sale on all shoes');
    const zh = sandboxDraft({ brief: '春季鞋子大促。本周包邮', language: 'zh', tone: 'friendly' });
    expect(zh.subject).toBe('好消息：春季鞋子大促');
    expect(zh.html).toContain('<li>本周包邮</li>');
    expect(sandboxDraft({ ...request, brief: '<b>bold</b> & "quoted"' }).html).toContain(
      '&lt;b&gt;bold&lt;/b&gt; &amp;',
    );
  });

  it('fails on [fail] and answers late on [slow]', async () => {
    const provider = sandboxAiProvider({ delayMs: 0, slowMs: 150 });
    const base = { purpose: 'email', language: 'en', tone: 'friendly' } as const;
    await expect(provider.generate({ ...base, brief: 'please [fail]' })).rejects.toBeInstanceOf(AiTextError);
    const started = Date.now();
    const slow = await provider.generate({ ...base, brief: 'a [slow] answer' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(slow.subject).toBe('Good news: a answer');
  });
});

describe('GenerateEmailContent and GetAIGCUsage', () => {
  it('answers a sanitised draft and counts one use', async () => {
    const before = await call('GetAIGCUsage', {}, demoToken);
    expect(before.Data).toMatchObject({ Limit: 2000 });
    const reply = await generate(demoToken, { Tone: 'playful' });
    expect(reply.RetCode).toBe(0);
    expect(reply.Data.Draft).toMatchObject({ Subject: 'Psst! Spring sale on all shoes' });
    expect((reply.Data.Draft as { Html: string }).Html).toContain('<li>Free shipping this week</li>');
    const after = await call('GetAIGCUsage', {}, demoToken);
    expect(after.Data.Used).toBe(Number(before.Data.Used) + 1);
    expect(reply.Data.Usage).toEqual(after.Data);
  });

  it('answers AiGenerationFailed in the user’s language and gives the use back', async () => {
    const account = await accountOnPlan(5);
    const en = await generate(account.token, { Brief: 'Launch party [fail]' });
    expect(en.status).toBe(200);
    expect(en.RetCode).toBe(RetCode.AiGenerationFailed);
    expect(en.Message).toContain('AI information generation failed');
    const zh = await generate(account.token, { Brief: 'Launch party [fail]' }, 'zh');
    expect(zh.Message).toContain('AI 信息生成失败');
    expect((await call('GetAIGCUsage', {}, account.token)).Data).toEqual({ Used: 0, Limit: 5 });
  });

  it('stops at the plan’s AIGCRequestLimit, also with requests at once', async () => {
    const account = await accountOnPlan(3);
    const replies = await Promise.all(Array.from({ length: 8 }, () => generate(account.token)));
    expect(replies.filter((r) => r.RetCode === 0)).toHaveLength(3);
    const refused = replies.filter((r) => r.RetCode !== 0);
    expect(refused.every((r) => r.RetCode === RetCode.AiQuotaUsedUp)).toBe(true);
    expect(refused[0].Message).toContain('AI generation count in subscription used up');
    expect((await generate(account.token, {}, 'zh')).Message).toContain('订阅中的 AI 生成次数已用完');
    expect((await call('GetAIGCUsage', {}, account.token)).Data).toEqual({ Used: 3, Limit: 3 });
  });

  it('keeps each account’s count to itself', async () => {
    const first = await accountOnPlan(2);
    const second = await accountOnPlan(2);
    await generate(first.token);
    await generate(first.token);
    expect((await generate(first.token)).RetCode).toBe(RetCode.AiQuotaUsedUp);
    expect((await generate(second.token)).RetCode).toBe(0);
    expect((await call('GetAIGCUsage', {}, second.token)).Data).toEqual({ Used: 1, Limit: 2 });
  });

  it('refuses a plan without the MarketingPlan module, and an account without a plan', async () => {
    const withoutModule = await accountOnPlan(10, ['Analysis']);
    const noPlan = await createAccount(server);
    for (const token of [withoutModule.token, noPlan.token]) {
      const reply = await generate(token);
      expect(reply.RetCode).toBe(RetCode.ModuleNotInPlan);
      expect(reply.status).toBe(200);
    }
    expect((await call('GetAIGCUsage', {}, noPlan.token)).Data).toEqual({ Used: 0, Limit: 0 });
  });

  it('refuses bad input by field, unknown fields included', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Brief: 'x' }, 'Brief', 'validation:aiBriefTooShort'],
      [{ Brief: '   a  ' }, 'Brief', 'validation:aiBriefTooShort'],
      [{ Brief: 'y'.repeat(2001) }, 'Brief', 'validation:aiBriefTooLong'],
      [{ Language: 'fr' }, 'Language', ''],
      [{ Tone: 'angry' }, 'Tone', ''],
    ];
    for (const [input, field, key] of cases) {
      const reply = await generate(demoToken, input);
      expect(reply.RetCode, JSON.stringify(input)).toBe(RetCode.ValidationError);
      const fields = reply.Data.Fields as { Field: string; Key: string }[];
      expect(fields[0].Field).toBe(field);
      if (key) expect(fields[0].Key).toBe(key);
    }
    const unknown = await generate(demoToken, { Model: 'gpt-5' });
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(unknown.Data)).toContain('Model');
  });
});

describe('the OpenAI-compatible adapter over loopback HTTP', () => {
  let http: Server;
  let base: string;
  const seen: { auth?: string; body: Record<string, unknown> }[] = [];
  /** What the fake service answers, by a word in the user's message. */
  const answer = (brief: string): { status: number; body: string; delayMs?: number } => {
    const content = (value: unknown) =>
      JSON.stringify({ choices: [{ message: { role: 'assistant', content: value } }] });
    if (brief.includes('broken')) return { status: 500, body: '{"error":{"message":"overloaded"}}' };
    if (brief.includes('prose')) return { status: 200, body: content('Sure! Here is your e-mail.') };
    if (brief.includes('partial')) return { status: 200, body: content(JSON.stringify({ subject: 'Hi' })) };
    if (brief.includes('late')) return { status: 200, body: content('{}'), delayMs: 1500 };
    const email = {
      subject: 'Spring  sale',
      previewText: 'Shoes',
      html: '<p onclick="x()">Hello</p><script>alert(1)</script>',
    };
    return { status: 200, body: content('```json\n' + JSON.stringify(email) + '\n```') };
  };
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  };

  beforeAll(async () => {
    http = createServer((request, response) => {
      void (async () => {
        const body = await readBody(request);
        seen.push({ auth: request.headers.authorization, body });
        if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
          response.writeHead(404).end();
          return;
        }
        const messages = body.messages as { role: string; content: string }[];
        const reply = answer(messages[messages.length - 1].content);
        setTimeout(() => {
          response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
        }, reply.delayMs ?? 0);
      })();
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1/`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  const adapter = (timeoutMs = 10_000) =>
    openAiCompatibleProvider({ baseUrl: base, apiKey: 'sk-test', model: 'tiny', timeoutMs });
  const request = (brief: string) => ({ purpose: 'email', brief, language: 'zh', tone: 'professional' }) as const;

  it('asks for a JSON object with the model, key, language and tone, and parses the answer', async () => {
    const result = await adapter().generate(request('spring shoes'));
    expect(result.subject).toBe('Spring  sale');
    const last = seen[seen.length - 1];
    expect(last.auth).toBe('Bearer sk-test');
    expect(last.body).toMatchObject({ model: 'tiny', response_format: { type: 'json_object' } });
    expect(JSON.stringify(last.body.messages)).toContain('Simplified Chinese with a professional tone');
  });

  it('maps an HTTP error, prose, missing fields and a timeout to AiTextError', async () => {
    const kinds: Record<string, string> = {
      broken: 'failed',
      prose: 'malformed',
      partial: 'malformed',
      late: 'timeout',
    };
    for (const [brief, kind] of Object.entries(kinds))
      await expect(adapter(brief === 'late' ? 300 : 10_000).generate(request(brief)), brief).rejects.toMatchObject({
        kind,
      });
    const closed = openAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:1/v1', model: 'tiny', timeoutMs: 200 });
    await expect(closed.generate(request('x'))).rejects.toBeInstanceOf(AiTextError);
  });

  it('serves GenerateEmailContent through the gateway: sanitised and clipped, failures as AiGenerationFailed', async () => {
    useAiTextProvider(server.deps, adapter());
    try {
      const ok = await generate(demoToken, { Brief: 'spring shoes' });
      expect(ok.RetCode).toBe(0);
      const draft = ok.Data.Draft as { Subject: string; Html: string };
      expect(draft.Subject).toBe('Spring sale');
      expect(draft.Html).toContain('<p>Hello</p>');
      expect(draft.Html).not.toMatch(/script|onclick/);
      expect((await generate(demoToken, { Brief: 'broken service' })).RetCode).toBe(RetCode.AiGenerationFailed);
      expect((await generate(demoToken, { Brief: 'prose please' })).RetCode).toBe(RetCode.AiGenerationFailed);
    } finally {
      useAiTextProvider(server.deps, sandboxAiProvider({ delayMs: 0 }));
    }
  });
});
