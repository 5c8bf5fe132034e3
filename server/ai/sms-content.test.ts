import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signInDemo, type TestServer } from '../testing/harness';
import { createAccount } from '../handlers/sms/sms-test-helpers';
import { putOnOwnPlan } from '../testing/own-plan';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { countSmsSegments } from '../../src/gateway/contract/sms-segments';
import { useAiTextProvider, type AiTextProvider } from '../providers/ai';
import { sandboxAiProvider, sandboxSms, SANDBOX_SMS_SEGMENTS } from '../providers/ai/sandbox';
import { reviewTemplateContent } from '../sms/review-rules';
import { SMS_TEMPLATE_PURPOSE } from '../../src/gateway/contract/sms-constants';
import { safeSmsContent } from './sms-content';

// ContentGeneration (the SMS text of /campaign/create/sms-ai): the sandbox rules, SMS-sized answers, the
// AIGCRequestLimit quota, the MarketingPlan gate and bad input, through the real gateway.

let server: TestServer;
let demoToken: string;

type Reply = { status: number; RetCode: number; Message: string; Data: Record<string, unknown> };
const generate = (token: string, input: Record<string, unknown> = {}, lang: 'en' | 'zh' = 'en') =>
  server.api(
    'ContentGeneration',
    { Brief: 'Spring sale on all shoes. Free shipping this week', Language: 'en', ...input },
    { token, lang },
  ) as Promise<Reply>;
const usageOf = async (token: string) =>
  ((await server.api('GetAIGCUsage', {}, { token })) as Reply).Data as { Used: number; Limit: number };

async function accountOnPlan(limit: number, modules = ['MarketingPlan']) {
  const account = await createAccount(server);
  await putOnOwnPlan(server.deps, account.id, { key: 'ai-sms-test', modules, limits: { AIGCRequestLimit: limit } });
  return account;
}

beforeAll(async () => {
  server = await createTestServer();
  useAiTextProvider(server.deps, sandboxAiProvider({ delayMs: 0, slowMs: 50 }));
  demoToken = (await signInDemo(server)).AccessToken;
}, 120_000);
afterAll(() => server?.close());

describe('the sandbox SMS writer', () => {
  const base = {
    brief: 'Spring sale on all shoes. Free shipping this week',
    language: 'en',
    tone: 'friendly',
  } as const;

  it('writes the tone, the brief, the aim and an opt-out, the same every time', () => {
    const { text } = sandboxSms(base);
    expect(text).toBe(
      'Good news: Spring sale on all shoes. Free shipping this week. Be among the first to try it. Reply STOP to opt out.',
    );
    expect(sandboxSms(base)).toEqual({ text });
    expect(sandboxSms({ ...base, aim: 'activation', tone: 'professional' }).text).toBe(
      'Update: Spring sale on all shoes. Free shipping this week. We miss you: come back and see what is new. Reply STOP to opt out.',
    );
    expect(sandboxSms({ brief: '春季鞋子大促。本周包邮', language: 'zh', tone: 'friendly' }).text).toBe(
      '好消息：春季鞋子大促，本周包邮。抢先体验吧！回复TD退订',
    );
  });

  it('fits a long brief into its SMS parts, and its template passes the sandbox review', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} about our shoes`).join('. ');
    for (const language of ['en', 'zh'] as const) {
      const { text } = sandboxSms({
        brief: language === 'zh' ? '春季鞋子大促'.repeat(60) : long,
        language,
        tone: 'playful',
      });
      expect(countSmsSegments(text).segments).toBeLessThanOrEqual(SANDBOX_SMS_SEGMENTS);
      expect(text).toMatch(language === 'zh' ? /回复TD退订$/ : /Reply STOP to opt out\.$/);
      expect(reviewTemplateContent(text, SMS_TEMPLATE_PURPOSE.Marketing)).toEqual({ pass: true });
    }
  });

  it('cleans a provider’s text: no template braces, one line, within 3 parts, never empty', () => {
    expect(safeSmsContent({ text: ' Hi {{1}}\n\nsale  today ' })).toBe('Hi 1 sale today');
    expect(countSmsSegments(safeSmsContent({ text: 'y'.repeat(2000) })).segments).toBe(3);
    expect(() => safeSmsContent({ text: ' {{ }} ' })).toThrow(/empty/);
  });
});

describe('ContentGeneration', () => {
  it('answers an SMS text in the language asked for and counts one use', async () => {
    const before = await usageOf(demoToken);
    const reply = await generate(demoToken, { Tone: 'playful', Aim: 2 });
    expect(reply.RetCode).toBe(0);
    expect(reply.Data.Content).toBe(
      'Psst! Spring sale on all shoes. Free shipping this week. We miss you: come back and see what is new. Reply STOP to opt out.',
    );
    expect(reply.Data.Usage).toEqual({ Used: before.Used + 1, Limit: before.Limit });
    const zh = await generate(demoToken, { Brief: '春季鞋子大促', Language: 'zh' });
    expect(zh.Data.Content).toBe('好消息：春季鞋子大促。抢先体验吧！回复TD退订');
  });

  it('answers AiGenerationFailed in the user’s language and gives the use back', async () => {
    const account = await accountOnPlan(5);
    const en = await generate(account.token, { Brief: 'Launch party [fail]' });
    expect([en.status, en.RetCode]).toEqual([200, RetCode.AiGenerationFailed]);
    expect(en.Message).toContain('AI information generation failed');
    expect((await generate(account.token, { Brief: 'Launch party [fail]' }, 'zh')).Message).toContain(
      'AI 信息生成失败',
    );
    expect(await usageOf(account.token)).toEqual({ Used: 0, Limit: 5 });
  });

  it('gives the use back when the provider answers nothing usable', async () => {
    const account = await accountOnPlan(1);
    const empty: AiTextProvider = {
      name: 'sandbox',
      generate: async () => ({ text: '{{}}' }) as never,
    };
    useAiTextProvider(server.deps, empty);
    try {
      expect((await generate(account.token)).RetCode).toBe(RetCode.AiGenerationFailed);
    } finally {
      useAiTextProvider(server.deps, sandboxAiProvider({ delayMs: 0, slowMs: 50 }));
    }
    expect(await usageOf(account.token)).toEqual({ Used: 0, Limit: 1 });
  });

  it('shares the plan’s AIGCRequestLimit with the other AI Actions, also with requests at once', async () => {
    const account = await accountOnPlan(3);
    const email = (await server.api(
      'GenerateEmailContent',
      { Brief: 'Spring sale', Language: 'en' },
      { token: account.token },
    )) as Reply;
    expect(email.RetCode).toBe(0);
    const replies = await Promise.all(Array.from({ length: 6 }, () => generate(account.token)));
    expect(replies.filter((r) => r.RetCode === 0)).toHaveLength(2);
    expect(replies.filter((r) => r.RetCode !== 0).every((r) => r.RetCode === RetCode.AiQuotaUsedUp)).toBe(true);
    expect((await generate(account.token, {}, 'zh')).Message).toContain('订阅中的 AI 生成次数已用完');
    expect(await usageOf(account.token)).toEqual({ Used: 3, Limit: 3 });
  });

  it('refuses a plan without the MarketingPlan module, and an account without a plan', async () => {
    const withoutModule = await accountOnPlan(10, ['Analysis']);
    const noPlan = await createAccount(server);
    for (const token of [withoutModule.token, noPlan.token]) {
      const reply = await generate(token);
      expect([reply.status, reply.RetCode]).toEqual([200, RetCode.ModuleNotInPlan]);
    }
    expect(await usageOf(withoutModule.token)).toEqual({ Used: 0, Limit: 10 });
  });

  it('refuses bad input by field in the user’s language, unknown fields included', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Brief: 'x' }, 'Brief', 'validation:aiBriefTooShort'],
      [{ Brief: 'y'.repeat(2001) }, 'Brief', 'validation:aiBriefTooLong'],
      [{ Language: 'fr' }, 'Language', ''],
      [{ Tone: 'angry' }, 'Tone', ''],
      [{ Aim: 3 }, 'Aim', ''],
    ];
    for (const [input, field, key] of cases) {
      const reply = await generate(demoToken, input);
      expect([reply.status, reply.RetCode], JSON.stringify(input)).toEqual([200, RetCode.ValidationError]);
      const fields = reply.Data.Fields as { Field: string; Key: string }[];
      expect(fields[0].Field).toBe(field);
      if (key) expect(fields[0].Key).toBe(key);
    }
    const zh = await generate(demoToken, { Brief: 'x' }, 'zh');
    expect(JSON.stringify(zh)).toMatch(/[\u4e00-\u9fff]/);
    const unknown = await generate(demoToken, { Channel: 'sms' });
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(unknown.Data)).toContain('Channel');
  });
});
