import { and, eq, inArray, lte } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { voiceAudioFiles, voiceTemplates, type VoiceTemplateRow } from '../db/schema';
import { reviewTextContent } from '../channels/content-review';
import { QUEUE } from '../queue';
import { VOICE_TEMPLATE_STATUS as S } from '../../src/gateway/contract/statuses';
import { voiceAudioPlayable } from '../../src/machines/lifecycles/voice-audio.machine';
import { voiceTemplateLifecycle, type VoiceTemplateEvent } from '../../src/machines/lifecycles/voice-template.machine';
import { queueVoiceTemplateReview } from './templates';

// The sandbox review of a voice template revision (docs/decisions.md "Voice templates"), in steps a
// user sees, each committed on its own:
//   waitCheck -> ucProcessing -> ucPass, or ucReject: the kernel's content reviewer on its name and
//     remark rejects a blocked word or a link shortener;
//   (after the reviewer's delay again) ucPass -> auditProcessing -> auditPass, or auditReject: the
//     voice file is no longer usable (audioUnavailable), or a word the kernel sends to a person
//     (manualWord: nobody listens to a template's recording here, so the audit refuses it).
// A job for a stale revision (the template was edited since) changes nothing; the edit queued its own.

/**
 * One step under the row's lock. `decide` reads through `tx` only: PGlite has one connection, and a
 * query on the outer handle while the transaction is open waits for it forever (every later query of
 * the process, the queue's included, then queues behind it).
 */
async function move(
  deps: ServerDeps,
  id: number,
  revision: number,
  decide: (row: VoiceTemplateRow, tx: Db) => Promise<{ event: VoiceTemplateEvent['type']; reason?: string } | null>,
): Promise<VoiceTemplateRow | null> {
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(voiceTemplates)
      .where(and(eq(voiceTemplates.id, id), eq(voiceTemplates.revision, revision)))
      .for('update');
    if (!row) return null;
    const decision = await decide(row, tx);
    const next = decision && voiceTemplateLifecycle.next(row.status, decision.event);
    if (!decision || !next) return null;
    const decided = decision.event === 'review.pass' || decision.event === 'review.reject';
    const [moved] = await tx
      .update(voiceTemplates)
      .set({
        status: next.status,
        rejectReason: decision.reason ?? '',
        ...(decided ? { reviewedAt: deps.clock.now() } : {}),
      })
      .where(eq(voiceTemplates.id, id))
      .returning();
    return moved;
  });
}

const contentVerdict = (row: VoiceTemplateRow) => reviewTextContent(`${row.name}\n${row.remark}`, []);

async function audioUsable(db: Db, row: VoiceTemplateRow): Promise<boolean> {
  const [audio] = await db
    .select({ status: voiceAudioFiles.status })
    .from(voiceAudioFiles)
    .where(and(eq(voiceAudioFiles.audioId, row.audioId), eq(voiceAudioFiles.userId, row.userId)));
  return Boolean(audio && voiceAudioPlayable(audio.status));
}

/** Works one step (or two: start and decide) of a template's review; queues the audit after the check. */
export async function reviewVoiceTemplate(deps: ServerDeps, id: number, revision: number): Promise<void> {
  const step = (decide: Parameters<typeof move>[3]) => move(deps, id, revision, decide);
  await step(async (row) => (row.status === S.WaitCheck ? { event: 'review.start' } : null));
  const checked = await step(async (row) => {
    if (row.status !== S.UcProcessing) return null;
    const verdict = contentVerdict(row);
    return verdict.verdict === 'reject' ? { event: 'review.reject', reason: verdict.reason } : { event: 'review.pass' };
  });
  if (checked?.status === S.UcPass) {
    await queueVoiceTemplateReview(deps, checked);
    return;
  }
  await step(async (row) => (row.status === S.UcPass ? { event: 'audit.start' } : null));
  await step(async (row, tx) => {
    if (row.status !== S.AuditProcessing) return null;
    if (!(await audioUsable(tx, row))) return { event: 'review.reject', reason: 'audioUnavailable' };
    const verdict = contentVerdict(row);
    return verdict.verdict === 'pass' ? { event: 'review.pass' } : { event: 'review.reject', reason: verdict.reason };
  });
}

/** Templates whose review job may be lost (a failed enqueue, a killed worker): queued again. */
export async function sweepVoiceTemplates(deps: ServerDeps, graceMs: number): Promise<void> {
  const since = new Date(deps.clock.nowMs() - deps.smsSettings.reviewDelayMs - graceMs);
  const rows = await deps.database.db
    .select({ id: voiceTemplates.id, revision: voiceTemplates.revision })
    .from(voiceTemplates)
    .where(
      and(
        inArray(voiceTemplates.status, [S.WaitCheck, S.UcProcessing, S.UcPass, S.AuditProcessing]),
        lte(voiceTemplates.updatedAt, since),
      ),
    );
  for (const row of rows) await deps.jobs.send(QUEUE.voiceTemplateReview, row);
}
