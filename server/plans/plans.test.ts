import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, lastMessageTo, type TestServer } from '../testing/harness';
import { audienceTenant } from '../audience/testkit';
import { putOnOwnPlan } from '../testing/own-plan';
import { useAiTextProvider } from '../providers/ai';
import { sandboxAiProvider, sandboxPlan } from '../providers/ai/sandbox';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { MKT_PLAN_STATUS as S } from '../../src/gateway/contract/statuses';
import type { ActionInput } from '../../src/gateway/contract/actions/registry';
import { planDocument } from '../../src/gateway/contract/workflow/plan-document';
import { invariantIssues } from '../../src/gateway/contract/workflow/rules';

// Marketing plans end to end: save (draft, submit), list, get, name check, delete, generation against the
// quota, apply into a draft workflow; tenant isolation, bad input in both languages, the lifecycle
// refusing illegal changes, and the MarketingPlan module gate.

let server: TestServer;
type Tenant = Awaited<ReturnType<typeof audienceTenant>>;
let owner: Tenant;
let other: Tenant;
let nextKey = 1;

async function tenant(modules = ['MarketingPlan', 'Automation'], aiLimit = 3): Promise<Tenant> {
  const account = await audienceTenant(server);
  await putOnOwnPlan(server.deps, account.id, {
    key: `plans-${nextKey++}`,
    modules,
    limits: { AIGCRequestLimit: aiLimit },
  });
  return account;
}

beforeAll(async () => {
  server = await createTestServer();
  useAiTextProvider(server.deps, sandboxAiProvider({ delayMs: 0 }));
  owner = await tenant();
  other = await tenant();
}, 120_000);
afterAll(async () => server?.close());

const settings = {
  Aim: 1,
  Industry: 'Retail',
  ProductCategory: 'Shoes',
  Type: 'promotion',
  Tone: 'friendly',
  Channels: ['sms', 'email'],
} as const;
const content = {
  Goal: 'Sell spring shoes',
  Audience: 'Shoppers',
  Steps: [
    { Channel: 'email', Day: 3, Text: 'Last days of the sale' },
    { Channel: 'sms', Day: 0, Text: 'Spring sale starts today' },
  ],
} as const;
const plan = (name: string, extra: Partial<ActionInput<'SaveMKTPlan'>> = {}): ActionInput<'SaveMKTPlan'> => ({
  Name: name,
  ...settings,
  Channels: [...settings.Channels],
  ...extra,
});
const fieldsOf = (data: unknown) => (data as { Fields: { Field: string; Key: string }[] }).Fields;

describe('marketing plans', () => {
  it('saves a draft, saves it again, lists, gets, submits and deletes it', async () => {
    const created = await owner.api('SaveMKTPlan', plan('Spring 春季'));
    expect(created).toMatchObject({ Status: S.Draft, SeqId: '' });
    expect(created.PlanId).toMatch(/^MP[0-9A-Z]{16}$/);
    await owner.api('SaveMKTPlan', plan('Spring sale', { PlanId: created.PlanId, Content: content as never }));
    const got = await owner.api('GetMKTPlan', { PlanId: created.PlanId });
    expect(got).toMatchObject({ Name: 'Spring sale', Status: S.Draft, Steps: 2, Industry: 'Retail' });
    expect(got.Content?.Steps.map((step) => step.Day)).toEqual([0, 3]);
    const submitted = await owner.api(
      'SaveMKTPlan',
      plan('Spring sale', { PlanId: created.PlanId, Content: content as never, Submit: true }),
    );
    expect(submitted.Status).toBe(S.Submitted);
    const list = await owner.api('ListMKTPlan', { Keyword: 'spring' });
    expect(list.Plans.map((p) => p.PlanId)).toEqual([created.PlanId]);
    expect((await owner.api('ListMKTPlan', { Status: S.Draft })).Plans.map((p) => p.PlanId)).not.toContain(
      created.PlanId,
    );
    expect((await owner.api('ListMKTPlan', { Status: S.Submitted })).Total).toBe(1);
    await owner.api('DeleteMKTPlan', { PlanIds: [created.PlanId] });
    expect((await owner.reply('GetMKTPlan', { PlanId: created.PlanId })).RetCode).toBe(RetCode.NotFound);
    // the name is free again once the plan is deleted
    expect((await owner.api('QueryPlanNameCheck', { Name: 'SPRING SALE' })).Available).toBe(true);
  });

  it('pages the list', async () => {
    const account = await tenant();
    for (const n of [1, 2, 3]) await account.api('SaveMKTPlan', plan(`Page ${n}`));
    const first = await account.api('ListMKTPlan', { Page: 1, NumPerPage: 2 });
    const second = await account.api('ListMKTPlan', { Page: 2, NumPerPage: 2 });
    expect(first.Total).toBe(3);
    expect(first.Plans).toHaveLength(2);
    expect(second.Plans.map((p) => p.Name)).toEqual(['Page 1']);
  });

  it('keeps names unique per account whatever their case, at the name field in both languages', async () => {
    const first = await owner.api('SaveMKTPlan', plan('Win-back'));
    const again = await owner.reply('SaveMKTPlan', plan('WIN-BACK'));
    expect(again.RetCode).toBe(RetCode.PlanNameExists);
    expect(again.Message).toContain('Plan or campaign name already in use');
    expect(fieldsOf(again.Data)).toEqual([{ Field: 'Name', Key: 'errors:PlanNameExists' }]);
    const zh = await server.api('SaveMKTPlan', plan('win-back'), { token: owner.token, lang: 'zh' });
    expect(zh.Message).toContain('计划或活动名称已被使用');
    expect((await owner.api('QueryPlanNameCheck', { Name: ' win-BACK ' })).Available).toBe(false);
    // the plan being edited keeps its own name
    expect((await owner.api('QueryPlanNameCheck', { Name: 'Win-back', PlanId: first.PlanId })).Available).toBe(true);
    // another account may use it
    expect((await other.api('QueryPlanNameCheck', { Name: 'Win-back' })).Available).toBe(true);
    await other.api('SaveMKTPlan', plan('Win-back'));
  });

  it('keeps each account’s plans to itself', async () => {
    const mine = await owner.api('SaveMKTPlan', plan('Private plan'));
    expect((await other.reply('GetMKTPlan', { PlanId: mine.PlanId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.reply('DeleteMKTPlan', { PlanIds: [mine.PlanId] })).RetCode).toBe(RetCode.NotFound);
    expect((await other.reply('ApplyMKTPlan', { PlanId: mine.PlanId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.reply('SaveMKTPlan', plan('Taken over', { PlanId: mine.PlanId }))).RetCode).toBe(
      RetCode.NotFound,
    );
    expect((await other.api('ListMKTPlan', { Keyword: 'Private' })).Total).toBe(0);
  });

  it('refuses bad input by field in both languages, unknown fields included', async () => {
    const cases: [Partial<ActionInput<'SaveMKTPlan'>> & Record<string, unknown>, string, string][] = [
      [{ Name: '  ' }, 'Name', 'validation:nameRequired'],
      [{ Name: 'x'.repeat(65) }, 'Name', 'validation:nameTooLong'],
      [{ Channels: [] }, 'Channels', 'validation:planChannelRequired'],
      [{ Channels: ['fax'] as never }, 'Channels.0', ''],
      [{ Aim: 3 as never }, 'Aim', ''],
      [{ Industry: '' }, 'Industry', 'validation:required'],
      [{ Submit: true }, 'Content', 'validation:planStepsRequired'],
      [
        { Channels: ['sms'], Content: content as never },
        'Content.Steps.0.Channel',
        'validation:planStepChannelNotChosen',
      ],
    ];
    for (const [extra, field, key] of cases) {
      const reply = await owner.reply('SaveMKTPlan', { ...plan('Bad input'), ...extra } as never);
      expect(reply.RetCode, JSON.stringify(extra)).toBe(RetCode.ValidationError);
      const [first] = fieldsOf(reply.Data);
      expect(first.Field).toBe(field);
      if (key) expect(first.Key).toBe(key);
    }
    const zh = await server.api('SaveMKTPlan', plan('坏输入', { Channels: [] }), { token: owner.token, lang: 'zh' });
    expect(zh.Message).toContain('请至少选择一个渠道');
    const en = await owner.reply('SaveMKTPlan', plan('Bad input', { Channels: [] }));
    expect(en.Message).toContain('Choose at least one channel');
    const unknown = await owner.reply('SaveMKTPlan', { ...plan('Bad input'), Budget: 10 } as never);
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(unknown.Data)).toContain('Budget');
    const nested = await owner.reply('SaveMKTPlan', {
      ...plan('Bad input'),
      Content: { ...content, Steps: [{ ...content.Steps[0], Media: 'x' }] },
    } as never);
    expect(nested.RetCode).toBe(RetCode.ValidationError);
  });

  it('generates a strategy from the brief on the plan’s channels, counted against AIGCRequestLimit', async () => {
    const account = await tenant(['MarketingPlan'], 2);
    const input: ActionInput<'GenerateMKTPlanContent'> = {
      Brief: 'Spring sale on all shoes. Free shipping this week. New colours in store',
      Language: 'en',
      ...settings,
      Channels: ['email'],
    };
    const generated = await account.api('GenerateMKTPlanContent', input);
    expect(generated.Usage).toEqual({ Used: 1, Limit: 2 });
    expect(generated.Content.Goal).toBe('Win new Shoes customers in Retail: Spring sale on all shoes');
    expect(generated.Content.Steps.map((step) => [step.Channel, step.Day])).toEqual([
      ['email', 0],
      ['email', 2],
      ['email', 5],
    ]);
    expect(generated.Content.Steps[0].Text).toBe('Hi there, Spring sale on all shoes');
    const failed = await account.reply('GenerateMKTPlanContent', { ...input, Brief: 'Oops [fail]' });
    expect(failed.RetCode).toBe(RetCode.AiGenerationFailed);
    await account.api('GenerateMKTPlanContent', input);
    const used = await server.api('GenerateMKTPlanContent', input, { token: account.token, lang: 'zh' });
    expect(used.RetCode).toBe(RetCode.AiQuotaUsedUp);
    expect(used.Message).toContain('订阅中的 AI 生成次数已用完');
    // the generated strategy is editable and saved with the plan
    const saved = await account.api(
      'SaveMKTPlan',
      plan('Generated', {
        Channels: ['email'],
        Brief: input.Brief,
        Content: { ...generated.Content, Goal: 'Edited goal' },
      }),
    );
    expect((await account.api('GetMKTPlan', { PlanId: saved.PlanId })).Content?.Goal).toBe('Edited goal');
  });

  it('writes a Chinese plan in the sandbox, taking the channels in turn', () => {
    const result = sandboxPlan({
      brief: '春季鞋子大促。本周包邮',
      language: 'zh',
      tone: 'friendly',
      plan: {
        aim: 'activation',
        industry: '零售',
        productCategory: '鞋',
        type: 'promotion',
        channels: ['sms', 'email'],
      },
    });
    expect(result.goal).toBe('唤回零售行业的鞋老客户：春季鞋子大促');
    expect(result.steps.map((step) => step.channel)).toEqual(['sms', 'email', 'sms']);
    expect(result.steps[2].text).toBe('您好！春季鞋子大促期待您的回复。');
  });

  it('applies a submitted plan into a draft workflow; the lifecycle refuses illegal changes', async () => {
    const draft = await owner.api('SaveMKTPlan', plan('Launch', { Content: content as never }));
    // a draft is not applied: it is submitted first
    const early = await owner.reply('ApplyMKTPlan', { PlanId: draft.PlanId });
    expect(early.RetCode).toBe(RetCode.IllegalTransition);
    // a workflow already has the plan's name: the new one takes "(2)"
    await owner.api('SaveSEQ2Workflow', { Name: 'launch', Document: { nodes: [], edges: [] } });
    await owner.api('SaveMKTPlan', plan('Launch', { PlanId: draft.PlanId, Content: content as never, Submit: true }));
    const applied = await owner.api('ApplyMKTPlan', { PlanId: draft.PlanId });
    expect(applied.Status).toBe(S.Applied);
    expect(applied.SeqId).toMatch(/^SQ/);
    const workflow = await owner.api('GetSEQ2Workflow', { SeqId: applied.SeqId });
    expect(workflow).toMatchObject({ Name: 'Launch (2)', Status: 0, Channels: ['sms', 'email'] });
    expect(workflow.Document.nodes.map((node) => node.kind)).toEqual(['trigger', 'sms', 'delay', 'email', 'exit']);
    expect((await owner.api('GetMKTPlan', { PlanId: draft.PlanId })).SeqId).toBe(applied.SeqId);
    // applied: neither saved again nor applied twice; deleting it keeps its workflow
    const again = await owner.reply('ApplyMKTPlan', { PlanId: draft.PlanId });
    expect(again.RetCode).toBe(RetCode.IllegalTransition);
    const zh = await server.api('ApplyMKTPlan', { PlanId: draft.PlanId }, { token: owner.token, lang: 'zh' });
    expect(zh.RetCode).toBe(RetCode.IllegalTransition);
    expect(zh.Message).not.toBe(again.Message);
    const edit = await owner.reply('SaveMKTPlan', plan('Launch', { PlanId: draft.PlanId }));
    expect(edit.RetCode).toBe(RetCode.IllegalTransition);
    await owner.api('DeleteMKTPlan', { PlanIds: [draft.PlanId] });
    expect((await owner.api('GetSEQ2Workflow', { SeqId: applied.SeqId })).Name).toBe('Launch (2)');
  });

  it('builds a workflow document that keeps every invariant of the canvas', () => {
    const document = planDocument({
      Goal: '',
      Audience: '',
      Steps: [
        { Channel: 'sms', Day: 0, Text: 'a' },
        { Channel: 'mms', Day: 0, Text: 'b' },
        { Channel: 'email', Day: 7, Text: 'c' },
      ],
    });
    expect(invariantIssues(document)).toEqual([]);
    expect(document.nodes.find((node) => node.kind === 'delay')?.config).toEqual({ amount: 7, unit: 'day' });
  });

  it('refuses every plan Action without the MarketingPlan module, or without a plan', async () => {
    const analyst = await tenant(['Analysis', 'Automation']);
    const none = await audienceTenant(server);
    for (const account of [analyst, none]) {
      expect((await account.reply('ListMKTPlan', {})).RetCode).toBe(RetCode.ModuleNotInPlan);
      expect((await account.reply('SaveMKTPlan', plan('Gated'))).RetCode).toBe(RetCode.ModuleNotInPlan);
      expect((await account.reply('QueryPlanNameCheck', { Name: 'Gated' })).RetCode).toBe(RetCode.ModuleNotInPlan);
      const generate = await account.reply('GenerateMKTPlanContent', {
        Brief: 'Spring sale',
        Language: 'en',
        ...settings,
        Channels: ['sms'],
      });
      expect(generate.RetCode).toBe(RetCode.ModuleNotInPlan);
    }
  });
});

describe('plan examples (SendMKTPlanExample)', () => {
  it('mails the plan in the caller’s language, within a daily allowance, to its own account only', async () => {
    const account = await tenant();
    const mine = await account.api('SaveMKTPlan', plan('Example 样例', { Content: content as never }));
    const sent = await server.api(
      'SendMKTPlanExample',
      { PlanId: mine.PlanId, Emails: ['Boss@Example.com', 'boss@example.com', 'team@example.com'] },
      { token: account.token, lang: 'zh' },
    );
    expect(sent.Data).toEqual({ Sent: 2 });
    const mail = await lastMessageTo(server, 'boss@example.com');
    expect(mail.subject).toBe('营销计划：Example 样例');
    // Steps in day order, each with its day, channel and text; then the link to the plan.
    expect(mail.text).toMatch(/第 0 天 · 短信：Spring sale starts today\n第 3 天 · 邮件：Last days of the sale/);
    expect(mail.text).toContain(`/mkthub/detailsplan/${mine.PlanId}`);

    const tooMany = await account.reply('SendMKTPlanExample', {
      PlanId: mine.PlanId,
      Emails: ['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com', 'e@x.com', 'f@x.com'],
    });
    expect(tooMany.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(tooMany.Data)[0]).toMatchObject({ Field: 'Emails', Key: 'validation:planExampleTooManyEmails' });
    const bad = await account.reply('SendMKTPlanExample', { PlanId: mine.PlanId, Emails: ['not-an-address'] });
    expect(fieldsOf(bad.Data)[0].Field).toBe('Emails.0');

    // 20 addresses a day: 2 used, 15 more pass; a call of 5 that the 3 left cannot hold mails nobody and
    // uses nothing, so 3 still go afterwards.
    for (let round = 0; round < 3; round += 1) {
      const emails = Array.from({ length: 5 }, (_, i) => `r${round}-${i}@example.com`);
      expect((await account.reply('SendMKTPlanExample', { PlanId: mine.PlanId, Emails: emails })).RetCode).toBe(0);
    }
    const over = await account.reply('SendMKTPlanExample', {
      PlanId: mine.PlanId,
      Emails: Array.from({ length: 5 }, (_, i) => `over-${i}@example.com`),
    });
    expect(over.RetCode).toBe(RetCode.RateLimited);
    await expect(lastMessageTo(server, 'over-0@example.com')).rejects.toThrow();
    const last = await account.reply('SendMKTPlanExample', {
      PlanId: mine.PlanId,
      Emails: ['l1@example.com', 'l2@example.com', 'l3@example.com'],
    });
    expect(last.RetCode).toBe(0);

    expect((await other.reply('SendMKTPlanExample', { PlanId: mine.PlanId, Emails: ['x@example.com'] })).RetCode).toBe(
      RetCode.NotFound,
    );
  });
});
