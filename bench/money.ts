// Money-in figures (issue 10), in-process against the real gateway app on a PGlite snapshot, with the
// sandbox provider's webhooks over real HTTP to the gateway's own endpoint, every one delivered twice:
// 200 concurrent card top-ups across 20 accounts, each sent twice with the same idempotency key (a
// retry), on a mix of cards (succeeds, declined, fails later by webhook). Prints the counts: the ledger
// sum against the balance of every wallet, and charges against successful payments. Figures, never
// assertions.
import { pathToFileURL } from 'node:url';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { ledger, payments, wallets } from '../server/db/schema';
import { ledgerSum } from '../server/money/ledger';
import { reconcilePayments } from '../server/money/card-payments';
import { FAILS_LATER_MS } from '../server/providers/payments/sandbox';
import { sandboxPayIntents } from '../server/providers/payments/sandbox-schema';
import {
  bindCard,
  idemKey,
  moneyAccount,
  startMoneyServer,
  webhooksDelivered,
  type MoneyAccount,
} from '../server/money/money-in.testkit';
import type { Payment } from '../src/gateway/contract/billing/payments';

const ACCOUNTS = 20;
const RECHARGES = 200;

export async function benchMoney(): Promise<Record<string, string | number>> {
  const server = await startMoneyServer({ deliveries: 2 });
  try {
    const db = server.deps.database.db;
    const accounts: (MoneyAccount & { pm: string })[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const account = await moneyAccount(server);
      const number = i % 10 === 7 ? '4000000000000002' : i % 10 === 8 ? '4000000000000341' : '4242424242424242';
      accounts.push({ ...account, pm: (await bindCard(server, account, number)).Card.PaymentMethodId });
    }
    const started = performance.now();
    const calls = Array.from({ length: RECHARGES }, (_, n) => {
      const account = accounts[n % ACCOUNTS];
      const input = {
        Amount: 500_000 + (n % 7) * 10_000,
        ProductType: n % 3 === 0 ? 9 : 0,
        PaymentMethodId: account.pm,
        IdempotencyKey: idemKey(),
      };
      // the call and its retry, at once
      return [account.api<Payment>('CreateInpourPayment', input), account.api<Payment>('CreateInpourPayment', input)];
    }).flat();
    const replies = await Promise.all(calls);
    const callsMs = performance.now() - started;
    await webhooksDelivered(server);
    server.clock.advance(FAILS_LATER_MS + 60_000);
    await reconcilePayments(server.deps);
    await webhooksDelivered(server);
    server.clock.reset();

    const ids = accounts.map((a) => a.id);
    const byStatus = await db
      .select({ status: payments.status, n: sql<string>`count(*)` })
      .from(payments)
      .where(inArray(payments.userId, ids))
      .groupBy(payments.status);
    const count = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
    const [charges] = await db
      .select({ n: sql<string>`count(*)` })
      .from(sandboxPayIntents)
      .where(
        and(
          inArray(
            sandboxPayIntents.customer,
            ids.map((id) => `user:${id}`),
          ),
          eq(sandboxPayIntents.status, 'succeeded'),
        ),
      );
    const [credits] = await db
      .select({ n: sql<string>`count(*)` })
      .from(ledger)
      .where(and(inArray(ledger.userId, ids), like(ledger.uniqueKey, 'payment:%')));
    let walletsChecked = 0;
    let walletsEqual = 0;
    for (const wallet of await db.select().from(wallets).where(inArray(wallets.userId, ids))) {
      walletsChecked++;
      if ((await ledgerSum(db, wallet.userId, wallet.productType)) === wallet.amount + wallet.amountFree)
        walletsEqual++;
    }
    return {
      'money-in: concurrent CreateInpourPayment calls (200 top-ups, each retried)': calls.length,
      'money-in: wall time of the calls (ms)': Math.round(callsMs),
      'money-in: replies with RetCode 0': replies.filter((r) => r.RetCode === 0).length,
      'money-in: distinct payments answered': new Set(replies.map((r) => r.Data?.PaymentId)).size,
      'money-in: payments succeeded / failed / open': `${count('succeeded')} / ${count('failed')} / ${count('processing') + count('requires_action')}`,
      'money-in: card charges at the provider (succeeded intents)': Number(charges.n),
      'money-in: wallet credits in the ledger': Number(credits.n),
      'money-in: charges = successful payments = credits':
        Number(charges.n) === count('succeeded') && count('succeeded') === Number(credits.n) ? 'yes' : 'NO',
      'money-in: wallets with ledger sum = balance': `${walletsEqual} of ${walletsChecked}`,
    };
  } finally {
    await server.stopHttp();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchMoney();
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(72)} ${value}`);
}
