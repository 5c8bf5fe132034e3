import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallets } from '../../db/schema';
import { MAIN_WALLET } from '../../money/ledger';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { createAccount, createSmsTestServer, waitFor, type SmsTestServer } from '../sms/sms-test-helpers';

// MMS statistics (server/channels/statistics.ts on the MMS channel): an MMS task's messages count in
// the MMS Actions, never in the SMS ones, and never for another account.

let server: SmsTestServer;
let user: { id: number; token: string };
let other: { id: number; token: string };
let now: number;

interface Totals {
  Submit: number;
  Success: number;
  Fail: number;
  SubmitFail: number;
  Segments: number;
  Cost: number;
}

async function sendMms(token: string, phones: string[]): Promise<string> {
  const created = await server.call<{ TemplateId: string }>(
    'CreateUMMSTemplate',
    { TemplateName: 'Stats', Language: 'en', Subject: 'Weekly', Text: 'Our weekly news is out' },
    token,
  );
  await waitFor(
    () => server.call<{ Status: number }>('GetUMMSTemplate', { TemplateId: created.Data.TemplateId }, token),
    (r) => r.Data.Status === 2,
  );
  const sent = await server.call<{ TaskId: string }>(
    'AddUMMSSendTask',
    { TaskName: 'Stats MMS', TemplateId: created.Data.TemplateId, CountryCode: 'US', Phones: phones },
    token,
  );
  expect(sent.RetCode).toBe(0);
  await waitFor(
    () => server.call<{ Tasks: { Status: number }[] }>('GetUMMSSendTask', { TaskId: sent.Data.TaskId }, token),
    (r) => r.Data.Tasks[0]?.Status === 3,
  );
  return sent.Data.TaskId;
}

const totals = (action: string, token: string) =>
  server.call<{ Totals: Totals; Points: unknown[] }>(action, { BeginTime: now - 86_400, EndTime: now + 3600 }, token);

beforeAll(async () => {
  server = await createSmsTestServer();
  user = await createAccount(server);
  other = await createAccount(server);
  for (const u of [user, other])
    await server.deps.database.db
      .insert(wallets)
      .values({ userId: u.id, productType: MAIN_WALLET, amount: 10_000_000 });
  now = Math.floor(server.deps.clock.nowMs() / 1000);
  // the sandbox carrier: last digit 0-6 delivered, 7 not delivered (EC00n)
  await sendMms(user.token, ['4155550410', '4155550411', '4155550417']);
}, 60_000);
afterAll(() => server?.close());

describe('MMS statistics', () => {
  it('counts an MMS task in the MMS statistics, one part per message', async () => {
    const mms = await totals('GetUMMSSendStatistics', user.token);
    expect(mms.RetCode).toBe(0);
    expect(mms.Data.Totals).toMatchObject({ Submit: 3, Success: 2, Fail: 1, SubmitFail: 0, Segments: 3 });
    expect(mms.Data.Totals.Cost).toBeGreaterThan(0);
    const codes = await server.call<{ Total: number; Codes: { ErrorCode: string; Result: string }[] }>(
      'GetUMMSSendReceiptCodeStatistics',
      { BeginTime: now - 86_400, EndTime: now + 3600 },
      user.token,
    );
    expect(codes.Data.Total).toBe(1);
    expect(codes.Data.Codes[0].ErrorCode).toMatch(/^EC00\d$/);
  });

  it('keeps MMS out of the SMS statistics and another account out of both', async () => {
    const sms = await totals('GetUSMSSendStatistics', user.token);
    expect(sms.Data.Totals.Submit).toBe(0);
    const smsCodes = await server.call<{ Total: number }>(
      'GetUSMSSendReceiptCodeStatistics',
      { BeginTime: now - 86_400, EndTime: now + 3600 },
      user.token,
    );
    expect(smsCodes.Data.Total).toBe(0);
    const theirs = await totals('GetUMMSSendStatistics', other.token);
    expect(theirs.Data.Totals.Submit).toBe(0);
    const theirCodes = await server.call<{ Total: number }>(
      'GetUMMSSendReceiptCodeStatistics',
      { BeginTime: now - 86_400, EndTime: now + 3600 },
      other.token,
    );
    expect(theirCodes.Data.Total).toBe(0);
  });

  it('answers bad input with its documented RetCode, never a 5xx', async () => {
    const zone = await server.call(
      'GetUMMSSendStatistics',
      { BeginTime: now - 3600, EndTime: now, TimeZone: 'Mars/Base' },
      user.token,
    );
    expect(zone.RetCode).toBe(RetCode.TimeZoneUnknown);
    const granularity = await server.call(
      'GetUMMSSendStatistics',
      { BeginTime: now - 3600, EndTime: now, Granularity: 'hour' },
      user.token,
    );
    expect(granularity.RetCode).toBe(RetCode.ValidationError);
    const unknown = await server.call(
      'GetUMMSSendReceiptCodeStatistics',
      { BeginTime: now, EndTime: now, Extra: 1 },
      user.token,
    );
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
  });
});
