// Plans and money figures (issue 3), in-process against the real gateway app on a PGlite snapshot:
// 1. from the first GetUserInfo to the banner and welcome decision, with the plan asked for in the
//    same round trip (the console prefetches it beside GetUserInfo);
// 2. 100 parallel BuySubscriptionPackage calls with one IdempotencyKey: how many charges, and the
//    ledger sum against the balance. Figures, never assertions.
import { pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createTestServer } from '../server/testing/harness';
import { createPlanAccount } from '../server/db/seed-fixtures';
import { issueTokens } from '../server/auth/sessions';
import { ledger } from '../server/db/schema';
import { ledgerSum } from '../server/money/ledger';
import { UNITS } from '../server/db/seed';
import { subscriptionMachine, type PlanData } from '../src/machines/subscription.machine';
import type { BuyRecord, SubscriptionPackage } from '../src/gateway/contract/actions/subscriptions';

const PARALLEL_BUYS = 100;
const DECISION_RUNS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchPlans(): Promise<Record<string, string | number>> {
  const server = await createTestServer();
  try {
    const db = server.deps.database.db;
    const newAccount = async (email: string, balance: number) => {
      const id = await createPlanAccount(db, server.clock, email, { upgraded: false, balance }, 'bench-no-password');
      return { id, token: (await issueTokens(db, server.clock, id)).AccessToken };
    };
    const api = async <D>(token: string, action: string, input: Record<string, unknown> = {}) => {
      const reply = await server.api<D>(action, input, { token });
      if (reply.RetCode !== 0) throw new Error(`${action}: ${reply.RetCode} ${reply.Message}`);
      return reply.Data;
    };

    // 1. the decision: GetUserInfo, records and packages in one parallel wave, then the machine
    const decisionMs: number[] = [];
    let decided = '';
    const newcomer = await newAccount(`bench-plan-none-${Date.now()}@example.com`, 0);
    for (let run = 0; run < DECISION_RUNS; run++) {
      const started = performance.now();
      const [, records, packages] = await Promise.all([
        api(newcomer.token, 'GetUserInfo'),
        api<{ Records: BuyRecord[] }>(newcomer.token, 'DescribeSubscriptionBuyRecord', {
          NumPerPage: 10,
          OrderBy: 'CreateTime',
          OrderType: 'desc',
        }),
        api<{ Packages: SubscriptionPackage[] }>(newcomer.token, 'DescribeSubscriptionPackage'),
      ]);
      const plan: PlanData = { records: records.Records, packages: packages.Packages };
      const actor = createActor(subscriptionMachine.provide({ actors: { loadPlan: fromPromise(async () => plan) } }), {
        input: {},
      }).start();
      const snapshot = await waitFor(actor, (s) => s.matches('ready'));
      decisionMs.push(performance.now() - started);
      decided = `${JSON.stringify(snapshot.value)}`;
      actor.stop();
    }

    // 2. one key, 100 parallel buys
    const buyer = await newAccount(`bench-plan-buyer-${Date.now()}@example.com`, 1_000 * UNITS);
    const key = `bench-${Date.now()}`;
    const buysStarted = performance.now();
    const replies = await Promise.all(
      Array.from({ length: PARALLEL_BUYS }, () =>
        server.api<{ Record: { Id: number } }>(
          'BuySubscriptionPackage',
          { SubscriptionNo: 'growth', PeriodUnit: 'month', IdempotencyKey: key },
          { token: buyer.token },
        ),
      ),
    );
    const buysMs = performance.now() - buysStarted;
    const balance = await api<{ Amount: number; AmountFree: number }>(buyer.token, 'GetBalance');
    const charges = await db
      .select({ id: ledger.id })
      .from(ledger)
      .where(and(eq(ledger.userId, buyer.id), eq(ledger.billType, 'deduct')));
    const sum = await ledgerSum(db, buyer.id);

    return {
      'plans: GetUserInfo → banner decision (median ms, in-process)': Math.round(median(decisionMs) * 10) / 10,
      'plans: round trips before the decision': 1,
      'plans: decided state for a new account': decided,
      'money: parallel BuySubscriptionPackage calls (one key)': PARALLEL_BUYS,
      'money: replies with RetCode 0': replies.filter((r) => r.RetCode === 0).length,
      'money: distinct purchase records answered': new Set(replies.map((r) => r.Data?.Record?.Id)).size,
      'money: charges in the ledger': charges.length,
      'money: 100 buys wall time (ms)': Math.round(buysMs),
      'money: GetBalance Amount+AmountFree (units)': balance.Amount + balance.AmountFree,
      'money: ledger sum (units)': sum,
      'money: ledger sum = balance': sum === balance.Amount + balance.AmountFree ? 'yes' : 'NO',
    };
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchPlans();
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(64)} ${value}`);
}
