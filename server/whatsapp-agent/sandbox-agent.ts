import { eq, and } from 'drizzle-orm';
import type { Db } from '../db/database';
import { waAgentRecipients, waAgentTasks } from '../db/schema';
import { QUEUE } from '../queue';
import { WA_AGENT_STATUS } from '../../src/gateway/contract/wa-agent';
import { waAgentTaskLifecycle, type WaAgentTaskEvent } from '../../src/machines/lifecycles/wa-agent-task.machine';
import { refundWaAgentTask } from './money';
import { recipientsEndingIn, waAgentRowById, type WaAgentDeps, type WaAgentRow } from './store';

// The sandbox agent: it stands in for the provider's agents who send an agent campaign for the customer
// (docs/decisions.md "WhatsApp agent campaigns"). Its rules, on the server's clock:
// - 1 minute after creation it starts analysing (WaitForSend 1 → Analyzing 2);
// - 5 minutes after creation it has analysed: a campaign whose name contains "reject" is refused
//   (Cancel 7, label rejected, the whole charge refunded); any other is Analyzed 3;
// - at the expected send time it starts sending (Sending 4); a campaign whose name contains "fail"
//   fails there (TaskFailed 6, the whole charge refunded);
// - sending takes a minute per 10,000 recipients (at least one) and ends SendOver 5; recipients whose
//   number ends in 0 fail, and their price is refunded.
// One job per campaign (whatsapp-agent-step) applies every step that is due and queues itself for the
// next one, so a restart loses nothing (pg-boss keeps the job) and a job run twice changes nothing (each
// step is a conditional move of the stored status; each refund has its own ledger key).

const MINUTE = 60_000;
export const WA_AGENT_ANALYZE_AFTER_MS = MINUTE;
export const WA_AGENT_ANALYSIS_MS = 5 * MINUTE;
const RECIPIENTS_PER_MINUTE = 10_000;

export const sendingTimeMs = (recipients: number) =>
  Math.max(1, Math.ceil(recipients / RECIPIENTS_PER_MINUTE)) * MINUTE;

type Step = { event: WaAgentTaskEvent['type']; dueAt: number };

/** The step the agent takes next from a row's status, and when. */
export function nextAgentStep(row: WaAgentRow): Step | null {
  const created = row.createdAt.getTime();
  const name = row.name.toLowerCase();
  switch (row.status) {
    case WA_AGENT_STATUS.WaitForSend:
      return { event: 'agent.analyze', dueAt: created + WA_AGENT_ANALYZE_AFTER_MS };
    case WA_AGENT_STATUS.Analyzing:
      return {
        event: name.includes('reject') ? 'agent.reject' : 'agent.accept',
        dueAt: created + WA_AGENT_ANALYSIS_MS,
      };
    case WA_AGENT_STATUS.Analyzed:
      return { event: name.includes('fail') ? 'agent.fail' : 'agent.send', dueAt: row.expectedAt.getTime() };
    case WA_AGENT_STATUS.Sending:
      return {
        event: 'agent.finish',
        dueAt: (row.sendingAt ?? row.expectedAt).getTime() + sendingTimeMs(row.totalCount),
      };
    default:
      return null;
  }
}

async function applyStep(deps: WaAgentDeps, row: WaAgentRow, event: WaAgentTaskEvent['type']): Promise<void> {
  const next = waAgentTaskLifecycle.next(row.status, event);
  if (!next) return;
  const now = deps.clock.now();
  const failed = event === 'agent.finish' ? await recipientsEndingIn(deps.database.db, row.id, '0') : 0;
  await deps.database.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const moved = await tx
      .update(waAgentTasks)
      .set({
        status: next.status,
        updatedAt: now,
        ...(event === 'agent.analyze' && { analyzingAt: now }),
        ...(event === 'agent.accept' && { analyzedAt: now }),
        ...(event === 'agent.send' && { sendingAt: now }),
        ...(event === 'agent.reject' && {
          analyzedAt: now,
          cancelledBy: 'agent',
          finishedAt: now,
          failReason: 'REJECTED_BY_AGENT',
        }),
        ...(event === 'agent.fail' && { finishedAt: now, failReason: 'AGENT_SEND_FAILED' }),
        ...(event === 'agent.finish' && { finishedAt: now, sentCount: row.totalCount - failed, failedCount: failed }),
      })
      .where(and(eq(waAgentTasks.id, row.id), eq(waAgentTasks.status, row.status)))
      .returning({ id: waAgentTasks.id });
    if (moved.length === 0) return;
    const unrefunded = row.charged - row.refunded;
    if (event === 'agent.reject') await refundWaAgentTask(tx, row, unrefunded, 'reject', now);
    if (event === 'agent.fail') await refundWaAgentTask(tx, row, unrefunded, 'fail', now);
    if (event === 'agent.finish')
      await refundWaAgentTask(tx, row, Math.min(unrefunded, failed * row.price), 'unsent', now);
    if (event === 'agent.reject' || event === 'agent.fail' || event === 'agent.finish')
      await tx.delete(waAgentRecipients).where(eq(waAgentRecipients.taskId, row.id));
  });
}

/** The step job: every step due by the clock, then the job again for the next one. */
export async function runWaAgentStep(deps: WaAgentDeps, job: { taskId: number }): Promise<void> {
  for (;;) {
    const row = await waAgentRowById(deps.database.db, job.taskId);
    const step = row && nextAgentStep(row);
    if (!row || !step) return;
    const wait = step.dueAt - deps.clock.now().getTime();
    if (wait > 0) {
      await deps.jobs.send(QUEUE.waAgentStep, { taskId: row.id }, { startAfterMs: wait });
      return;
    }
    await applyStep(deps, row, step.event);
  }
}
