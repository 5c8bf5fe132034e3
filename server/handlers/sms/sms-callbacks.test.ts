import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { smsCallbackDeliveries } from '../../db/schema';
import { signWebhook, verifyWebhook } from '../../providers/callbacks/signing';
import { isPublicAddress } from '../../lib/public-address';
import {
  attemptCallback,
  callbackBackoffMs,
  MAX_CALLBACK_ATTEMPTS,
  queueCallbackReports,
} from '../../channels/callbacks';
import { createSmsTestServer, passedTemplate, waitFor, type SmsTestServer } from './sms-test-helpers';

describe('Standard Webhooks signature', () => {
  it('matches the specification example', () => {
    // https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
    expect(
      signWebhook(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies, and refuses a changed body, another secret or an old timestamp', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1000',
      'webhook-signature': signWebhook(secret, 'msg_1', 1000, '{"a":1}'),
    };
    expect(verifyWebhook(secret, headers, '{"a":1}', 1000)).toBe(true);
    expect(verifyWebhook(secret, headers, '{"a":2}', 1000)).toBe(false);
    expect(verifyWebhook('whsec_' + Buffer.from('other').toString('base64'), headers, '{"a":1}', 1000)).toBe(false);
    expect(verifyWebhook(secret, headers, '{"a":1}', 2000)).toBe(false);
  });
});

describe('callback addresses', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['2001:db8::1', false],
    ['not-an-ip', false],
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
  ])('%s is public: %s', (address, expected) => expect(isPublicAddress(address)).toBe(expected));

  it('backs off exponentially with jitter', () => {
    expect(callbackBackoffMs(1, () => 0.5)).toBe(5_000);
    expect(callbackBackoffMs(2, () => 0.5)).toBe(10_000);
    expect(callbackBackoffMs(3, () => 0)).toBe(16_000);
    expect(callbackBackoffMs(3, () => 1)).toBe(24_000);
    expect(callbackBackoffMs(30, () => 0.5)).toBe(6 * 3_600_000);
  });
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('customer callbacks', () => {
  let server: SmsTestServer;
  let receiver: Server;
  let url: string;
  const received: Received[] = [];
  let answer = 200;
  beforeAll(async () => {
    server = await createSmsTestServer();
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.statusCode = answer;
        if (answer === 302) response.setHeader('location', 'http://example.com/');
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('refuses private and loopback addresses at save time', async () => {
    server.deps.smsSettings.allowPrivateCallbacks = false;
    for (const address of [
      url,
      'http://10.0.0.5/x',
      'http://[::1]:8000/',
      'http://169.254.169.254/latest',
      'http://localhost/x',
      'http://0x7f000001/',
    ]) {
      expect((await server.call('SetUSMSCallback', { Url: address })).RetCode, address).toBe(
        RetCode.CallbackAddressRefused,
      );
    }
    expect((await server.call('SetUSMSCallback', { Url: 'ftp://example.com/' })).RetCode).toBe(RetCode.ValidationError);
    expect((await server.call('SetUSMSCallback', { Url: 'not a url' })).RetCode).toBe(RetCode.ValidationError);
  });

  it('says a host that does not resolve cannot be found, without a field-name prefix (issue 18 §2)', async () => {
    server.deps.smsSettings.allowPrivateCallbacks = false;
    for (const lang of ['en', 'zh'] as const) {
      const reply = await server.api(
        'SetUSMSCallback',
        { Url: 'https://no-such-host.invalid/hooks' },
        { token: server.token, lang },
      );
      expect(reply.RetCode).toBe(RetCode.ValidationError);
      expect(reply.Data).toEqual({ Fields: [{ Field: 'Url', Key: 'validation:callbackHostNotFound' }] });
      expect(reply.Message).toMatch(lang === 'en' ? /^This host could not be found/ : /^找不到该主机/);
    }
  });

  it('refuses them again at connect time', async () => {
    server.deps.smsSettings.allowPrivateCallbacks = true;
    expect((await server.call('SetUSMSCallback', { Url: url })).RetCode).toBe(0);
    const demoId = (await server.call<{ AdminUserId: number }>('GetUserInfo')).Data.AdminUserId;
    const [id] = await server.deps.database.db.transaction((tx) =>
      queueCallbackReports(
        tx,
        demoId,
        { taskId: 'TKX', sessionNo: 'SNX' },
        [{ RecordId: '1-0', Phone: '1', Result: 'Success', ErrorCode: '', ReportTime: 1 }],
        server.deps.clock.now(),
      ),
    );
    const before = received.length;
    const outcome = await attemptCallback(server.deps, id, false, () => 0.5);
    expect(received.length).toBe(before);
    expect(outcome.retryAt).not.toBeNull();
    const [row] = await server.deps.database.db
      .select()
      .from(smsCallbackDeliveries)
      .where(eq(smsCallbackDeliveries.id, id));
    expect(row.lastError).toMatch(/address refused/);
    await server.deps.database.db
      .update(smsCallbackDeliveries)
      .set({ status: 'dropped' })
      .where(eq(smsCallbackDeliveries.id, id));
  });

  it('posts signed delivery reports to a local receiver (test switch on)', async () => {
    server.deps.smsSettings.allowPrivateCallbacks = true;
    answer = 200;
    const set = await server.call<{ Secret: string; Url: string; Enabled: boolean }>('SetUSMSCallback', {
      Url: url,
      RotateSecret: true,
    });
    expect(set.Data).toMatchObject({ Url: url, Enabled: true });
    expect(set.Data.Secret).toMatch(/^whsec_/);
    const templateId = await passedTemplate(server);
    const start = received.length;
    const task = await server.call<{ TaskId: string }>('AddUSMSSendTask', {
      TaskName: 'Hooks',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['4155550100', '4155550107', '4155550109'],
    });
    const reports = await waitFor(
      async () =>
        received
          .slice(start)
          .flatMap(
            (r) => (JSON.parse(r.body) as { data: { TaskId: string; Reports: { Result: string }[] } }).data.Reports,
          ),
      (list) => list.length >= 3,
    );
    expect(reports.map((r) => r.Result).sort()).toEqual(['Fail', 'SubmitFail', 'Success']);
    for (const request of received.slice(start)) {
      expect(JSON.parse(request.body)).toMatchObject({
        type: 'sms.delivery_report',
        data: { TaskId: task.Data.TaskId },
      });
      expect(
        verifyWebhook(
          set.Data.Secret,
          request.headers as Record<string, string>,
          request.body,
          Number(request.headers['webhook-timestamp']),
        ),
      ).toBe(true);
    }
    const state = await server.call<{ LastStatus: number }>('GetUSMSCallback');
    expect(state.Data.LastStatus).toBe(200);
  }, 60_000);

  it('retries with back-off by the server clock, does not follow redirects, gives up after 10 attempts', async () => {
    server.deps.smsSettings.allowPrivateCallbacks = true;
    await server.call('SetUSMSCallback', { Url: url });
    const demoId = (await server.call<{ AdminUserId: number }>('GetUserInfo')).Data.AdminUserId;
    const queue = () =>
      server.deps.database.db.transaction((tx) =>
        queueCallbackReports(
          tx,
          demoId,
          { taskId: 'TKR', sessionNo: 'SNR' },
          [{ RecordId: '1-1', Phone: '1', Result: 'Fail', ErrorCode: 'EC001', ReportTime: 1 }],
          server.deps.clock.now(),
        ),
      );
    const [id] = await queue();
    answer = 500;
    const first = await attemptCallback(server.deps, id, true, () => 0.5);
    expect(first.retryAt!.getTime() - server.deps.clock.nowMs()).toBeGreaterThan(4_000);
    const count = received.length;
    expect((await attemptCallback(server.deps, id, true, () => 0.5)).retryAt).toEqual(first.retryAt);
    expect(received.length).toBe(count);
    server.clock.advance(5_000);
    answer = 302;
    const second = await attemptCallback(server.deps, id, true, () => 0.5);
    expect(second.retryAt!.getTime() - server.deps.clock.nowMs()).toBeGreaterThan(9_000);
    server.clock.advance(10_000);
    answer = 204;
    expect((await attemptCallback(server.deps, id, true, () => 0.5)).retryAt).toBeNull();
    const [delivered] = await server.deps.database.db
      .select()
      .from(smsCallbackDeliveries)
      .where(eq(smsCallbackDeliveries.id, id));
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 204 });

    const [doomed] = await queue();
    answer = 503;
    for (let attempt = 1; attempt <= MAX_CALLBACK_ATTEMPTS; attempt++) {
      const outcome = await attemptCallback(server.deps, doomed, true, () => 0.5);
      if (outcome.retryAt) server.clock.set(outcome.retryAt);
    }
    const [failed] = await server.deps.database.db
      .select()
      .from(smsCallbackDeliveries)
      .where(eq(smsCallbackDeliveries.id, doomed));
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_CALLBACK_ATTEMPTS });
    server.clock.reset();
  });

  it('turns the callback off when the receiver answers 410', async () => {
    server.deps.smsSettings.allowPrivateCallbacks = true;
    await server.call('SetUSMSCallback', { Url: url });
    const demoId = (await server.call<{ AdminUserId: number }>('GetUserInfo')).Data.AdminUserId;
    const [id] = await server.deps.database.db.transaction((tx) =>
      queueCallbackReports(
        tx,
        demoId,
        { taskId: 'TKG', sessionNo: 'SNG' },
        [{ RecordId: '1-2', Phone: '1', Result: 'Success', ErrorCode: '', ReportTime: 1 }],
        server.deps.clock.now(),
      ),
    );
    answer = 410;
    expect((await attemptCallback(server.deps, id, true)).retryAt).toBeNull();
    expect((await server.call('GetUSMSCallback')).Data).toMatchObject({
      Enabled: false,
      DisabledReason: 'gone',
      LastStatus: 410,
    });
    answer = 200;
  });
});
