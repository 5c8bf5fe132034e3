import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type SmsTestServer } from '../handlers/sms/sms-test-helpers';
import { verifyWebhook } from '../providers/callbacks/signing';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { approvedTemplate, connectSandboxWhatsApp, fundedAccount, startWaTestServer } from './wa-testkit';

// WhatsApp settings (docs/decisions.md "WhatsApp settings and template replies"): the WhatsApp channel's own
// callback receives its status reports, signed; its own limits block its tasks; another account sees nothing.

let server: SmsTestServer;
let receiver: Server;
let base: string;
const received: { path: string; body: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = await startWaTestServer();
  server.deps.smsSettings.allowPrivateCallbacks = true;
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body, headers: request.headers });
      response.statusCode = 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.close();
}, 60_000);

async function tenant() {
  const user = await fundedAccount(server);
  const connected = await connectSandboxWhatsApp(server, user.token);
  const template = await approvedTemplate(server, { userId: user.id, wabaId: connected.Account.WabaId });
  const number = connected.numberEnding('40');
  const call = user.call;
  const sendTo = (rows: string[][]) =>
    call<{ TaskId: string }>('AddWhatsAppSendTask', {
      TaskName: 'Orders',
      CountryCode: 'US',
      TemplateId: template.templateId,
      PhoneNumberId: number.PhoneNumberId,
      Rows: rows,
    });
  return { user, call, sendTo };
}

type Body = { type: string; data: { TaskId: string; Reports: { Phone: string; Result: string }[] } };

describe('WhatsApp settings', () => {
  it('posts a delivered WhatsApp message, signed, to the WhatsApp callback', async () => {
    const owner = await tenant();
    const set = await owner.call<{ Secret: string }>('SetWhatsAppCallback', { Url: `${base}/whatsapp` });
    expect(set.RetCode).toBe(0);
    const sent = await owner.sendTo([['14155550112', 'Ann']]);
    expect(sent.RetCode).toBe(0);
    const mine = () =>
      received.find((r) => r.path === '/whatsapp' && (JSON.parse(r.body) as Body).data.TaskId === sent.Data.TaskId);
    const post = (await waitFor(async () => mine(), Boolean, 30_000))!;
    const body = JSON.parse(post.body) as Body;
    expect(body.type).toBe('whatsapp.delivery_report');
    expect(body.data.Reports).toEqual([expect.objectContaining({ Phone: '14155550112', Result: 'Success' })]);
    const headers = Object.fromEntries(Object.entries(post.headers).map(([k, v]) => [k, String(v)]));
    const nowSeconds = Math.floor(server.deps.clock.now().getTime() / 1000);
    expect(verifyWebhook(set.Data.Secret, headers, post.body, nowSeconds)).toBe(true);
    expect(verifyWebhook('whsec_AAAA', headers, post.body, nowSeconds)).toBe(false);
  }, 60_000);

  it("blocks a WhatsApp task over the WhatsApp limit; another account's settings are its own", async () => {
    const owner = await tenant();
    const other = await tenant();
    const limit = await owner.call('CreateWhatsAppLimitAlarmRule', {
      DailyLimit: 1,
      MonthlyLimit: null,
      TotalLimit: null,
      AlarmPercent: 0,
      Emails: [],
    });
    expect(limit.RetCode).toBe(0);
    const refused = await owner.sendTo([
      ['14155550120', 'Ann'],
      ['14155550121', 'Bo'],
    ]);
    expect(refused.RetCode).not.toBe(0);
    expect((await other.sendTo([['14155550122', 'Cy']])).RetCode).toBe(0);
    expect((await other.call('GetWhatsAppLimitAlarmRule')).Data).not.toMatchObject({ DailyLimit: 1 });
    expect((await other.call<{ Url: string }>('GetWhatsAppCallback')).Data.Url).toBe('');
    expect((await owner.call('GetUSMSLimitAlarmRule')).Data).not.toMatchObject({ DailyLimit: 1 });
  }, 60_000);

  it('exports WhatsApp records with their own columns, kept apart from SMS exports and other accounts', async () => {
    const owner = await tenant();
    const other = await tenant();
    const sent = await owner.sendTo([['14155550130', 'Ann']]);
    expect(sent.RetCode).toBe(0);
    const now = Math.floor(server.deps.clock.now().getTime() / 1000);
    const range = { BeginTime: now - 3600, EndTime: now + 3600 };
    await waitFor(
      () => owner.call<{ Total: number }>('GetWhatsAppSendRecord', { ...range, TaskId: sent.Data.TaskId }),
      (r) => r.Data.Total === 1,
    );
    const exp = await owner.call<{ ExportId: string }>('AddWhatsAppExportSendRecordTask', {
      ...range,
      TaskId: sent.Data.TaskId,
      Direction: 'Sent',
    });
    expect(exp.RetCode).toBe(0);
    type Exports = { Total: number; Exports: { ExportId: string; Status: number; RowCount: number }[] };
    const listed = await waitFor(
      () => owner.call<Exports>('GetWhatsAppExportSendRecord'),
      (r) => r.Data.Exports.some((e) => e.ExportId === exp.Data.ExportId && e.Status === 3),
    );
    expect(listed.Data.Exports[0].RowCount).toBe(1);
    const response = await server.raw(
      JSON.stringify({ Action: 'GetWhatsAppExportSendRecordFile', ExportId: exp.Data.ExportId }),
      { authorization: `Bearer ${owner.user.token}` },
    );
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="whatsapp-records-/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Template,Language,Conversation,Direction,Content,Status');
    expect(lines[1]).toContain(',order_ready,en,Utility,Sent,"Hello Ann, your order is ready.",');
    expect((await owner.call<Exports>('GetUSMSExportSendRecord')).Data.Total).toBe(0);
    expect((await other.call<Exports>('GetWhatsAppExportSendRecord')).Data.Total).toBe(0);
    const theirs = await other.call('GetWhatsAppExportSendRecordFile', { ExportId: exp.Data.ExportId });
    expect(theirs.RetCode).toBe(RetCode.NotFound);
    const bad = await owner.call('AddWhatsAppExportSendRecordTask', { ...range, Direction: 'Sideways' });
    expect(bad.RetCode).not.toBe(0);
  }, 60_000);
});
