import { and, eq, gt, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { waAccounts, waNumberSignals, waNumbers } from '../db/schema';
import { unix } from '../lib/time';
import type { WhatsAppPhoneNumber } from '../platforms/whatsapp/platform';
import type { WaAccount, WaNumber } from '../../src/gateway/contract/actions/whatsapp';
import { WA_QUALITIES, WA_TIERS, type WaQuality, type WaTier } from '../../src/gateway/contract/whatsapp';
import { QUALITY_WINDOW_MS, qualityRating, remainingConversations, upgradedTier } from './quality-tier';

// The account's numbers as Herald keeps them: the platform's reading, with the quality Herald computes
// from its own signals once it has any in the last 7 days, and the tier's room now.

type AccountRow = typeof waAccounts.$inferSelect;
type NumberRow = typeof waNumbers.$inferSelect;

export const accountData = (row: AccountRow): WaAccount => ({
  WabaId: row.wabaId,
  Name: row.name,
  ConnectTime: unix(row.connectedAt),
});

const asTier = (tier: string): WaTier => ((WA_TIERS as readonly string[]).includes(tier) ? (tier as WaTier) : '50');

interface NumberSignalTimes {
  blocks: number[];
  reports: number[];
  conversations: number[];
}

/** The numbers' blocks, reports and conversations of the last 7 days. */
export async function signalsOf(db: Db, phoneNumberIds: string[], now: Date): Promise<Map<string, NumberSignalTimes>> {
  const bySignal = new Map<string, NumberSignalTimes>(
    phoneNumberIds.map((id) => [id, { blocks: [], reports: [], conversations: [] }]),
  );
  if (phoneNumberIds.length === 0) return bySignal;
  const rows = await db
    .select()
    .from(waNumberSignals)
    .where(
      and(
        inArray(waNumberSignals.phoneNumberId, phoneNumberIds),
        gt(waNumberSignals.at, new Date(now.getTime() - QUALITY_WINDOW_MS)),
      ),
    );
  for (const row of rows) {
    const times = bySignal.get(row.phoneNumberId);
    if (!times) continue;
    const at = row.at.getTime();
    if (row.kind === 'block') times.blocks.push(at);
    else if (row.kind === 'report') times.reports.push(at);
    else times.conversations.push(at);
  }
  return bySignal;
}

/** Herald's own quality when it has signals in the window, else the platform's. */
export function qualityWith(platformQuality: WaQuality, signals: NumberSignalTimes | undefined, now: Date): WaQuality {
  const computed = signals ? qualityRating(signals, now.getTime()) : 'unknown';
  return computed === 'unknown' ? platformQuality : computed;
}

export function numberData(row: NumberRow, signals: NumberSignalTimes | undefined, now: Date): WaNumber {
  const left = remainingConversations(asTier(row.tier), signals?.conversations ?? [], now.getTime());
  return {
    PhoneNumberId: row.phoneNumberId,
    DisplayPhone: row.displayPhone,
    DisplayName: row.displayName,
    Status: row.status,
    Quality: (WA_QUALITIES as readonly string[]).includes(row.quality) ? row.quality : 'unknown',
    Tier: row.tier,
    Remaining: Number.isFinite(left) ? left : null,
    UpdateTime: unix(row.updatedAt),
  };
}

export async function accountNumbers(db: Db, userId: number, now: Date): Promise<WaNumber[]> {
  const rows = await db.select().from(waNumbers).where(eq(waNumbers.userId, userId)).orderBy(waNumbers.displayPhone);
  const signals = await signalsOf(
    db,
    rows.map((r) => r.phoneNumberId),
    now,
  );
  return rows.map((row) => numberData(row, signals.get(row.phoneNumberId), now));
}

/** Stores the platform's numbers of the account's WABA; numbers it no longer lists are dropped (unless keepOthers). */
export async function storeNumbers(
  db: Db,
  account: AccountRow,
  numbers: WhatsAppPhoneNumber[],
  now: Date,
  options: { keepOthers?: boolean } = {},
): Promise<void> {
  const ids = numbers.map((n) => n.phoneNumberId);
  const signals = await signalsOf(db, ids, now);
  const stale = eq(waNumbers.userId, account.userId);
  if (!options.keepOthers)
    await db.delete(waNumbers).where(ids.length ? and(stale, notInArray(waNumbers.phoneNumberId, ids)) : stale);
  for (const n of numbers) {
    const values = {
      wabaId: account.wabaId,
      displayPhone: n.displayPhone,
      displayName: n.verifiedName,
      status: n.status,
      quality: qualityWith(n.quality, signals.get(n.phoneNumberId), now),
      tier: n.tier,
      updatedAt: now,
    };
    await db
      .insert(waNumbers)
      .values({ phoneNumberId: n.phoneNumberId, userId: account.userId, ...values })
      // a number id of another account's row is never taken over
      .onConflictDoUpdate({
        target: waNumbers.phoneNumberId,
        set: values,
        setWhere: eq(waNumbers.userId, account.userId),
      });
  }
}

/** After a new block, report or conversation: the number's quality again, and an upgrade if earned. */
export async function recomputeNumber(db: Db, userId: number, phoneNumberId: string, now: Date): Promise<void> {
  const [row] = await db
    .select()
    .from(waNumbers)
    .where(and(eq(waNumbers.userId, userId), eq(waNumbers.phoneNumberId, phoneNumberId)));
  if (!row) return;
  const signals = (await signalsOf(db, [phoneNumberId], now)).get(phoneNumberId)!;
  const quality = qualityWith(row.quality as WaQuality, signals, now);
  const tier = upgradedTier(asTier(row.tier), quality, signals.conversations, now.getTime());
  if (quality !== row.quality || tier !== row.tier)
    await db.update(waNumbers).set({ quality, tier, updatedAt: now }).where(eq(waNumbers.phoneNumberId, phoneNumberId));
}
