import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { waConversations, waSends } from '../db/schema';
import { credit, MAIN_WALLET } from '../money/ledger';
import { WHATSAPP_PRODUCT_ID } from './product';

/**
 * The platform charges only delivered messages (docs/decisions.md "WhatsApp sending"): a message the webhook
 * reports failed gives back the conversation it opened, once (ledger key whatsapp:conv:<id>:refund), and the
 * conversation ends. A message that joined a conversation gives nothing back.
 */
export async function refundUndelivered(db: Db, userId: number, wamids: string[], now: Date): Promise<number> {
  if (wamids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const paid = await tx
      .update(waSends)
      .set({ paid: 0 })
      .where(and(eq(waSends.userId, userId), inArray(waSends.wamid, wamids), gt(waSends.paid, 0)))
      .returning({ conversationId: waSends.conversationId, paid: waSends.paid, recipient: waSends.recipient });
    for (const row of paid) {
      const [conversation] = await tx
        .update(waConversations)
        .set({ expiresAt: now })
        .where(eq(waConversations.id, row.conversationId))
        .returning({ price: waConversations.price });
      if (!conversation || conversation.price <= 0) continue;
      await credit(tx, {
        userId,
        productType: MAIN_WALLET,
        productId: WHATSAPP_PRODUCT_ID,
        amount: conversation.price,
        billType: 'refund',
        uniqueKey: `whatsapp:conv:${row.conversationId}:refund`,
        description: `WhatsApp conversation +${row.recipient}: not delivered`,
        at: now,
      });
    }
    return paid.length;
  });
}
