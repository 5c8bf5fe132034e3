import { and, eq, like, sql } from 'drizzle-orm';
import { fc, test as fcTest } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelTasks, files, ledger, voiceAudioFiles, voiceTemplates, wallets } from '../../db/schema';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { VOICE_AUDIO_STATUS, VOICE_TASK_STATUS, VOICE_TEMPLATE_STATUS } from '../../../src/gateway/contract/statuses';
import { SUB_WALLET_TYPES } from '../../../src/gateway/contract/actions/constants';
import { VOICE_CALL_PRICE } from '../../../src/gateway/contract/vms-task';
import { vmsTaskActions } from '../../../src/gateway/contract/actions/vms-tasks';
import { SMS_MESSAGE_STATE_CODE } from '../../../src/machines/lifecycles/sms-message.machine';
import { sendGroup } from '../../channels/delivery';
import { voiceChannel } from '../../channels/voice';
import { TIME_ZONES, zoneOffsetMinutes } from '../../sms/time-zones';
import { createAccount, createSmsTestServer, waitFor, type SmsTestServer } from '../sms/sms-test-helpers';

// Voice tasks on the kernel (docs/decisions.md "Voice tasks"): what differs from the kernel's table —
// the voice task statuses, the sandbox voice carrier's outcomes and call durations, the call period,
// one debit per call from the 6003 wallet (once, however often a group runs), tenants and bad input.

let server: SmsTestServer;
let user: { id: number; token: string };
let other: { id: number; token: string };
const BALANCE = 1_000_000;
let nextId = 1;

beforeAll(async () => {
  server = await createSmsTestServer();
  user = await createAccount(server);
  other = await createAccount(server);
  for (const account of [user, other])
    await server.deps.database.db
      .insert(wallets)
      .values({ userId: account.id, productType: SUB_WALLET_TYPES.Voice, amount: BALANCE });
}, 300_000);
afterAll(() => server?.close());

/** A voice template of the user in a status, with a transcoded voice file. */
async function voiceTemplate(userId: number, status: number = VOICE_TEMPLATE_STATUS.AuditPass): Promise<string> {
  const n = `${process.pid}x${nextId++}`;
  const now = server.deps.clock.now();
  const { db } = server.deps.database;
  await db.insert(files).values({
    id: `vsfile${n}`,
    userId,
    name: `welcome-${n}.mp3`,
    contentType: 'audio/mpeg',
    md5: '0'.repeat(32),
    size: 1000,
    status: 'stored',
    storageKey: `vsfile${n}`,
    createdAt: now,
    expiresAt: now,
    storedAt: now,
  });
  await db.insert(voiceAudioFiles).values({
    audioId: `VAsend${n}`,
    userId,
    name: `welcome-${n}.mp3`,
    sourceFileId: `vsfile${n}`,
    size: 1000,
    status: VOICE_AUDIO_STATUS.Success,
    durationMs: 4200,
    createdAt: now,
    updatedAt: now,
  });
  const templateId = `UVsend${n}`;
  await db.insert(voiceTemplates).values({
    templateId,
    userId,
    name: 'Appointment reminder',
    audioId: `VAsend${n}`,
    status,
    createdAt: now,
    updatedAt: now,
  });
  return templateId;
}

type Task = {
  TaskId: string;
  Status: number;
  SubmitCount: number;
  SubmitFailCount: number;
  SuccessCount: number;
  FailCount: number;
  Content: string;
};
type CallRecord = { Phone: string; Result: string; ErrorCode: string; CallSeconds?: number; Cost: number };

const send = (input: Record<string, unknown>, token = user.token) =>
  server.call<{ TaskId: string; Status: number; TotalCount: number; EstimatedCost: number }>(
    'AddUVMSSendTask',
    { TaskName: 'Reminders', CountryCode: 'US', ...input },
    token,
  );
const task = async (TaskId: string, token = user.token) =>
  (await server.call<{ Total: number; Tasks: Task[] }>('GetUVMSSendTask', { TaskId }, token)).Data;
const records = async (TaskId: string, token = user.token) => {
  const now = Math.floor(server.deps.clock.nowMs() / 1000);
  return (
    await server.call<{ Total: number; Records: CallRecord[] }>(
      'GetUVMSSendRecord',
      { BeginTime: now - 3600, EndTime: now + 3600, TaskId },
      token,
    )
  ).Data;
};
const voiceMoves = async (taskId: string) =>
  server.deps.database.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, user.id), like(ledger.uniqueKey, `voice:${taskId}:%`)));
const voiceWallet = async (userId = user.id) =>
  (
    await server.deps.database.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.userId, userId), eq(wallets.productType, SUB_WALLET_TYPES.Voice)))
  )[0];

/** A zone whose local time now is outside 08:00-20:00. */
function zoneOutsideWindow(): string {
  const now = server.deps.clock.now();
  const zone = TIME_ZONES.find((z) => {
    const minute = (((now.getUTCHours() * 60 + now.getUTCMinutes() + zoneOffsetMinutes(z, now)) % 1440) + 1440) % 1440;
    return minute < 8 * 60 - 5 || minute >= 20 * 60;
  });
  if (!zone) throw new Error('no zone outside the call window');
  return zone;
}

describe('voice sending', () => {
  let sentTaskId = '';

  it('calls four numbers: answered, no answer, busy and failed by the last digit, with durations', async () => {
    const TemplateId = await voiceTemplate(user.id);
    const sent = await send({ TemplateId, Phones: ['4155550103', '4155550106', '4155550108', '4155550109'] });
    expect(sent).toMatchObject({
      RetCode: 0,
      Data: { Status: VOICE_TASK_STATUS.Parsing, TotalCount: 4, EstimatedCost: 4 * VOICE_CALL_PRICE },
    });
    sentTaskId = sent.Data.TaskId;
    const done = await waitFor(
      () => task(sentTaskId),
      (t) =>
        t.Tasks[0]?.Status === VOICE_TASK_STATUS.SubmitSuccess && t.Tasks[0].SuccessCount + t.Tasks[0].FailCount === 3,
    );
    expect(done.Tasks[0]).toMatchObject({ SubmitCount: 3, SubmitFailCount: 1, SuccessCount: 1, FailCount: 2 });
    expect(JSON.parse(done.Tasks[0].Content)).toMatchObject({ CallPeriod: 'allDay', AudioId: expect.any(String) });
    const calls = await records(sentTaskId);
    const byPhone = Object.fromEntries(calls.Records.map((r) => [r.Phone, r]));
    expect(byPhone['+14155550103']).toMatchObject({ Result: 'Success', ErrorCode: '', CallSeconds: 41 });
    expect(byPhone['+14155550106']).toMatchObject({ Result: 'Fail', ErrorCode: 'VC001', CallSeconds: 0 });
    expect(byPhone['+14155550108']).toMatchObject({ Result: 'Fail', ErrorCode: 'VC002', CallSeconds: 0 });
    expect(byPhone['+14155550109']).toMatchObject({ Result: 'SubmitFail', ErrorCode: 'VC003', Cost: 0 });
    // Three calls placed are paid from the voice wallet; the refused one is refunded.
    const moves = await voiceMoves(sentTaskId);
    expect(moves.reduce((sum, m) => sum + m.amount, 0)).toBe(-3 * VOICE_CALL_PRICE);
    expect((await voiceWallet()).amount).toBe(BALANCE - 3 * VOICE_CALL_PRICE);
    // Not an SMS nor an MMS: their lists do not show it.
    expect((await server.call<{ Total: number }>('GetUSMSSendTask', {}, user.token)).Data.Total).toBe(0);
    expect((await server.call<{ Total: number }>('GetUMMSSendTask', {}, user.token)).Data.Total).toBe(0);
  });

  it('debits a group once however often its job runs (a retry after a crash)', async () => {
    const { db } = server.deps.database;
    const before = await voiceMoves(sentTaskId);
    const [row] = await db.select().from(channelTasks).where(eq(channelTasks.taskId, sentTaskId));
    // The state a crash leaves: the task submitting, the group's calls claimed and not recorded.
    await db.update(channelTasks).set({ status: VOICE_TASK_STATUS.Submitting }).where(eq(channelTasks.id, row.id));
    await db.execute(
      sql`UPDATE channel_recipients SET state = ${SMS_MESSAGE_STATE_CODE.sending} WHERE task_id = ${row.id}`,
    );
    const runtime = { deps: server.deps, providerOf: () => voiceChannel.provider(server.deps, async () => {}) };
    await sendGroup(runtime, row.id, 0);
    await sendGroup(runtime, row.id, 0);
    expect(await voiceMoves(sentTaskId)).toEqual(before);
    expect((await voiceWallet()).amount).toBe(BALANCE - 3 * VOICE_CALL_PRICE);
    const carrier = await db.execute(
      sql`SELECT count(*)::int AS n FROM sms_carrier_messages WHERE message_key LIKE ${`${row.id}:%`}`,
    );
    expect((carrier as unknown as { rows: { n: number }[] }).rows[0].n).toBe(4);
  });

  it('holds a daytime task outside 08:00-20:00 in its zone at Wait Submit, calling nobody, until cancelled', async () => {
    const TemplateId = await voiceTemplate(user.id);
    const sent = await send({
      TemplateId,
      Phones: ['4155550200', '4155550201'],
      CallPeriod: 'daytime',
      TimeZone: zoneOutsideWindow(),
    });
    expect(sent.RetCode).toBe(0);
    const waiting = await waitFor(
      () => task(sent.Data.TaskId),
      (t) => t.Tasks[0]?.Status === VOICE_TASK_STATUS.WaitSubmit,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await task(sent.Data.TaskId)).Tasks[0]).toMatchObject({
      Status: VOICE_TASK_STATUS.WaitSubmit,
      SubmitCount: 0,
    });
    expect(waiting.Tasks[0].SubmitCount).toBe(0);
    expect(await voiceMoves(sent.Data.TaskId)).toEqual([]);
    const cancelled = await server.call<{ Status: number }>(
      'CancelUVMSSendTask',
      { TaskId: sent.Data.TaskId },
      user.token,
    );
    expect(cancelled).toMatchObject({ RetCode: 0, Data: { Status: VOICE_TASK_STATUS.Cancel } });
  });

  it('calls a list of the audience: a contact suppressed on voice is skipped and counted, one suppressed on SMS is called', async () => {
    const TemplateId = await voiceTemplate(user.id);
    const people = [
      { Phone: '+1 415 555 0403', FirstName: 'Ada' },
      { Phone: '+1 415 555 0413', FirstName: 'Bo', Suppressed: ['sms'] },
      { Phone: '+1 415 555 0423', FirstName: 'Cy', Suppressed: ['voice'] },
      { Email: 'no-phone@example.com', FirstName: 'Di' },
    ];
    const ContactIds: number[] = [];
    for (const person of people) {
      const created = await server.call<{ ContactId: number }>('CreateContact', person, user.token);
      ContactIds.push(created.Data.ContactId);
    }
    const list = await server.call<{ ListId: number }>('CreateContactList', { Name: 'Reminder list' }, user.token);
    await server.call('AddContactsToList', { ListId: list.Data.ListId, ContactIds }, user.token);
    const sent = await send({ TemplateId, ListId: list.Data.ListId });
    expect(sent).toMatchObject({ RetCode: 0, Data: { TotalCount: 2 } });
    await waitFor(
      () => task(sent.Data.TaskId),
      (t) => t.Tasks[0]?.SuccessCount === 2,
    );
    const calls = await records(sent.Data.TaskId);
    expect(calls.Records.map((r) => r.Phone).sort()).toEqual(['+14155550403', '+14155550413']);
    const [done] = (await task(sent.Data.TaskId)).Tasks as (Task & {
      SuppressedCount: number;
      NoAddressCount: number;
    })[];
    expect(done).toMatchObject({ SuppressedCount: 1, NoAddressCount: 1 });
    // Another account's list is not found.
    expect(
      (await send({ TemplateId: await voiceTemplate(other.id), ListId: list.Data.ListId }, other.token)).RetCode,
    ).toBe(RetCode.NotFound);
  });

  it('keeps tenants apart: another account neither sees, cancels nor sends with them', async () => {
    expect((await task(sentTaskId, other.token)).Total).toBe(0);
    expect((await records(sentTaskId, other.token)).Total).toBe(0);
    const cancel = await server.call('CancelUVMSSendTask', { TaskId: sentTaskId }, other.token);
    expect(cancel.RetCode).toBe(RetCode.NotFound);
    const mine = await voiceTemplate(user.id);
    const theirs = await send({ TemplateId: mine, Phones: ['4155550300'] }, other.token);
    expect(theirs.RetCode).toBe(RetCode.NotFound);
    expect((await voiceWallet(other.id)).amount).toBe(BALANCE);
  });

  it('exports the call records with outcome and call seconds, kept apart from SMS exports and tenants', async () => {
    const TemplateId = await voiceTemplate(user.id);
    const sent = await send({ TemplateId, Phones: ['4155550503', '4155550506', '4155550508', '4155550509'] });
    await waitFor(
      () => task(sent.Data.TaskId),
      (t) => t.Tasks[0]?.SuccessCount + t.Tasks[0]?.FailCount === 3,
    );
    const now = Math.floor(server.deps.clock.nowMs() / 1000);
    const exp = await server.call<{ ExportId: string }>(
      'AddUVMSExportSendRecordTask',
      { BeginTime: now - 3600, EndTime: now + 3600, TaskId: sent.Data.TaskId },
      user.token,
    );
    expect(exp.RetCode).toBe(0);
    type Exports = { Total: number; Exports: { ExportId: string; Status: number; RowCount: number }[] };
    const listed = await waitFor(
      () => server.call<Exports>('GetUVMSExportSendRecord', {}, user.token),
      (r) => r.Data.Exports.some((e) => e.ExportId === exp.Data.ExportId && e.Status === 3),
    );
    expect(listed.Data.Exports.find((e) => e.ExportId === exp.Data.ExportId)?.RowCount).toBe(4);
    const response = await server.raw(
      JSON.stringify({ Action: 'GetUVMSExportSendRecordFile', ExportId: exp.Data.ExportId }),
      { authorization: `Bearer ${user.token}` },
    );
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="voice-records-/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Outcome,Call seconds');
    const line = (phone: string) => lines.find((l) => l.includes(`,+${phone},`)) ?? '';
    expect(line('14155550503')).toContain(',Answered,Answered,41,');
    expect(line('14155550506')).toContain(',Not answered,No answer,0,VC001,');
    expect(line('14155550508')).toContain(',Not answered,Busy,0,VC002,');
    expect(line('14155550509')).toContain(',Call failed,Failed,,VC003,');
    // Each channel lists and serves only its own exports; another account sees none of them.
    const sms = await server.call<Exports>('GetUSMSExportSendRecord', {}, user.token);
    expect(sms.Data.Exports.map((e) => e.ExportId)).not.toContain(exp.Data.ExportId);
    const asSms = await server.call('GetUSMSExportSendRecordFile', { ExportId: exp.Data.ExportId }, user.token);
    expect(asSms.RetCode).toBe(RetCode.NotFound);
    expect((await server.call<Exports>('GetUVMSExportSendRecord', {}, other.token)).Data.Total).toBe(0);
    const theirs = await server.call('GetUVMSExportSendRecordFile', { ExportId: exp.Data.ExportId }, other.token);
    expect(theirs.RetCode).toBe(RetCode.NotFound);
  });
});

describe('bad input', () => {
  it('names the field of a call period it does not know, and refuses unknown fields', async () => {
    const TemplateId = await voiceTemplate(user.id);
    const period = await send({ TemplateId, Phones: ['4155550400'], CallPeriod: 'night' });
    expect(period).toMatchObject({
      RetCode: RetCode.ValidationError,
      Data: { Fields: [{ Field: 'CallPeriod', Key: 'validation:callPeriodInvalid' }] },
    });
    const unknown = await send({ TemplateId, Phones: ['4155550400'], Voice: 'loud' });
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
    const zone = await send({ TemplateId, Phones: ['4155550400'], TimeZone: 'Mars/Olympus' });
    expect(zone.RetCode).toBe(RetCode.TimeZoneUnknown);
  });

  it('refuses a template not approved or disabled, and a list with no valid number, storing nothing', async () => {
    const before = (await server.call<{ Total: number }>('GetUVMSSendTask', {}, user.token)).Data.Total;
    for (const status of [VOICE_TEMPLATE_STATUS.WaitCheck, VOICE_TEMPLATE_STATUS.Disabled]) {
      const refused = await send({ TemplateId: await voiceTemplate(user.id, status), Phones: ['4155550400'] });
      expect(refused.RetCode).toBe(RetCode.TemplateNotUsable);
    }
    const none = await send({ TemplateId: await voiceTemplate(user.id), Phones: ['12', 'not a number'] });
    expect(none.RetCode).toBe(RetCode.NoValidRecipients);
    expect((await server.call<{ Total: number }>('GetUVMSSendTask', {}, user.token)).Data.Total).toBe(before);
  });

  fcTest.prop(
    [
      fc.constantFrom(...Object.keys(vmsTaskActions)),
      fc.dictionary(
        fc.constantFrom('TemplateId', 'TaskId', 'CallPeriod', 'Phones', 'TimeZone', 'BeginTime', 'CountryCode'),
        fc.anything(),
      ),
    ],
    { numRuns: 60 },
  )('never answers a malformed voice input with a 5xx', async (action, input) => {
    const response = await server.raw(JSON.stringify({ ...input, Action: action }), {
      authorization: `Bearer ${user.token}`,
    });
    expect(response.status).toBeLessThan(500);
  });
});
