import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { channelTasks, waAccounts, waConversations, waMessageStatuses, waNumbers, waSends } from '../db/schema';
import { ApiError } from '../errors';
import { rowsOf } from '../db/rows';
import { credit, MAIN_WALLET } from '../money/ledger';
import { PlatformError } from '../platforms/platform';
import { whatsappPlatform } from '../platforms/whatsapp/app-credentials';
import type { CarrierMessage, DeliveryReport, SubmitResult } from '../providers/carrier';
import type { ChannelProvider } from '../channels/channel';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { outcomeOfWaStatus, waNumberCanSend } from '../../src/gateway/contract/wa-send';
import type { WaNumberStatus } from '../../src/gateway/contract/whatsapp';
import { openOrJoin } from './conversations';
import { WHATSAPP_PRODUCT_ID } from './product';
import { parseWaTaskContent } from './task-content';
import { refundUndelivered } from './refunds';
import { QUEUE } from '../queue';

// The WhatsApp channel's provider (docs/decisions.md "WhatsApp sending"). Per message (key task:seq, the
// sender the task's number id): the number must be CONNECTED; the conversation is opened or joined and a new
// one paid, with a wa_sends row 'sending', in one transaction; then the template goes to the Cloud API and
// the row becomes 'sent' with its wamid (or 'refused', the new conversation refunded). A repeated key answers
// its stored result and sends nothing; only a crash between the platform's answer and the update resends.
// Reports: the signed webhook's statuses (wa_message_statuses): delivered and read are Success, failed Fail.

/** Herald's refusal codes shown in records (server/providers/carrier CARRIER_ERRORS). */
export const WA_CODES = {
  numberCannotSend: 'WA_NUMBER',
  platformRefused: 'WA_REFUSED',
  balance: 'HERALD_BALANCE',
} as const;

interface TaskInfo {
  id: number;
  userId: number;
  content: string;
}

async function tasksOf(db: Db, ids: number[]): Promise<Map<number, TaskInfo>> {
  const rows = await db
    .select({ id: channelTasks.id, userId: channelTasks.userId, content: channelTasks.content })
    .from(channelTasks)
    .where(inArray(channelTasks.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

async function paramsOf(db: Db, taskId: number, seqs: number[]): Promise<Map<number, string[]>> {
  const rows = await rowsOf<{ seq: number; params: string[] | null }>(
    db,
    sql`SELECT seq, params FROM channel_recipients WHERE task_id = ${taskId} AND seq = ANY(${sql.param(seqs)}::int[])`,
  );
  return new Map(rows.map((row) => [Number(row.seq), row.params ?? []]));
}

async function senderOf(db: Db, userId: number, phoneNumberId: string) {
  const [row] = await db
    .select({ status: waNumbers.status, token: waAccounts.token })
    .from(waNumbers)
    .innerJoin(waAccounts, eq(waAccounts.userId, waNumbers.userId))
    .where(and(eq(waNumbers.userId, userId), eq(waNumbers.phoneNumberId, phoneNumberId)));
  return row;
}

const refused = (key: string, errorCode: string): SubmitResult => ({ key, accepted: false, errorCode });

export function whatsappProvider(deps: ServerDeps): ChannelProvider {
  const { db } = deps.database;
  const platform = () => whatsappPlatform(db, deps.config);

  /**
   * Stores the message's platform id, and applies the statuses the webhook brought before it was stored
   * (docs/decisions.md "Inbox assignment", early statuses): they wait in wa_message_statuses by wamid; a
   * failure's refund goes in the same transaction as the wamid (the records never show a failed message
   * still charged), then the kernel's report job, which waits for the submission to be recorded. The webhook
   * and this both look after writing, so at least one of them sees the other.
   */
  async function storeWamid(userId: number, key: string, wamid: string): Promise<void> {
    const early = await db.transaction(async (tx) => {
      await tx.update(waSends).set({ state: 'sent', wamid }).where(eq(waSends.messageKey, key));
      if (!wamid) return [];
      const rows = await tx
        .select({ status: waMessageStatuses.status })
        .from(waMessageStatuses)
        .where(and(eq(waMessageStatuses.userId, userId), eq(waMessageStatuses.wamid, wamid)));
      const outcomes = rows.map((row) => outcomeOfWaStatus(row.status)).filter(Boolean);
      if (outcomes.includes('fail')) await refundUndelivered(tx as unknown as Db, userId, [wamid], deps.clock.now());
      return outcomes;
    });
    if (early.length) await deps.jobs.send(QUEUE.carrierReports, { keys: [key] });
  }

  async function submitOne(task: TaskInfo, message: CarrierMessage, params: string[]): Promise<SubmitResult> {
    const [seen] = await db.select().from(waSends).where(eq(waSends.messageKey, message.key));
    if (seen?.state === 'sent') return { key: message.key, accepted: true, errorCode: '' };
    if (seen?.state === 'refused') return refused(message.key, seen.errorCode);
    const sender = await senderOf(db, task.userId, message.senderId);
    if (!sender || !waNumberCanSend(sender.status as WaNumberStatus))
      return refused(message.key, WA_CODES.numberCannotSend);
    const content = parseWaTaskContent(task.content);
    const now = deps.clock.now();
    let conversation: { id: number; opened: boolean; price: number };
    try {
      conversation = seen
        ? { id: seen.conversationId, opened: seen.paid > 0, price: seen.paid }
        : await db.transaction(async (tx) => {
            const { row, opened } = await openOrJoin(tx, {
              userId: task.userId,
              phoneNumberId: message.senderId,
              customer: message.phone,
              category: content.category,
              now,
            });
            await tx.insert(waSends).values({
              messageKey: message.key,
              userId: task.userId,
              taskId: task.id,
              phoneNumberId: message.senderId,
              recipient: message.phone,
              templateName: content.name,
              language: content.language,
              category: content.category,
              conversationId: row.id,
              paid: opened ? row.price : 0,
              state: 'sending',
              createdAt: now,
            });
            return { id: row.id, opened, price: row.price };
          });
    } catch (error) {
      if (error instanceof ApiError && error.retCode === RetCode.InsufficientBalance)
        return refused(message.key, WA_CODES.balance);
      throw error;
    }
    try {
      const wamid = await (
        await platform()
      ).sendTemplate(
        { phoneNumberId: message.senderId, token: sender.token },
        { to: message.phone, name: content.name, language: content.language, params },
      );
      await storeWamid(task.userId, message.key, wamid);
      return { key: message.key, accepted: true, errorCode: '' };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      await db.transaction(async (tx) => {
        await tx
          .update(waSends)
          .set({ state: 'refused', errorCode: WA_CODES.platformRefused, paid: 0 })
          .where(eq(waSends.messageKey, message.key));
        if (!conversation.opened) return;
        // the conversation this message opened never started: it ends and its price comes back
        await tx.update(waConversations).set({ expiresAt: now }).where(eq(waConversations.id, conversation.id));
        if (conversation.price > 0)
          await credit(tx, {
            userId: task.userId,
            productType: MAIN_WALLET,
            productId: WHATSAPP_PRODUCT_ID,
            amount: conversation.price,
            billType: 'refund',
            uniqueKey: `whatsapp:conv:${conversation.id}:refund`,
            description: `WhatsApp conversation +${message.phone}: refused by the platform`,
            at: now,
          });
      });
      return refused(message.key, WA_CODES.platformRefused);
    }
  }

  return {
    name: 'whatsapp',
    async submit(messages) {
      const taskIds = [...new Set(messages.map((m) => Number(m.key.split(':')[0])))];
      const tasks = await tasksOf(db, taskIds);
      const results: SubmitResult[] = [];
      for (const taskId of taskIds) {
        const own = messages.filter((m) => Number(m.key.split(':')[0]) === taskId);
        const task = tasks.get(taskId);
        if (!task) {
          results.push(...own.map((m) => refused(m.key, WA_CODES.platformRefused)));
          continue;
        }
        const params = await paramsOf(
          db,
          taskId,
          own.map((m) => Number(m.key.split(':')[1])),
        );
        for (const message of own)
          results.push(await submitOne(task, message, params.get(Number(message.key.split(':')[1])) ?? []));
      }
      return results;
    },
    async reports(keys) {
      if (keys.length === 0) return [];
      const rows = await db
        .select({ key: waSends.messageKey, status: waMessageStatuses.status, error: waMessageStatuses.error })
        .from(waSends)
        .innerJoin(
          waMessageStatuses,
          and(eq(waMessageStatuses.wamid, waSends.wamid), eq(waMessageStatuses.userId, waSends.userId)),
        )
        .where(and(inArray(waSends.messageKey, keys), sql`${waSends.wamid} <> ''`));
      const best = new Map<string, DeliveryReport>();
      for (const row of rows) {
        const outcome = outcomeOfWaStatus(row.status);
        if (!outcome) continue;
        const earlier = best.get(row.key);
        // delivered or read wins over a failure reported for the same message
        if (earlier?.outcome === 'success') continue;
        const code = outcome === 'fail' ? `WA${row.error.split(' ')[0] || 'FAILED'}` : '';
        best.set(row.key, { key: row.key, outcome, errorCode: code });
      }
      return [...best.values()];
    },
  };
}

/** The kernel keys of the messages whose platform ids are these (for the report job after a webhook). */
export async function keysOfWamids(db: Db, userId: number, wamids: string[]): Promise<string[]> {
  if (wamids.length === 0) return [];
  const rows = await db
    .select({ key: waSends.messageKey })
    .from(waSends)
    .where(and(eq(waSends.userId, userId), inArray(waSends.wamid, wamids)));
  return rows.map((row) => row.key);
}
