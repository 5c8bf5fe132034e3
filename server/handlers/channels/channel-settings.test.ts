import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { SUB_WALLET_TYPES } from '../../../src/gateway/contract/actions/constants';
import { mmsContentJson } from '../../../src/gateway/contract/mms-content';
import { voiceContentJson } from '../../../src/gateway/contract/vms-task';
import { wallets } from '../../db/schema';
import { enqueueAfterCommit, QUEUE } from '../../queue';
import type { ChannelDescription } from '../../channels/channel';
import { storeTask } from '../../channels/create-task';
import { smsChannel } from '../../channels/sms';
import { mmsChannel } from '../../channels/mms';
import { voiceChannel } from '../../channels/voice';
import { enforceLimits } from '../../sms/limits';
import { ApiError } from '../../errors';
import { createAccount, createSmsTestServer, waitFor, type SmsTestServer } from '../sms/sms-test-helpers';

// Settings per channel (docs/decisions.md "Settings per channel"), written once for the table of phone
// channels: a task's reports go to its own channel's callback only; limits and alarm rules count and
// block one channel's sends only.

interface SettingsCase {
  channel: ChannelDescription;
  /** The Action-name part: USMS, UMMS, UVMS. */
  actions: 'USMS' | 'UMMS' | 'UVMS';
  content: string;
}

const table: SettingsCase[] = [
  { channel: smsChannel, actions: 'USMS', content: 'Your order has shipped today' },
  {
    channel: mmsChannel,
    actions: 'UMMS',
    content: mmsContentJson({ Subject: 'Spring', Text: 'Your order has shipped today', Images: ['F1'] }),
  },
  {
    channel: voiceChannel,
    actions: 'UVMS',
    content: voiceContentJson({
      TemplateName: 'Reminder',
      AudioId: 'VA1',
      AudioName: 'reminder.wav',
      Duration: 4000,
      CallPeriod: 'allDay',
    }),
  },
];

let server: SmsTestServer;
let user: { id: number; token: string };
let receiver: Server;
let base: string;
const received: { path: string; body: string }[] = [];
const BALANCE = 10_000_000;

beforeAll(async () => {
  server = await createSmsTestServer();
  server.deps.smsSettings.allowPrivateCallbacks = true;
  user = await createAccount(server, { smsBalance: BALANCE });
  for (const wallet of [mmsChannel.wallet, SUB_WALLET_TYPES.Voice])
    await server.deps.database.db.insert(wallets).values({ userId: user.id, productType: wallet, amount: BALANCE });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      response.statusCode = 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const call = <D = Record<string, unknown>>(action: string, input: Record<string, unknown> = {}) =>
  server.call<D>(action, input, user.token);

async function sendTask({ channel, content }: SettingsCase, phones: string[]) {
  const now = server.deps.clock.now();
  const task = await server.deps.database.db.transaction((tx) =>
    storeTask(
      tx,
      channel,
      user.id,
      {
        name: `Settings ${channel.id}`,
        templateId: 'UT1',
        templateName: 'Settings',
        content,
        variableCount: 0,
        countryCode: 'US',
        phonePrefix: '1',
        senderId: '',
        tags: [],
        projectId: 'default',
        sendType: 'immediate',
        sendAt: now,
        timeZone: 'UTC',
        trial: false,
        price: 100,
        recipients: phones.map((address) => ({ address, params: null, segments: 1 })),
        invalidCount: 0,
        duplicateCount: 0,
      },
      { groupSize: 4, now },
    ),
  );
  await enqueueAfterCommit(server.deps, QUEUE.taskParse, { taskId: task.id });
  return task;
}

type Body = { type: string; data: { TaskId: string; Reports: { Phone: string }[] } };

describe('callbacks per channel', () => {
  it('each channel keeps its own address and secret', async () => {
    const secrets = new Set<string>();
    for (const { channel, actions } of table) {
      const set = await call<{ Url: string; Secret: string; Enabled: boolean }>(`Set${actions}Callback`, {
        Url: `${base}/${channel.id}`,
      });
      expect(set.RetCode).toBe(0);
      expect(set.Data).toMatchObject({ Url: `${base}/${channel.id}`, Enabled: true });
      secrets.add(set.Data.Secret);
    }
    expect(secrets.size).toBe(table.length);
    for (const { channel, actions } of table)
      expect((await call(`Get${actions}Callback`)).Data).toMatchObject({ Url: `${base}/${channel.id}`, Secret: '' });
  });

  it('shows a secret once: in the reply that issues it, then only its end', async () => {
    const { channel, actions } = table[2];
    const first = await call<{ Secret: string; SecretEnd: string }>(`Set${actions}Callback`, {
      Url: `${base}/${channel.id}`,
    });
    // Issued by the first test's save already: a later save does not show it again.
    expect(first.Data.Secret).toBe('');
    const rotated = await call<{ Secret: string; SecretEnd: string }>(`Set${actions}Callback`, {
      Url: `${base}/${channel.id}`,
      RotateSecret: true,
    });
    expect(rotated.Data.Secret).toMatch(/^whsec_/);
    expect(rotated.Data.SecretEnd).toBe(rotated.Data.Secret.slice(-4));
    const read = await call<{ Secret: string; SecretEnd: string }>(`Get${actions}Callback`);
    expect(read.Data).toMatchObject({ Secret: '', SecretEnd: rotated.Data.SecretEnd });
    expect(
      (await call<{ Secret: string }>(`Set${actions}Callback`, { Url: `${base}/${channel.id}` })).Data.Secret,
    ).toBe('');
  });

  it('refuses a bad address on every channel, naming the field', async () => {
    for (const { actions } of table) {
      const reply = await call<{ Fields: { Field: string; Key: string }[] }>(`Set${actions}Callback`, {
        Url: 'not a url',
      });
      expect(reply.RetCode).toBe(RetCode.ValidationError);
      expect(reply.Data.Fields).toContainEqual({ Field: 'Url', Key: 'validation:callbackUrlInvalid' });
      expect((await call(`Set${actions}Callback`, { Url: base, Extra: 1 })).RetCode).toBe(RetCode.ValidationError);
    }
  });

  it.each(table)(
    "posts a $channel.id task's reports to the $channel.id address only",
    async (settings) => {
      const start = received.length;
      const task = await sendTask(settings, ['14155550100', '14155550101']);
      const bodies = await waitFor(
        async () => received.slice(start).filter((r) => (JSON.parse(r.body) as Body).data.TaskId === task.taskId),
        (list) => list.flatMap((r) => (JSON.parse(r.body) as Body).data.Reports).length >= 2,
        30_000,
      );
      for (const request of bodies) {
        expect(request.path).toBe(`/${settings.channel.id}`);
        expect((JSON.parse(request.body) as Body).type).toBe(`${settings.channel.id}.delivery_report`);
      }
      // The delivery's outcome is written after our receiver has answered, so it is read until it lands.
      const state = await waitFor(
        () => call<{ LastStatus: number; LastDeliveryTime: number }>(`Get${settings.actions}Callback`),
        (reply) => reply.Data.LastStatus !== 0,
        10_000,
      );
      expect(state.Data.LastStatus).toBe(200);
    },
    60_000,
  );

  it('sends nothing for a channel whose callback is removed, while the others still get theirs', async () => {
    const [sms, mms] = table;
    expect((await call(`Set${mms.actions}Callback`, { Url: '' })).Data).toMatchObject({ Url: '', Enabled: false });
    const start = received.length;
    const mmsTask = await sendTask(mms, ['14155550102']);
    const smsTask = await sendTask(sms, ['14155550103']);
    await waitFor(
      async () => received.slice(start).filter((r) => (JSON.parse(r.body) as Body).data.TaskId === smsTask.taskId),
      (list) => list.length >= 1,
      30_000,
    );
    expect(received.slice(start).map((r) => (JSON.parse(r.body) as Body).data.TaskId)).not.toContain(mmsTask.taskId);
    expect(received.slice(start).every((r) => r.path === `/${sms.channel.id}`)).toBe(true);
  }, 60_000);
});

describe('limits and alarm rules per channel', () => {
  it("counts only the channel's own sends", async () => {
    const counts = new Map<string, number>();
    for (const { channel, actions } of table) {
      const reply = await call<{ DailyCount: number; Configured: boolean }>(`Get${actions}LimitAlarmRule`);
      expect(reply.Data.Configured).toBe(false);
      counts.set(channel.id, reply.Data.DailyCount);
    }
    // the tasks above: sms 2 + 1, mms 2 + 1, voice 2
    expect(Object.fromEntries(counts)).toEqual({ sms: 3, mms: 3, voice: 2 });
  });

  it("blocks a task that passes its channel's limit, and no other channel's", async () => {
    const [sms, mms, voice] = table;
    const saved = await call<{ DailyLimit: number; Configured: boolean }>(`Create${mms.actions}LimitAlarmRule`, {
      DailyLimit: 4,
      MonthlyLimit: null,
      TotalLimit: null,
    });
    expect(saved.Data).toMatchObject({ DailyLimit: 4, Configured: true });
    const limits = (channel: string, adding: number) =>
      enforceLimits(
        { ...server.deps, db: server.deps.database.db },
        { id: user.id, timezone: 'UTC' },
        'en',
        adding,
        channel,
      );
    await expect(limits(mms.channel.id, 2)).rejects.toSatisfy(
      (error: unknown) => error instanceof ApiError && error.retCode === RetCode.SendLimitReached,
    );
    await expect(limits(mms.channel.id, 1)).resolves.toBeTruthy();
    await expect(limits(sms.channel.id, 100)).resolves.toBeTruthy();
    await expect(limits(voice.channel.id, 100)).resolves.toBeTruthy();
    for (const other of [sms, voice])
      expect((await call<{ Configured: boolean }>(`Get${other.actions}LimitAlarmRule`)).Data.Configured).toBe(false);
    // Update answers NotFound until the channel's limits exist
    expect(
      (await call(`Update${voice.actions}LimitAlarmRule`, { DailyLimit: 5, MonthlyLimit: null, TotalLimit: null }))
        .RetCode,
    ).toBe(RetCode.NotFound);
  });

  it("lists, edits and deletes only the channel's own alarm rules", async () => {
    const ids = new Map<string, string>();
    for (const { channel, actions } of table) {
      const created = await call<{ RuleId: string }>(`Create${actions}SendCountAlarmRule`, {
        Kind: 1,
        Period: 'day',
        Threshold: 1000,
      });
      expect(created.RetCode).toBe(0);
      ids.set(channel.id, created.Data.RuleId);
    }
    for (const { channel, actions } of table) {
      const rules = (await call<{ Rules: { RuleId: string }[] }>(`Describe${actions}SendCountAlarmRule`)).Data.Rules;
      expect(rules.map((r) => r.RuleId)).toEqual([ids.get(channel.id)]);
    }
    const [sms, mms] = table;
    const mmsRule = ids.get(mms.channel.id);
    expect((await call(`Delete${sms.actions}SendCountAlarmRule`, { RuleId: mmsRule })).RetCode).toBe(RetCode.NotFound);
    expect(
      (
        await call(`Update${sms.actions}SendCountAlarmRule`, {
          RuleId: mmsRule,
          Kind: 2,
          Period: 'month',
          Threshold: 5,
        })
      ).RetCode,
    ).toBe(RetCode.NotFound);
    expect((await call(`Delete${mms.actions}SendCountAlarmRule`, { RuleId: mmsRule })).RetCode).toBe(0);
    expect((await call<{ Rules: unknown[] }>(`Describe${mms.actions}SendCountAlarmRule`)).Data.Rules).toEqual([]);
  });
});
