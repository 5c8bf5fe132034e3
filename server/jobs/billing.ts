import type { ServerDeps } from '../context';
import { releaseDueFreezes } from '../money/freezes';
import { reconcilePayments } from '../money/card-payments';
import { sweepBalanceAlarms } from '../money/balance-alarm';

// Billing's scheduled work, run by every worker process: release card-check holds that are due,
// reconcile card payments left processing (a lost webhook, a crash before the ledger write), and judge
// the balance alarms. Each step is idempotent (guarded updates, keyed ledger moves), so two workers
// running it at once do the work once.

export const BILLING_SWEEP_MS = Number(process.env.HERALD_BILLING_SWEEP_MS ?? 30_000);

export async function sweepBilling(runtime: { deps: ServerDeps }): Promise<void> {
  const deps = runtime.deps;
  for (const [name, step] of [
    ['freezes', () => releaseDueFreezes(deps)],
    ['reconcile', () => reconcilePayments(deps)],
    ['alarms', () => sweepBalanceAlarms(deps)],
  ] as const) {
    await step().catch((error: unknown) => console.error(`[jobs] billing ${name}`, error));
  }
}

export function startBillingSweeps(runtime: { deps: ServerDeps }): NodeJS.Timeout {
  void sweepBilling(runtime);
  const timer = setInterval(() => void sweepBilling(runtime), BILLING_SWEEP_MS);
  timer.unref();
  return timer;
}
