import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { CAMPAIGN_STATUS as S } from '../../src/gateway/contract/statuses';
import { putOnOwnPlan } from '../testing/own-plan';
import { createAccount, createSmsTestServer, passedTemplate } from '../handlers/sms/sms-test-helpers';
import type { SmsTestServer } from '../handlers/sms/sms-test-helpers';

// Campaigns end to end (issue 14 item 5): save (a retried create saves one campaign), the name shared with
// plans, apply into a real SMS task once however often it is asked, tenant isolation, bad input, the
// lifecycle refusing an edit after applying, and the MarketingPlan module gate.

let server: SmsTestServer;
type Account = Awaited<ReturnType<typeof createAccount>>;
let owner: Account;
let other: Account;
let templateId: string;
let listId: number;
let planKey = 1;

async function account(modules = ['MarketingPlan']): Promise<Account> {
  const created = await createAccount(server, { smsBalance: 100_000_000 });
  await putOnOwnPlan(server.deps, created.id, { key: `campaigns-${planKey++}`, modules });
  return created;
}

const call = <D>(who: Account, action: string, input: Record<string, unknown>) =>
  server.call<D>(action, input, who.token);
async function ok<D>(who: Account, action: string, input: Record<string, unknown>): Promise<D> {
  const reply = await call<D>(who, action, input);
  if (reply.RetCode !== 0) throw new Error(`${action}: ${reply.RetCode} ${reply.Message}`);
  return reply.Data;
}

type Saved = { CampaignId: string; Status: number; Type: string };
const sms = (name: string, extra: Record<string, unknown> = {}) => ({
  TaskName: name,
  TemplateId: templateId,
  CountryCode: 'US',
  ListId: listId,
  ...extra,
});
const save = (who: Account, name: string, extra: Record<string, unknown> = {}, request: Record<string, unknown> = {}) =>
  call<Saved>(who, 'SaveCampaign', { Type: 'sms', Aim: 1, Sms: sms(name, request), ...extra });
const fieldsOf = (data: unknown) => (data as { Fields?: { Field: string; Key: string }[] }).Fields ?? [];

beforeAll(async () => {
  server = await createSmsTestServer();
  owner = await account();
  other = await account();
  templateId = await passedTemplate(server, 'Spring sale: 20% off every pair this week, see you soon', owner.token);
  const ids: number[] = [];
  for (const phone of ['+1 415 555 0101', '+1 415 555 0102', '+1 415 555 0103'])
    ids.push((await ok<{ ContactId: number }>(owner, 'CreateContact', { Phone: phone })).ContactId);
  listId = (await ok<{ ListId: number }>(owner, 'CreateContactList', { Name: 'Spring buyers' })).ListId;
  await ok(owner, 'AddContactsToList', { ListId: listId, ContactIds: ids });
}, 180_000);
afterAll(() => server?.close());

describe('campaigns', () => {
  it('saves one campaign for a retried create, saves it again, lists and gets it', async () => {
    const first = await save(owner, 'Spring_sms', {}, { IdempotencyKey: 'campaign-create-1' });
    expect(first.RetCode).toBe(0);
    expect(first.Data).toMatchObject({ Status: S.Saved, Type: 'sms' });
    expect(first.Data.CampaignId).toMatch(/^CP[0-9A-Z]{16}$/);
    const retried = await save(owner, 'Spring_sms', {}, { IdempotencyKey: 'campaign-create-1' });
    expect(retried.Data.CampaignId).toBe(first.Data.CampaignId);
    const again = await save(owner, 'Spring_sms2', { CampaignId: first.Data.CampaignId });
    expect(again.Data.CampaignId).toBe(first.Data.CampaignId);
    const list = await ok<{ Total: number; Campaigns: { Name: string; Audience: { Name: string } }[] }>(
      owner,
      'ListCampaign',
      { Keyword: 'spring_sms' },
    );
    expect(list.Campaigns.map((c) => c.Name)).toEqual(['Spring_sms2']);
    expect(list.Campaigns[0].Audience).toMatchObject({ Kind: 'list', Id: listId, Name: 'Spring buyers' });
    const got = await ok<{ Sms: { TemplateId: string }; Task: null; Status: number }>(owner, 'GetCampaign', {
      CampaignId: first.Data.CampaignId,
    });
    expect(got).toMatchObject({ Status: S.Saved, Task: null, Sms: { TemplateId: templateId } });
  });

  it('shares names with plans, whatever the case', async () => {
    const plan = await call(owner, 'SaveMKTPlan', {
      Name: 'Summer',
      Aim: 1,
      Industry: 'Retail',
      ProductCategory: 'Shoes',
      Type: 'promotion',
      Tone: 'friendly',
      Channels: ['sms'],
    });
    expect(plan.RetCode).toBe(0);
    const clash = await save(owner, 'summer');
    expect(clash.RetCode).toBe(RetCode.PlanNameExists);
    const campaign = await save(owner, 'Autumn');
    expect(campaign.RetCode).toBe(0);
    const check = await ok<{ Available: boolean }>(owner, 'QueryPlanNameCheck', { Name: 'AUTUMN' });
    expect(check.Available).toBe(false);
    const planClash = await call(owner, 'SaveMKTPlan', {
      Name: 'autumn',
      Aim: 1,
      Industry: 'Retail',
      ProductCategory: 'Shoes',
      Type: 'promotion',
      Tone: 'friendly',
      Channels: ['sms'],
    });
    expect(planClash.RetCode).toBe(RetCode.PlanNameExists);
    // another account may use the name
    expect((await ok<{ Available: boolean }>(other, 'QueryPlanNameCheck', { Name: 'Autumn' })).Available).toBe(true);
  });

  it('applies into one SMS task however often it is asked, then refuses edits', async () => {
    const { Data: saved } = await save(owner, 'Winter');
    const applies = await Promise.all([
      ok<{ TaskId: string }>(owner, 'ApplyCampaign', { CampaignId: saved.CampaignId }),
      ok<{ TaskId: string }>(owner, 'ApplyCampaign', { CampaignId: saved.CampaignId }),
    ]);
    const again = await ok<{ TaskId: string; Status: number }>(owner, 'ApplyCampaign', {
      CampaignId: saved.CampaignId,
    });
    expect(new Set([...applies.map((a) => a.TaskId), again.TaskId]).size).toBe(1);
    expect(again.Status).toBe(S.Applied);
    const tasks = await ok<{ Total: number }>(owner, 'GetUSMSSendTask', { Page: 1, NumPerPage: 10, Keyword: 'Winter' });
    expect(tasks.Total).toBe(1);
    const got = await ok<{ Status: number; TaskId: string; Task: { TaskId: string; TotalCount: number } }>(
      owner,
      'GetCampaign',
      { CampaignId: saved.CampaignId },
    );
    expect(got).toMatchObject({ Status: S.Applied, TaskId: again.TaskId, Task: { TaskId: again.TaskId } });
    const edit = await save(owner, 'Winter', { CampaignId: saved.CampaignId });
    expect(edit.RetCode).toBe(RetCode.IllegalTransition);
    expect((await call(owner, 'DeleteCampaign', { CampaignIds: [saved.CampaignId] })).RetCode).toBe(0);
    expect((await call(owner, 'GetCampaign', { CampaignId: saved.CampaignId })).RetCode).toBe(RetCode.NotFound);
  });

  it('never shows or sends another account its campaigns, lists or templates', async () => {
    const { Data: saved } = await save(owner, 'Private');
    for (const action of ['GetCampaign', 'ApplyCampaign'])
      expect((await call(other, action, { CampaignId: saved.CampaignId })).RetCode).toBe(RetCode.NotFound);
    expect((await call(other, 'DeleteCampaign', { CampaignIds: [saved.CampaignId] })).RetCode).toBe(RetCode.NotFound);
    expect((await save(other, 'Theirs', { CampaignId: saved.CampaignId })).RetCode).toBe(RetCode.NotFound);
    // the owner's template and list are not the other account's
    expect((await save(other, 'Theirs')).RetCode).not.toBe(0);
    const list = await ok<{ Total: number }>(other, 'ListCampaign', {});
    expect(list.Total).toBe(0);
  });

  it('refuses bad input at the field, in the caller language', async () => {
    const noAudience = await save(owner, 'Nobody', {}, { ListId: undefined, Phones: ['+14155550101'] });
    expect(noAudience.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(noAudience.Data)).toContainEqual(
      expect.objectContaining({ Field: 'Recipients', Key: 'validation:campaignAudienceRequired' }),
    );
    const wrongRequest = await call(owner, 'SaveCampaign', { Type: 'email', Aim: 1, Sms: sms('Mixed') });
    expect(wrongRequest.RetCode).toBe(RetCode.ValidationError);
    const unknown = await call(owner, 'SaveCampaign', { Type: 'sms', Aim: 1, Sms: sms('Extra'), Colour: 'red' });
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
    const badName = await save(owner, 'no; way');
    expect(badName.RetCode).toBe(RetCode.ValidationError);
    const zh = await server.api(
      'SaveCampaign',
      { Type: 'sms', Aim: 3, Sms: sms('Aim') },
      { token: owner.token, lang: 'zh' },
    );
    expect(zh.RetCode).toBe(RetCode.ValidationError);
    expect(zh.Message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('needs the MarketingPlan module', async () => {
    const without = await account(['Automation']);
    expect((await call(without, 'ListCampaign', {})).RetCode).toBe(RetCode.ModuleNotInPlan);
  });
});
