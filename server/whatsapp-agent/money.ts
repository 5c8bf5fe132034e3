import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { waAgentTasks } from '../db/schema';
import { credit, debit, MAIN_WALLET } from '../money/ledger';
import { WA_AGENT_PRODUCT_ID } from '../../src/gateway/contract/wa-agent';

// An agent campaign's money (docs/decisions.md "WhatsApp agent campaigns"): the estimate (recipients ×
// price) is charged from the main wallet when the campaign is created, filed under WhatsApp (6009);
// refunds go back to the same wallet. Every move has its own ledger key per campaign, so a retried
// request or a job run twice moves money once; the campaign's charged/refunded columns follow in the
// same transaction.

type TaskMoney = Pick<typeof waAgentTasks.$inferSelect, 'id' | 'taskId' | 'userId'>;

export async function chargeWaAgentTask(tx: Db, task: TaskMoney, amount: number, at: Date): Promise<void> {
  if (amount <= 0) return;
  await debit(tx, {
    userId: task.userId,
    productType: MAIN_WALLET,
    productId: WA_AGENT_PRODUCT_ID,
    amount,
    billType: 'deduct',
    uniqueKey: `wa-agent:${task.taskId}:charge`,
    description: `WhatsApp agent campaign ${task.taskId}`,
    at,
  });
  await tx
    .update(waAgentTasks)
    .set({ charged: amount })
    .where(sql`${waAgentTasks.id} = ${task.id}`);
}

/** `reason` names the refund in its key: 'cancel', 'reject', 'fail' or 'unsent' (one of each at most). */
export async function refundWaAgentTask(
  tx: Db,
  task: TaskMoney,
  amount: number,
  reason: 'cancel' | 'reject' | 'fail' | 'unsent',
  at: Date,
): Promise<void> {
  if (amount <= 0) return;
  const moved = await credit(tx, {
    userId: task.userId,
    productType: MAIN_WALLET,
    productId: WA_AGENT_PRODUCT_ID,
    amount,
    billType: 'refund',
    uniqueKey: `wa-agent:${task.taskId}:refund:${reason}`,
    description: `WhatsApp agent campaign ${task.taskId} refund (${reason})`,
    at,
  });
  if (moved.replayed) return;
  await tx
    .update(waAgentTasks)
    .set({ refunded: sql`${waAgentTasks.refunded} + ${amount}` })
    .where(sql`${waAgentTasks.id} = ${task.id}`);
}
