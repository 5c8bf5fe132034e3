import { and, eq, sql } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { audienceContacts, workflows } from '../db/schema';
import { notFound } from '../errors';
import { WORKFLOW_STATUS } from '../../src/gateway/contract/statuses';
import { enrollMembers, latestVersion, queueRuns, type QueuedRun } from './engine';

// API-event triggers (docs/decisions.md "Journey triggers"): TriggerSEQ2Event lets one contact of the account
// into each running journey whose trigger is the event. A contact enters a journey once (the runs' unique
// key), so an event sent twice — a retry after a lost answer — lets it in nowhere new.

export interface EventInput {
  Event: string;
  ContactId?: number;
  Email?: string;
}

async function contactOf(db: Db, userId: number, input: EventInput): Promise<number> {
  const which =
    input.ContactId !== undefined
      ? eq(audienceContacts.id, input.ContactId)
      : sql`lower(${audienceContacts.email}) = lower(${input.Email ?? ''})`;
  const [row] = await db
    .select({ id: audienceContacts.id })
    .from(audienceContacts)
    .where(and(eq(audienceContacts.userId, userId), which))
    .limit(1);
  if (!row) throw notFound();
  return row.id;
}

export async function triggerEvent(deps: ServerDeps, userId: number, input: EventInput, now: Date) {
  const { db } = deps.database;
  const { contactId, entered } = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const contactId = await contactOf(tx, userId, input);
    const running = await tx
      .select()
      .from(workflows)
      .where(and(eq(workflows.userId, userId), eq(workflows.status, WORKFLOW_STATUS.Running)));
    const entered: { seqId: string; runs: QueuedRun[] }[] = [];
    for (const workflow of running) {
      const trigger = (await latestVersion(tx, workflow.id))?.document.nodes.find((node) => node.kind === 'trigger');
      if (trigger?.kind !== 'trigger' || trigger.config.source !== 'event' || trigger.config.event !== input.Event)
        continue;
      const runs = await enrollMembers(tx, workflow, now, contactId);
      if (runs.length) entered.push({ seqId: workflow.seqId, runs });
    }
    return { contactId, entered };
  });
  await queueRuns(
    deps,
    entered.flatMap((journey) => journey.runs),
  );
  return { ContactId: contactId, SeqIds: entered.map((journey) => journey.seqId) };
}
