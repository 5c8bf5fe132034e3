import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { LOST_JOB_MS, sweepJourneys } from './engine';
import { journeyTestBed } from './journey-test-bed';
import { journeyAudience, journeyOf } from './testkit';

// The periodic sweep queues again only runs whose job looks lost (queued LOST_JOB_MS without moving), a few
// at a time: a run waiting behind a backlog has its durable job, and sending the backlog again every
// minute made the queue grow without end at 100,000 contacts (bench/journey.ts).

const bed = journeyTestBed(['W', 'V']);

describe('the journey sweep', () => {
  it('leaves runs queued behind a backlog alone, and queues lost ones again a batch at a time', async () => {
    const { listId, vipId } = await journeyAudience(bed.owner, 3);
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Backlog',
      Document: journeyOf(listId, vipId, bed.ownerTag),
    });
    await bed.owner.api('StartSEQ2Workflow', { SeqId: saved.SeqId });
    await bed.jobs.idle();
    const db = bed.server.deps.database.db;
    const now = bed.server.deps.clock.now();
    // three runs queued two minutes ago, as behind a long queue (their jobs are not in this memory queue)
    await db.execute(sql`UPDATE workflow_runs SET status = 1, due_at = ${new Date(now.getTime() - 60_000)},
      updated_at = ${new Date(now.getTime() - 120_000)}
      WHERE workflow_id = (SELECT id FROM workflows WHERE seq_id = ${saved.SeqId})`);
    expect(await sweepJourneys(bed.server.deps)).toBe(0);

    await bed.advance(LOST_JOB_MS);
    expect(await sweepJourneys(bed.server.deps, { staleLimit: 2 })).toBe(2);
    await bed.jobs.idle();
    expect(await sweepJourneys(bed.server.deps, { staleLimit: 2 })).toBe(1);
    await bed.jobs.idle();
    const queued = await rowsOf<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
        WHERE w.seq_id = ${saved.SeqId} AND r.status = 1`,
    );
    expect(queued[0].count).toBe(0);
  });
});
