// Shared set-up of the server tests of WhatsApp against the gateway's sandbox Cloud API (whatsapp-send/*.test.ts,
// whatsapp/whatsapp.test.ts, inbox/inbox.test.ts, inbox/template-reply.test.ts): the SMS kernel's test server
// listening at its publicUrl, a funded account, a connected sandbox WhatsApp Business account, a signed
// webhook and an APPROVED template.
import { createAccount, createSmsTestServer, type SmsTestServer } from '../handlers/sms/sms-test-helpers';
import type { TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import type { SmsJobSettings } from '../sms/settings';
import { waTemplates, wallets } from '../db/schema';
import { MAIN_WALLET } from '../money/ledger';
import { whatsappAppSecret } from '../platforms/whatsapp/app-credentials';
import { sandboxCode, type SandboxBusinessKey } from '../platforms/whatsapp/sandbox-rules';
import { signWhatsAppBody } from '../whatsapp/webhook-signature';
import type { WaAccount, WaNumber } from '../../src/gateway/contract/actions/whatsapp';

/** The SMS test server (real pg-boss jobs) listening at config.publicUrl; its close stops both. */
export async function startWaTestServer(settings: Partial<SmsJobSettings> = {}): Promise<SmsTestServer> {
  return listenOnPublicUrl(await createSmsTestServer(settings));
}

export type WaCall = <D = Record<string, unknown>>(
  action: string,
  input?: Record<string, unknown>,
) => Promise<{ RetCode: number; Data: D }>;

/** A new account with `amount` in its main wallet (WhatsApp conversations are paid from it). */
export async function fundedAccount(server: TestServer, amount = 1_000_000) {
  const user = await createAccount(server);
  await server.deps.database.db.insert(wallets).values({ userId: user.id, productType: MAIN_WALLET, amount });
  const call: WaCall = (action, input = {}) => server.api(action, input, { token: user.token });
  return { ...user, call };
}

/**
 * The console's connect steps for a sandbox business (sandbox-rules.ts): its WhatsApp Business account and
 * numbers. `shop`'s number ending 40 is CONNECTED on the 100K tier, 18 on the 50 tier, 17 FLAGGED.
 */
export async function connectSandboxWhatsApp(server: TestServer, token: string, business: SandboxBusinessKey = 'shop') {
  const { Data } = await server.api<{ State: string }>('GetWhatsAppSignUpUrl', {}, { token });
  const connected = await server.api<{ Account: WaAccount; Numbers: WaNumber[] }>(
    'ConnectWhatsAppAccount',
    { Code: sandboxCode(business, Data.State), State: Data.State },
    { token },
  );
  if (connected.RetCode !== 0)
    throw new Error(`ConnectWhatsAppAccount answered ${connected.RetCode}: ${connected.Message}`);
  const { Account, Numbers } = connected.Data;
  const numberEnding = (suffix: string) => Numbers.find((n) => n.PhoneNumberId.endsWith(suffix))!;
  return { Account, Numbers, numberEnding };
}

/** A Cloud API webhook POSTed to /webhooks/whatsapp, signed with the app secret unless `signature` is given. */
export async function postWhatsAppWebhook(server: TestServer, body: object, signature?: string) {
  const raw = JSON.stringify(body);
  const secret = await whatsappAppSecret(server.deps.database.db, server.deps.config);
  return server.app.request('/webhooks/whatsapp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? signWhatsAppBody(secret, raw) },
    body: raw,
  });
}

type TemplateRow = typeof waTemplates.$inferInsert;

/**
 * A text template stored as the platform approved it (no review wait): UTILITY, en, body
 * `Hello {{1}}, your order is ready.`; `overrides` change any column (a status other than APPROVED too).
 */
export async function approvedTemplate(
  server: TestServer,
  owner: { userId: number; wabaId: string },
  overrides: Partial<TemplateRow> = {},
) {
  const now = server.deps.clock.now();
  const name = overrides.name ?? 'order_ready';
  const status = overrides.status ?? 'APPROVED';
  const [row] = await server.deps.database.db
    .insert(waTemplates)
    .values({
      templateId: `WT${owner.userId}x${name.replace(/_/g, '')}${status}`,
      userId: owner.userId,
      wabaId: owner.wabaId,
      name,
      language: 'en',
      category: 'UTILITY',
      type: 'Text',
      headerFormat: 'NONE',
      headerText: '',
      headerSample: '',
      headerMediaFileId: '',
      body: 'Hello {{1}}, your order is ready.',
      bodySamples: ['Ann'],
      footer: '',
      buttonKind: 'NONE',
      buttons: [],
      status,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  return row;
}
