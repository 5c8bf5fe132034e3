import { and, count, eq, gt, lte, asc, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { waConversations } from '../db/schema';
import { debit, MAIN_WALLET } from '../money/ledger';
import { conversationPrice, WA_CONVERSATION_MS, type WaConversationCategory } from '../../src/gateway/contract/wa-send';
import { WHATSAPP_PRODUCT_ID } from './product';

// 24-hour conversations (docs/decisions.md "WhatsApp sending"): a template opens one per (number, customer,
// category) or joins the open one of its category; a customer's message opens a service one. A new paid
// conversation is debited once from the main wallet, key whatsapp:conv:<id>, in the transaction that opens it.

export type ConversationRow = typeof waConversations.$inferSelect;

/** Serialises opening per (number, customer) so two messages to one customer open one conversation. */
async function lockPair(tx: Db, phoneNumberId: string, customer: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`wa:${phoneNumberId}:${customer}`}))`);
}

async function openOne(tx: Db, where: { phoneNumberId: string; customer: string; now: Date }, extra = sql`TRUE`) {
  const [row] = await tx
    .select()
    .from(waConversations)
    .where(
      and(
        eq(waConversations.phoneNumberId, where.phoneNumberId),
        eq(waConversations.customer, where.customer),
        gt(waConversations.expiresAt, where.now),
        lte(waConversations.openedAt, where.now),
        extra,
      ),
    )
    .limit(1);
  return row as ConversationRow | undefined;
}

export interface BusinessMessage {
  userId: number;
  phoneNumberId: string;
  customer: string;
  category: Exclude<WaConversationCategory, 'service'>;
  now: Date;
}

/**
 * The conversation a template message goes in: the open one of its category, or a new one priced by
 * conversationPrice (free for utility inside the customer's service window) and debited. Call inside a
 * transaction; throws InsufficientBalance when the wallet cannot pay a new one.
 */
export async function openOrJoin(tx: Db, message: BusinessMessage): Promise<{ row: ConversationRow; opened: boolean }> {
  await lockPair(tx, message.phoneNumberId, message.customer);
  const joined = await openOne(tx, message, eq(waConversations.category, message.category));
  if (joined) return { row: joined, opened: false };
  const serviceOpen = Boolean(await openOne(tx, message, eq(waConversations.direction, 'Received')));
  const price = conversationPrice(message.category, serviceOpen);
  const [row] = await tx
    .insert(waConversations)
    .values({
      userId: message.userId,
      phoneNumberId: message.phoneNumberId,
      customer: message.customer,
      category: message.category,
      direction: 'Sent',
      openedAt: message.now,
      expiresAt: new Date(message.now.getTime() + WA_CONVERSATION_MS),
      price,
    })
    .returning();
  if (price > 0)
    await debit(tx, {
      userId: message.userId,
      productType: MAIN_WALLET,
      productId: WHATSAPP_PRODUCT_ID,
      amount: price,
      billType: 'deduct',
      uniqueKey: `whatsapp:conv:${row.id}`,
      description: `WhatsApp ${message.category} conversation +${message.customer}`,
      at: message.now,
    });
  return { row, opened: true };
}

/** A customer's message opens a free service conversation unless one is open (the inbox webhook path). */
export async function openServiceConversation(
  tx: Db,
  userId: number,
  phoneNumberId: string,
  customer: string,
  at: Date,
): Promise<void> {
  await lockPair(tx, phoneNumberId, customer);
  if (await openOne(tx, { phoneNumberId, customer, now: at }, eq(waConversations.category, 'service'))) return;
  await tx.insert(waConversations).values({
    userId,
    phoneNumberId,
    customer,
    category: 'service',
    direction: 'Received',
    openedAt: at,
    expiresAt: new Date(at.getTime() + WA_CONVERSATION_MS),
    price: 0,
  });
}

/**
 * What tier pacing needs of a number now: how many business-initiated conversations it opened in
 * (now − 24 h, now], and when the k-th oldest of them was opened (k from 1; see tierShortfall).
 */
export async function tierWindow(db: Db, phoneNumberId: string, now: Date) {
  const since = new Date(now.getTime() - WA_CONVERSATION_MS);
  const inWindow = and(
    eq(waConversations.phoneNumberId, phoneNumberId),
    eq(waConversations.direction, 'Sent'),
    gt(waConversations.openedAt, since),
    lte(waConversations.openedAt, now),
  );
  const [{ n }] = await db.select({ n: count() }).from(waConversations).where(inWindow);
  return {
    count: Number(n),
    async kthOldest(k: number): Promise<number> {
      const [row] = await db
        .select({ at: waConversations.openedAt })
        .from(waConversations)
        .where(inWindow)
        .orderBy(asc(waConversations.openedAt))
        .offset(k - 1)
        .limit(1);
      return row ? row.at.getTime() : now.getTime();
    },
  };
}
