import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { channelTaskAudiences } from '../db/schema';
import { createAccount, createSmsTestServer, passedTemplate, waitFor } from '../handlers/sms/sms-test-helpers';
import type { SmsTestServer } from '../handlers/sms/sms-test-helpers';

// Sending to the audience (issue 12 item 6): a list or a segment as an SMS task's recipients, read at
// parsing in SQL pages, suppressed and address-less contacts skipped and counted, variables filled
// from attributes with their defaults; tenants never reach each other's lists and segments.

let server: SmsTestServer;
let templateId: string;
let cityId: number;
let listId: number;
let segmentId: number;

type Task = {
  TaskId: string;
  Status: number;
  TotalCount: number;
  SuppressedCount: number;
  NoAddressCount: number;
  Audience: { Kind: string; Id: number; Name: string } | null;
  Reason: string;
};

const ok = async <D>(action: string, input: Record<string, unknown>, token?: string) => {
  const reply = await server.call<D>(action, input, token);
  if (reply.RetCode !== 0) throw new Error(`${action}: ${reply.RetCode} ${reply.Message}`);
  return reply.Data;
};

const taskOf = async (taskId: string) =>
  (await ok<{ Tasks: Task[] }>('GetUSMSSendTask', { Page: 1, NumPerPage: 10, TaskId: taskId })).Tasks[0];

const contentsOf = async (taskId: string) => {
  const now = Math.floor(Date.now() / 1000);
  const records = await ok<{ Records: { Phone: string; Content: string }[] }>('GetUSMSSendRecord', {
    BeginTime: now - 3600,
    EndTime: now + 60,
    TaskId: taskId,
  });
  return records.Records.map((r) => `${r.Phone}: ${r.Content}`).sort();
};

const mapping = () => [
  { Variable: 1, Attribute: 'firstName', DefaultValue: 'friend' },
  { Variable: 2, Attribute: String(cityId), DefaultValue: 'your town' },
];

beforeAll(async () => {
  server = await createSmsTestServer();
  templateId = await passedTemplate(server, 'Hello {{1}}, your parcel for {{2}} left our depot today, thank you');
  cityId = (await ok<{ AttributeId: number }>('CreateContactAttribute', { Name: 'city', Type: 2 })).AttributeId;
  const people = [
    { Phone: '+1 415 555 0101', FirstName: 'Ada', Attributes: { [cityId]: 'Paris' } },
    { Phone: '+1 415 555 0102', FirstName: '' },
    { Phone: '+1 415 555 0103', FirstName: 'Sue', Suppressed: ['sms'] },
    { Email: 'nophone@example.com', FirstName: 'Nora' },
    { Phone: '+44 7700 900001', FirstName: 'Gil' },
    { Phone: '+1 415 555 0104', FirstName: 'Mo', Suppressed: ['email'] },
  ];
  const ids: number[] = [];
  for (const person of people)
    ids.push((await ok<{ ContactId: number }>('CreateContact', { ...person, Tags: ['spring'] })).ContactId);
  listId = (await ok<{ ListId: number }>('CreateContactList', { Name: 'Spring buyers' })).ListId;
  await ok('AddContactsToList', { ListId: listId, ContactIds: ids });
  segmentId = (
    await ok<{ SegmentId: number }>('CreateSegment', {
      Name: 'Spring tag',
      Rules: {
        Match: 'all',
        Groups: [{ Match: 'all', Conditions: [{ Source: 1, Field: 'tags', Operator: 'hasTag', Value: 'spring' }] }],
      },
    })
  ).SegmentId;
}, 180_000);
afterAll(() => server?.close());

const send = (input: Record<string, unknown>, token?: string) =>
  server.call<{ TaskId: string; TotalCount: number; Status: number }>(
    'AddUSMSSendTask',
    { TaskName: 'Spring', TemplateId: templateId, CountryCode: 'US', ...input },
    token,
  );

describe('sending to a segment or a list', () => {
  it('personalises each message from attributes, skips and counts suppressed and address-less contacts', async () => {
    const added = await send({ SegmentId: segmentId, VariableMapping: mapping() });
    expect(added.RetCode).toBe(0);
    // Accepted with the sendable count: the three US numbers not suppressed on SMS.
    expect(added.Data.TotalCount).toBe(3);
    const done = await waitFor(
      () => taskOf(added.Data.TaskId),
      (task) => task.Status === 3 || task.Status === 4,
    );
    expect(done).toMatchObject({
      TotalCount: 3,
      SuppressedCount: 1,
      NoAddressCount: 2,
      Audience: { Kind: 'segment', Id: segmentId, Name: 'Spring tag' },
    });
    expect(await contentsOf(added.Data.TaskId)).toEqual([
      '+14155550101: Hello Ada, your parcel for Paris left our depot today, thank you',
      '+14155550102: Hello friend, your parcel for your town left our depot today, thank you',
      '+14155550104: Hello Mo, your parcel for your town left our depot today, thank you',
    ]);
    // The parse job's working row is gone once the recipients are stored.
    expect(await server.deps.database.db.select().from(channelTaskAudiences)).toEqual([]);
  });

  it('sends to a list, and a default alone fills a variable', async () => {
    const added = await send({
      ListId: listId,
      VariableMapping: [
        { Variable: 1, Attribute: 'firstName', DefaultValue: 'friend' },
        { Variable: 2, DefaultValue: 'Lyon' },
      ],
    });
    expect(added.RetCode).toBe(0);
    await waitFor(
      () => taskOf(added.Data.TaskId),
      (task) => task.Status === 3 || task.Status === 4,
    );
    const contents = await contentsOf(added.Data.TaskId);
    expect(contents).toHaveLength(3);
    expect(contents[0]).toBe('+14155550101: Hello Ada, your parcel for Lyon left our depot today, thank you');
    expect((await taskOf(added.Data.TaskId)).Audience).toMatchObject({ Kind: 'list', Name: 'Spring buyers' });
  });

  it('refuses a missing mapping per variable, a second source and an unknown attribute at creation', async () => {
    const missing = await send({ SegmentId: segmentId, VariableMapping: [mapping()[0]] });
    expect(missing.RetCode).toBe(RetCode.ValidationError);
    expect((missing.Data as unknown as { Fields: unknown[] }).Fields).toEqual([
      { Field: 'VariableMapping.2', Key: 'validation:variableMappingMissing' },
    ]);
    const twoSources = await send({ SegmentId: segmentId, ListId: listId, VariableMapping: mapping() });
    expect(twoSources.RetCode).toBe(RetCode.ValidationError);
    const mappingWithNumbers = await send({ Phones: ['4155550100'], VariableMapping: mapping() });
    expect(mappingWithNumbers.RetCode).toBe(RetCode.ValidationError);
    const unknown = await send({
      ListId: listId,
      VariableMapping: [mapping()[0], { Variable: 2, Attribute: '999999', DefaultValue: '' }],
    });
    expect((unknown.Data as unknown as { Fields: { Key: string }[] }).Fields[0].Key).toBe(
      'validation:attributeUnknown',
    );
  });

  it('answers not found for another account’s list or segment, and refuses an empty audience', async () => {
    const other = await createAccount(server, { smsBalance: 10_000_000 });
    const otherTemplate = await passedTemplate(server, 'Hello from Herald, your order has shipped today', other.token);
    for (const source of [{ ListId: listId }, { SegmentId: segmentId }]) {
      const reply = await send({ ...source, TemplateId: otherTemplate }, other.token);
      expect(reply.RetCode).toBe(RetCode.NotFound);
    }
    const empty = (await ok<{ ListId: number }>('CreateContactList', { Name: 'Nobody yet' })).ListId;
    expect((await send({ ListId: empty, VariableMapping: mapping() })).RetCode).toBe(RetCode.NoValidRecipients);
  });
});
