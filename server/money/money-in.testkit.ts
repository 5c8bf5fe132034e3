// Shared set-up of the money-in tests: a test server whose sandbox provider posts its webhooks over
// real HTTP to the gateway's own endpoint, accounts with tokens, and the console's card-binding steps.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../testing/harness';
import { createPlanAccount } from '../db/seed-fixtures';
import { issueTokens } from '../auth/sessions';
import { users, wallets } from '../db/schema';
import { sandboxFor, setPaymentsWebhookUrl, WEBHOOK_PATH } from '../providers/payments';
import { MAIN_WALLET } from './ledger';

export interface MoneyTestServer extends TestServer {
  stopHttp: () => Promise<void>;
}

export async function startMoneyServer(): Promise<MoneyTestServer> {
  const server = await createTestServer();
  let http!: ReturnType<typeof serve>;
  const port = await new Promise<number>((resolve) => {
    http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });
  setPaymentsWebhookUrl(server.deps, `http://127.0.0.1:${port}${WEBHOOK_PATH}`);
  return { ...server, stopHttp: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}

let accounts = 0;
export async function moneyAccount(server: TestServer, options: { type?: number; keys?: string[] } = {}) {
  accounts += 1;
  const db = server.deps.database.db;
  const email = `money-in-${accounts}-${process.pid}-${Date.now()}@example.com`;
  const id = await createPlanAccount(db, server.clock, email, { balance: 0, upgraded: false, type: options.type }, 'x');
  if (options.keys) await db.update(users).set({ extraPermissions: options.keys }).where(eq(users.id, id));
  const token = (await issueTokens(db, server.clock, id)).AccessToken;
  const api = <D = Record<string, unknown>>(action: string, input: Record<string, unknown> = {}) =>
    server.api<D>(action, input, { token });
  return { id, email, api };
}
export type MoneyAccount = Awaited<ReturnType<typeof moneyAccount>>;

/** What the console does to save a card: setup intent, the card to the provider, confirm. */
export async function bindCard(server: TestServer, account: MoneyAccount, number = '4242424242424242') {
  const setup = await account.api<{ SetupIntentId: string; ClientSecret: string; ProviderUrl: string }>(
    'CreateSetupIntent',
  );
  const response = await server.app.request(
    `${setup.Data.ProviderUrl}/setup_intents/${setup.Data.SetupIntentId}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_secret: setup.Data.ClientSecret,
        number,
        exp_month: 12,
        exp_year: 2099,
        cvc: '123',
        name: 'Test Holder',
      }),
    },
  );
  if (!response.ok) throw new Error(`provider refused the card: ${await response.text()}`);
  const confirmed = await account.api<{ Card: { PaymentMethodId: string }; Upgraded: boolean; FreezeAmount: number }>(
    'ConfirmCardSetup',
    { SetupIntentId: setup.Data.SetupIntentId },
  );
  if (confirmed.RetCode !== 0) throw new Error(`ConfirmCardSetup: ${confirmed.Message}`);
  return confirmed.Data;
}

export async function mainWallet(server: TestServer, userId: number) {
  return (await server.deps.database.db.select().from(wallets).where(eq(wallets.userId, userId))).find(
    (w) => w.productType === MAIN_WALLET,
  );
}

/** Waits until every webhook the sandbox sent so far has been delivered and answered. */
export const webhooksDelivered = (server: TestServer) => sandboxFor(server.deps)!.idle();

let keys = 0;
export const idemKey = () => `key-${process.pid}-${Date.now()}-${++keys}`;
