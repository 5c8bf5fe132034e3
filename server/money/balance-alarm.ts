import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { balanceAlarms, payments, users, wallets } from '../db/schema';
import type { BalanceAlarm } from '../../src/gateway/contract/billing/usage';
import { availableUnits, formatMoney } from '../../src/gateway/contract/money';
import { translate } from '../messages';
import { startCardPayment, type MoneyDeps } from './card-payments';
import { defaultCard } from './cards';

// The low-balance alarm. A crossing is the available balance going from at-or-above the threshold to
// below it: one e-mail per crossing, and (when set) one auto-recharge from the default card keyed by the
// crossing's number, so a sweep that runs twice, or a declined card, never charges again until the
// balance has recovered above the threshold and fallen once more.

type AlarmRow = typeof balanceAlarms.$inferSelect;
const WALLET_NAME: Record<number, string> = { 0: 'main', 9: 'SMS', 6003: 'voice', 6011: 'e-mail', 6026: 'ads' };

export async function alarmView(db: Db, userId: number): Promise<BalanceAlarm> {
  const [row] = await db.select().from(balanceAlarms).where(eq(balanceAlarms.userId, userId));
  if (!row)
    return {
      Enabled: false,
      ProductType: 0,
      Threshold: 0,
      AutoRecharge: false,
      AutoRechargeAmount: 0,
      Below: false,
      LastAlertTime: null,
      LastAutoRechargeStatus: null,
    };
  const [last] = row.lastPaymentId
    ? await db.select({ status: payments.status }).from(payments).where(eq(payments.id, row.lastPaymentId))
    : [];
  return {
    Enabled: row.enabled,
    ProductType: row.walletType,
    Threshold: row.threshold,
    AutoRecharge: row.autoRecharge,
    AutoRechargeAmount: row.autoRechargeAmount,
    Below: row.below,
    LastAlertTime: row.lastAlertAt ? Math.floor(row.lastAlertAt.getTime() / 1000) : null,
    LastAutoRechargeStatus: (last?.status as BalanceAlarm['LastAutoRechargeStatus']) ?? null,
  };
}

export async function saveAlarm(
  deps: MoneyDeps,
  userId: number,
  input: { enabled: boolean; walletType: number; threshold: number; autoRecharge: boolean; autoRechargeAmount: number },
): Promise<BalanceAlarm> {
  const now = deps.clock.now();
  // A changed rule starts afresh: the next sweep judges the balance against it.
  const values = { ...input, below: false, updatedAt: now };
  await deps.database.db
    .insert(balanceAlarms)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: balanceAlarms.userId, set: values });
  await checkBalanceAlarm(deps, userId);
  return alarmView(deps.database.db, userId);
}

async function availableOf(db: Db, userId: number, walletType: number): Promise<number> {
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, walletType)));
  return wallet
    ? availableUnits({
        Amount: wallet.amount,
        AmountFree: wallet.amountFree,
        AmountCredit: wallet.amountCredit,
        AmountFreeze: wallet.amountFreeze,
      })
    : 0;
}

/** Judges one account's alarm now; returns 'alerted' when this call opened a crossing. */
export async function checkBalanceAlarm(deps: MoneyDeps, userId: number): Promise<'alerted' | 'none'> {
  const db = deps.database.db;
  const [alarm] = await db.select().from(balanceAlarms).where(eq(balanceAlarms.userId, userId));
  if (!alarm?.enabled) return 'none';
  const available = await availableOf(db, userId, alarm.walletType);
  if (available >= alarm.threshold) {
    if (alarm.below) await db.update(balanceAlarms).set({ below: false }).where(eq(balanceAlarms.userId, userId));
    return 'none';
  }
  if (alarm.below) return 'none';
  // Claim the crossing: only one sweep (of any process) wins the below=false -> true change.
  const [claimed] = await db
    .update(balanceAlarms)
    .set({ below: true, crossing: alarm.crossing + 1, lastAlertAt: deps.clock.now() })
    .where(
      and(eq(balanceAlarms.userId, userId), eq(balanceAlarms.below, false), eq(balanceAlarms.crossing, alarm.crossing)),
    )
    .returning();
  if (!claimed) return 'none';
  await alert(deps, claimed, available);
  return 'alerted';
}

async function alert(deps: MoneyDeps, alarm: AlarmRow, available: number): Promise<void> {
  const db = deps.database.db;
  let autoRecharge = '';
  if (alarm.autoRecharge && alarm.autoRechargeAmount > 0) {
    const card = await defaultCard(db, alarm.userId);
    if (card) {
      const key = `auto-recharge-${alarm.userId}-${alarm.crossing}`;
      const payment = await startCardPayment(deps, {
        userId: alarm.userId,
        kind: 'auto_recharge',
        walletType: alarm.walletType,
        amount: alarm.autoRechargeAmount,
        providerPmId: card.providerPmId,
        idempotencyKey: key,
        requestHash: key,
        purpose: { alarmCrossing: alarm.crossing },
      }).catch((error: unknown) => {
        console.error(`[billing] auto-recharge ${key}`, error);
        return null;
      });
      if (payment) {
        await db.update(balanceAlarms).set({ lastPaymentId: payment.id }).where(eq(balanceAlarms.userId, alarm.userId));
        autoRecharge = formatMoney(alarm.autoRechargeAmount);
      }
    }
  }
  const [user] = await db.select().from(users).where(eq(users.id, alarm.userId));
  if (!user) return;
  const lang = 'en';
  const link = `${deps.config.publicUrl ?? ''}/bill/management`;
  const text = [
    translate('mail:balanceAlarmText', lang, {
      wallet: WALLET_NAME[alarm.walletType] ?? String(alarm.walletType),
      balance: formatMoney(available),
      threshold: formatMoney(alarm.threshold),
      link,
    }),
    autoRecharge ? translate('mail:balanceAlarmAutoRecharge', lang, { amount: autoRecharge }) : '',
  ]
    .filter(Boolean)
    .join('\n');
  await deps.messenger
    .sendMail({ to: user.email, subject: translate('mail:balanceAlarmSubject', lang), text })
    .catch((error: unknown) => console.error('[billing] balance alarm mail', error));
}

/** The sweep: every enabled alarm, judged once. */
export async function sweepBalanceAlarms(deps: MoneyDeps): Promise<number> {
  const enabled = await deps.database.db
    .select({ userId: balanceAlarms.userId })
    .from(balanceAlarms)
    .where(eq(balanceAlarms.enabled, true));
  let alerted = 0;
  for (const { userId } of enabled) if ((await checkBalanceAlarm(deps, userId)) === 'alerted') alerted++;
  return alerted;
}
