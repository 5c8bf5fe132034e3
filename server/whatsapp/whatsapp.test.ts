import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import { freshTenant } from '../handlers/uploads/test-helpers';
import { waInboundMessages, waMessageStatuses, waWebhookEvents } from '../db/schema';
import { whatsappAppSecret, whatsappVerifyToken } from '../platforms/whatsapp/app-credentials';
import { sandboxCode, type SandboxBusinessKey } from '../platforms/whatsapp/sandbox-rules';
import {
  accountUpdateBody,
  deliverSandboxWebhook,
  feedbackBody,
  inboundMessageBody,
} from '../platforms/whatsapp/sandbox-webhooks';
import { signWhatsAppBody } from './webhook-signature';
import { connectSandboxWhatsApp, postWhatsAppWebhook } from '../whatsapp-send/wa-testkit';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { WA_NUMBER_STATUSES } from '../../src/gateway/contract/whatsapp';
import type { WaAccount, WaNumber } from '../../src/gateway/contract/actions/whatsapp';

// WhatsApp numbers end to end on the server: the sandbox sign-up and Cloud API over real HTTP (the test
// server listens on a port), the Actions, the signed webhook with replays, and tenant isolation.

let server: TestServer;
type Numbers = { Account: WaAccount | null; Numbers: WaNumber[] };
const fieldsOf = (data: unknown) => (data as { Fields?: { Field: string; Key: string }[] }).Fields ?? [];

beforeAll(async () => {
  server = await listenOnPublicUrl(await createTestServer());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function tenant() {
  const account = await freshTenant(server);
  const call = <D = Record<string, unknown>>(action: string, input: Record<string, unknown> = {}) =>
    server.api<D>(action, input, { token: account.token });
  return { ...account, call };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const connect = (owner: Tenant, business: SandboxBusinessKey) => connectSandboxWhatsApp(server, owner.token, business);
const postWebhook = (body: object, signature?: string) => postWhatsAppWebhook(server, body, signature);

const refOf = (account: WaAccount, n: WaNumber) => ({
  wabaId: account.WabaId,
  phoneNumberId: n.PhoneNumberId,
  displayPhone: n.DisplayPhone,
});

describe('the sandbox embedded sign-up', () => {
  it('shows the businesses and returns to the number page with a code, or with access_denied', async () => {
    const owner = await tenant();
    const { Data } = await owner.call<{ Url: string; State: string }>('GetWhatsAppSignUpUrl');
    const url = new URL(Data.Url);
    expect(url.pathname).toBe('/sandbox/whatsapp/signup');
    expect(url.searchParams.get('state')).toBe(Data.State);
    const page = await server.app.request(`${url.pathname}${url.search}`);
    expect(await page.text()).toContain('Sandbox Every Status');
    const decide = (decision: string, redirect = url.searchParams.get('redirect_uri')!) =>
      server.app.request('/sandbox/whatsapp/signup', {
        method: 'POST',
        body: new URLSearchParams({ business: 'shop', decision, state: Data.State, redirect_uri: redirect }),
      });
    const allowed = new URL((await decide('allow')).headers.get('location')!);
    expect(allowed.pathname).toBe('/whatsapp/number');
    expect(allowed.searchParams.get('code')).toBe(sandboxCode('shop', Data.State));
    const denied = new URL((await decide('cancel')).headers.get('location')!);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect((await decide('allow', 'https://evil.example/whatsapp/number')).status).toBe(400);
  });
});

describe('connecting and the numbers', () => {
  it('stores the business and its numbers with status, quality and tier; the token never leaves', async () => {
    const owner = await tenant();
    const data = await connect(owner, 'shop');
    expect(data.Account?.Name).toBe('Sandbox Shop');
    expect(data.Numbers.map((n) => [n.DisplayPhone, n.Status, n.Quality, n.Tier, n.Remaining])).toEqual([
      ['+1 555-010-0017', 'FLAGGED', 'yellow', 'unlimited', null],
      ['+1 555-010-0018', 'CONNECTED', 'red', '50', 50],
      ['+1 555-010-0040', 'CONNECTED', 'green', '100K', 100_000],
    ]);
    const listed = await owner.call<Numbers>('ListWhatsAppNumber');
    expect(JSON.stringify(listed)).not.toContain('sbxtok');
    expect(listed.Data.Numbers).toHaveLength(3);
  });

  it('makes every status of spec 001 §4 on purpose', async () => {
    const data = await connect(await tenant(), 'every');
    expect(data.Numbers.map((n) => n.Status)).toEqual([...WA_NUMBER_STATUSES]);
  });

  it('refuses a used, foreign or stale state, an expired code, and bad input', async () => {
    const owner = await tenant();
    const other = await tenant();
    const { Data } = await owner.call<{ State: string }>('GetWhatsAppSignUpUrl');
    const foreign = await other.call('ConnectWhatsAppAccount', {
      Code: sandboxCode('shop', Data.State),
      State: Data.State,
    });
    expect(foreign.RetCode).toBe(RetCode.WhatsAppSignUpExpired);
    expect(fieldsOf(foreign.Data)).toEqual([{ Field: 'State', Key: 'validation:waStateInvalid' }]);
    const expired = await owner.call('ConnectWhatsAppAccount', { Code: 'sbx-shop-expired123', State: Data.State });
    expect(expired.RetCode).toBe(RetCode.WhatsAppSignUpRefused);
    expect(fieldsOf(expired.Data)).toEqual([{ Field: 'Code', Key: 'validation:waCodeRefused' }]);
    const reused = await owner.call('ConnectWhatsAppAccount', {
      Code: sandboxCode('shop', Data.State),
      State: Data.State,
    });
    expect(reused.RetCode).toBe(RetCode.WhatsAppSignUpExpired);
    const stale = await owner.call<{ State: string }>('GetWhatsAppSignUpUrl');
    server.clock.advance(31 * 60 * 1000);
    const late = await owner.call('ConnectWhatsAppAccount', {
      Code: sandboxCode('shop', stale.Data.State),
      State: stale.Data.State,
    });
    expect(late.RetCode).toBe(RetCode.WhatsAppSignUpExpired);
    const unknownField = await owner.call('ConnectWhatsAppAccount', {
      Code: 'abcd',
      State: stale.Data.State,
      Extra: 1,
    });
    expect(unknownField.RetCode).toBe(RetCode.ValidationError);
    const badCode = await owner.call('ConnectWhatsAppAccount', { Code: 'a b', State: stale.Data.State });
    expect(fieldsOf(badCode.Data).map((f) => f.Field)).toEqual(['Code']);
    expect(badCode.status).toBeLessThan(500);
  });

  it('never connects a business account another Herald account holds', async () => {
    const first = await tenant();
    const second = await tenant();
    const { Data } = await first.call<{ State: string }>('GetWhatsAppSignUpUrl');
    const code = sandboxCode('shop', Data.State);
    expect((await first.call('ConnectWhatsAppAccount', { Code: code, State: Data.State })).RetCode).toBe(0);
    const mine = await second.call<{ State: string }>('GetWhatsAppSignUpUrl');
    const taken = await second.call('ConnectWhatsAppAccount', { Code: code, State: mine.Data.State });
    expect(taken.RetCode).toBe(RetCode.WhatsAppAccountTaken);
    expect((await second.call<Numbers>('ListWhatsAppNumber')).Data).toEqual({ Account: null, Numbers: [] });
  });

  it('refreshes from the platform, and disconnects', async () => {
    const owner = await tenant();
    const data = await connect(owner, 'shop');
    const n40 = data.Numbers.find((n) => n.DisplayPhone.endsWith('40'))!;
    expect((await postWebhook(accountUpdateBody(refOf(data.Account!, n40), 'BANNED'))).status).toBe(200);
    const banned = await owner.call<Numbers>('ListWhatsAppNumber');
    expect(banned.Data.Numbers.find((n) => n.PhoneNumberId === n40.PhoneNumberId)?.Status).toBe('BANNED');
    const refreshed = await owner.call<Numbers>('RefreshWhatsAppNumber', { PhoneNumberId: n40.PhoneNumberId });
    expect(refreshed.Data.Numbers.find((n) => n.PhoneNumberId === n40.PhoneNumberId)?.Status).toBe('CONNECTED');
    expect((await owner.call('RefreshWhatsAppNumber', { PhoneNumberId: '999999999' })).RetCode).toBe(RetCode.NotFound);
    expect((await owner.call('DisconnectWhatsAppAccount')).RetCode).toBe(0);
    expect((await owner.call<Numbers>('ListWhatsAppNumber')).Data).toEqual({ Account: null, Numbers: [] });
    expect((await owner.call('RefreshWhatsAppNumber')).RetCode).toBe(RetCode.WhatsAppAccountMissing);
  });
});

describe('the WhatsApp webhook', () => {
  it('answers the verify handshake only with the verify token', async () => {
    const token = await whatsappVerifyToken(server.deps.database.db, server.deps.config);
    const ok = await server.app.request(
      `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`,
    );
    expect([ok.status, await ok.text()]).toEqual([200, '42']);
    const bad = await server.app.request(
      '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=42',
    );
    expect(bad.status).toBe(403);
  });

  it('refuses a bad signature with 401 and stores nothing; stores a replayed message once', async () => {
    const owner = await tenant();
    const data = await connect(owner, 'shop');
    const body = inboundMessageBody(
      refOf(data.Account!, data.Numbers[2]),
      '8613800000000',
      '李雷',
      'Hi 你好',
      server.clock.now(),
    );
    const wamid = body.entry[0].changes[0].value.messages[0].id;
    const stored = () =>
      server.deps.database.db.select().from(waInboundMessages).where(eq(waInboundMessages.wamid, wamid));
    expect((await postWebhook(body, 'sha256=' + '0'.repeat(64))).status).toBe(401);
    expect((await postWebhook(body, 'nope')).status).toBe(401);
    expect(await stored()).toHaveLength(0);
    expect(await (await postWebhook(body)).json()).toMatchObject({ handled: 1, replayed: 0 });
    expect(await (await postWebhook(body)).json()).toMatchObject({ handled: 0, replayed: 1 });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: owner.id,
      waId: '8613800000000',
      profileName: '李雷',
      text: 'Hi 你好',
      type: 'text',
    });
  });

  it('answers 400 to a signed body that is not JSON and 413 to one over 1 MiB', async () => {
    const secret = await whatsappAppSecret(server.deps.database.db, server.deps.config);
    const post = (raw: string) =>
      server.app.request('/webhooks/whatsapp', {
        method: 'POST',
        headers: { 'x-hub-signature-256': signWhatsAppBody(secret, raw) },
        body: raw,
      });
    expect((await post('not json')).status).toBe(400);
    expect((await post('{"entry": 1}')).status).toBe(400);
    expect((await post('x'.repeat(1_048_577))).status).toBe(413);
  });

  it("never attaches another account's number id", async () => {
    const a = await tenant();
    const b = await tenant();
    const dataA = await connect(a, 'shop');
    const dataB = await connect(b, 'shop');
    // A's business account, B's number
    const body = inboundMessageBody(
      { wabaId: dataA.Account!.WabaId, phoneNumberId: dataB.Numbers[0].PhoneNumberId, displayPhone: '+0 000' },
      '15550001111',
      'Mallory',
      'should not land',
      server.clock.now(),
    );
    expect(await (await postWebhook(body)).json()).toMatchObject({ handled: 0, ignored: 1 });
    const rows = await server.deps.database.db
      .select()
      .from(waInboundMessages)
      .where(eq(waInboundMessages.wamid, body.entry[0].changes[0].value.messages[0].id));
    expect(rows).toHaveLength(0);
    expect((await b.call<Numbers>('ListWhatsAppNumber')).Data.Numbers.map((n) => n.PhoneNumberId)).not.toContain(
      dataA.Numbers[0].PhoneNumberId,
    );
    const foreign = await b.call('RefreshWhatsAppNumber', { PhoneNumberId: dataA.Numbers[0].PhoneNumberId });
    expect(foreign.RetCode).toBe(RetCode.NotFound);
  });

  it('counts opened conversations against the tier and blocks against the quality', async () => {
    const owner = await tenant();
    const data = await connect(owner, 'shop');
    const n18 = data.Numbers.find((n) => n.DisplayPhone.endsWith('18'))!; // tier 50
    const n40 = data.Numbers.find((n) => n.DisplayPhone.endsWith('40'))!; // green
    const statusBody = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: data.Account!.WabaId,
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: n18.PhoneNumberId },
                statuses: [
                  {
                    id: 'wamid.OUT1',
                    status: 'sent',
                    timestamp: String(Math.floor(server.clock.nowMs() / 1000)),
                    recipient_id: '15550002222',
                    conversation: { id: 'CONV1', origin: { type: 'marketing' } },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    await postWebhook(statusBody);
    const after = await owner.call<Numbers>('ListWhatsAppNumber');
    expect(after.Data.Numbers.find((n) => n.PhoneNumberId === n18.PhoneNumberId)?.Remaining).toBe(49);
    const statuses = await server.deps.database.db
      .select()
      .from(waMessageStatuses)
      .where(eq(waMessageStatuses.wamid, 'wamid.OUT1'));
    expect(statuses).toMatchObject([{ status: 'sent', origin: 'marketing', userId: owner.id }]);
    await postWebhook(feedbackBody(refOf(data.Account!, n40), '15550003333', 'block', server.clock.now()));
    const blocked = await owner.call<Numbers>('ListWhatsAppNumber');
    expect(blocked.Data.Numbers.find((n) => n.PhoneNumberId === n40.PhoneNumberId)?.Quality).toBe('red');
  });

  it('the sandbox signs its webhooks and retries until the gateway takes one', async () => {
    const owner = await tenant();
    const data = await connect(owner, 'shop');
    const body = inboundMessageBody(
      refOf(data.Account!, data.Numbers[0]),
      '15550004444',
      'Ann',
      'retry me',
      server.clock.now(),
    );
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      calls += 1;
      if (calls === 1) return new Response('down', { status: 503 });
      return fetch(input, init);
    };
    expect(await deliverSandboxWebhook(server.deps, body, { retryMs: [5, 5], fetch: flaky })).toEqual({
      attempts: 2,
      delivered: true,
    });
    const keys = await server.deps.database.db.select().from(waWebhookEvents);
    expect(keys.length).toBeGreaterThan(0);
    const dev = await server.app.request('/dev/whatsapp/event', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumberId: data.Numbers[0].PhoneNumberId, event: 'message', text: 'from /dev' }),
    });
    expect(await dev.json()).toEqual({ attempts: 1, delivered: true });
    const texts = await server.deps.database.db
      .select({ text: waInboundMessages.text })
      .from(waInboundMessages)
      .where(eq(waInboundMessages.userId, owner.id));
    expect(texts.map((t) => t.text).sort()).toEqual(['from /dev', 'retry me']);
  });
});
