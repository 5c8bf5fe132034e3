import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import { channelRecipients, channelTasks, emailSendAttempts, emailSenders } from '../db/schema';
import type { DeliveryReport, SubmitResult } from '../providers/carrier';
import type { MailMessage, MailSendResult } from '../providers/mail';
import { QUEUE } from '../queue';
import type { ChannelProvider } from '../channels/channel';
import { EMAIL_TYPE } from '../../src/gateway/contract/email/template-rules';
import { EMAIL_RETRY, settleEmailSend, type EmailRetryPolicy, type EmailSendDecision } from './delivery-outcome';
import { dkimSigningKeyFor } from './domains';
import { listUnsubscribeFor } from './list-unsubscribe';
import { finishEmail, parseEmailContent, renderEmail } from './send-content';
import { suppressedEmails } from './suppression';
import { trackingFor, trackingOriginFor } from './tracking';

// The e-mail channel's provider (docs/decisions.md "E-mail sending"): each task message is handed to
// the MailTransport (SMTP to SMTP_URL or the sandbox sink) From the task's sender, DKIM-signed with the
// sender domain's key, with a one-click List-Unsubscribe on marketing mail. email_send_attempts keeps
// one row per task:recipient key, so a repeated key answers its first hand-over and sends nothing.
// Final answers are reported to the kernel at once; a soft bounce (or a connection that failed) is
// tried again by the report job on EMAIL_RETRY's schedule and reported when its attempts end.

type AttemptRow = typeof emailSendAttempts.$inferSelect;

/** A suppressed address is refused at submission: not sent, not charged (the group's refund). */
export const SUPPRESSED_CODE = 'SUPPRESSED';

const keyParts = (key: string) => key.split(':').map(Number) as [number, number];

/** The retry policy with the deployment's first wait (tests shorten it). */
const retryPolicy = (deps: ServerDeps): EmailRetryPolicy => ({
  ...EMAIL_RETRY,
  firstDelayMs: deps.smsSettings.emailRetryFirstDelayMs,
});

/** What is refused at submission (SubmitFail, refunded); everything else the kernel counts as submitted. */
/** (A submit_fail after retries was accepted at its first hand-over: it is reported, not refused.) */
const refusedAtSubmit = (row: AttemptRow) =>
  row.errorCode === SUPPRESSED_CODE || (row.result === 'submit_fail' && !row.nextAttemptAt && row.attempts <= 1);

function reportOf(row: AttemptRow): DeliveryReport {
  if (row.result === 'deliver') return { key: row.messageKey, outcome: 'success', errorCode: '' };
  if (row.result === 'unknown') return { key: row.messageKey, outcome: 'unknown', errorCode: 'unknown' };
  return { key: row.messageKey, outcome: 'fail', errorCode: row.result };
}

export function emailProvider(deps: ServerDeps, scheduleReports: (keys: string[]) => Promise<void>): ChannelProvider {
  const { db } = deps.database;

  /** The mail of one task message: the task's content with the recipient's values, from its sender. */
  async function mailFor(key: string, address: string, body: string): Promise<MailMessage | null> {
    const [taskId, seq] = keyParts(key);
    const [task] = await db.select().from(channelTasks).where(eq(channelTasks.id, taskId));
    if (!task) return null;
    const [sender] = await db
      .select()
      .from(emailSenders)
      .where(and(eq(emailSenders.senderId, task.senderId), eq(emailSenders.userId, task.userId)));
    if (!sender) return null;
    const domain = sender.address.split('@')[1] ?? '';
    // opens, clicks and unsubscribes go to the domain's own tracking host once its CNAME is verified
    const publicUrl = await trackingOriginFor(db, deps.config.publicUrl ?? 'http://localhost', task.userId, domain);
    const unsubscribe = await listUnsubscribeFor(
      db,
      { publicUrl, ownDomain: deps.config.ownDomain },
      { userId: task.userId, taskId: task.id, address },
    );
    const content = parseEmailContent(task.content);
    const marketing = content.emailType === EMAIL_TYPE.Market;
    const tracking = await trackingFor(db, publicUrl, {
      userId: task.userId,
      taskId,
      seq,
      linkCount: content.links?.length ?? 0,
    });
    const mail = finishEmail(body, address, unsubscribe.url, tracking);
    return {
      from: `"${sender.alias.replace(/["\\]/g, '')}" <${sender.address}>`,
      to: address,
      ...mail,
      dkim: (await dkimSigningKeyFor(db, task.userId, domain)) ?? undefined,
      listUnsubscribe: marketing ? unsubscribe : undefined,
    };
  }

  async function handOver(mail: MailMessage | null): Promise<MailSendResult> {
    if (!mail) return { result: 'submit_fail', retryable: false, smtpCode: 0, response: 'no sender', messageId: '' };
    return (await deps.mail.transport()).send(mail);
  }

  /** Stores a hand-over's answer; answers the decision. */
  async function settle(
    key: string,
    userId: number,
    address: string,
    send: MailSendResult,
    attempt: number,
  ): Promise<EmailSendDecision> {
    const decision = await settleEmailSend(db, deps.clock, { userId, address, send, attempt }, retryPolicy(deps));
    const now = deps.clock.now();
    const fields = {
      attempts: attempt,
      result: send.result,
      retryable: decision.kind === 'retry',
      smtpCode: send.smtpCode,
      response: send.response.slice(0, 500),
      messageId: send.messageId,
      errorCode: decision.kind === 'final' && send.result !== 'deliver' ? send.result : '',
      nextAttemptAt: decision.kind === 'retry' ? new Date(now.getTime() + decision.afterMs) : null,
      updatedAt: now,
    };
    await db
      .insert(emailSendAttempts)
      .values({ messageKey: key, userId, address, createdAt: now, ...fields })
      .onConflictDoUpdate({ target: emailSendAttempts.messageKey, set: fields });
    return decision;
  }

  const retryLater = (keys: string[], afterMs: number) =>
    deps.jobs.send(QUEUE.carrierReports, { keys }, { startAfterMs: Math.max(afterMs, 0) });

  return {
    name: 'smtp',
    async submit(messages): Promise<SubmitResult[]> {
      if (messages.length === 0) return [];
      const keys = messages.map((m) => m.key);
      const seen = new Map(
        (await db.select().from(emailSendAttempts).where(inArray(emailSendAttempts.messageKey, keys))).map((r) => [
          r.messageKey,
          r,
        ]),
      );
      const taskIds = [...new Set(messages.map((m) => keyParts(m.key)[0]))];
      const owners = new Map(
        (
          await db
            .select({ id: channelTasks.id, userId: channelTasks.userId })
            .from(channelTasks)
            .where(inArray(channelTasks.id, taskIds))
        ).map((t) => [t.id, t.userId]),
      );
      const fresh = messages.filter((m) => !seen.has(m.key));
      const suppressed = new Set<string>();
      for (const userId of new Set(owners.values())) {
        const own = fresh.filter((m) => owners.get(keyParts(m.key)[0]) === userId).map((m) => m.phone);
        for (const address of await suppressedEmails(db, userId, own)) suppressed.add(address);
      }
      // nodemailer's pool keeps at most maxConnections open; the rest queue inside it.
      await Promise.all(
        fresh.map(async (m) => {
          const userId = owners.get(keyParts(m.key)[0]) ?? 0;
          const now = deps.clock.now();
          if (suppressed.has(m.phone.toLowerCase())) {
            const row = {
              messageKey: m.key,
              userId,
              address: m.phone,
              attempts: 0,
              result: 'submit_fail',
              retryable: false,
              errorCode: SUPPRESSED_CODE,
              createdAt: now,
              updatedAt: now,
            };
            await db.insert(emailSendAttempts).values(row).onConflictDoNothing();
            return;
          }
          const mail = await mailFor(m.key, m.phone, m.body);
          await settle(m.key, userId, m.phone, await handOver(mail), 1);
        }),
      );
      const rows = await db.select().from(emailSendAttempts).where(inArray(emailSendAttempts.messageKey, keys));
      const final = rows.filter((r) => !refusedAtSubmit(r) && !r.nextAttemptAt).map((r) => r.messageKey);
      if (final.length) await scheduleReports(final);
      for (const row of rows.filter((r) => r.nextAttemptAt && !seen.has(r.messageKey)))
        await retryLater([row.messageKey], row.nextAttemptAt!.getTime() - deps.clock.now().getTime());
      return rows.map((r) => ({
        key: r.messageKey,
        accepted: !refusedAtSubmit(r),
        errorCode: refusedAtSubmit(r) ? r.errorCode || 'submit_fail' : '',
      }));
    },

    /** Final keys are answered; a soft bounce whose time has come is handed over again first. */
    async reports(keys): Promise<DeliveryReport[]> {
      if (keys.length === 0) return [];
      const rows = await db.select().from(emailSendAttempts).where(inArray(emailSendAttempts.messageKey, keys));
      const reports: DeliveryReport[] = [];
      for (const row of rows) {
        if (refusedAtSubmit(row)) continue;
        if (!row.nextAttemptAt) {
          reports.push(reportOf(row));
          continue;
        }
        const wait = row.nextAttemptAt.getTime() - deps.clock.now().getTime();
        if (wait > 0) {
          await retryLater([row.messageKey], wait);
          continue;
        }
        const [taskId, seq] = keyParts(row.messageKey);
        const [recipient] = await db
          .select({ params: channelRecipients.params })
          .from(channelRecipients)
          .where(and(eq(channelRecipients.taskId, taskId), eq(channelRecipients.seq, seq)));
        const [task] = await db
          .select({ content: channelTasks.content })
          .from(channelTasks)
          .where(eq(channelTasks.id, taskId));
        const mail = task
          ? await mailFor(row.messageKey, row.address, renderEmail(task.content, recipient?.params ?? []))
          : null;
        const decision = await settle(row.messageKey, row.userId, row.address, await handOver(mail), row.attempts + 1);
        if (decision.kind === 'retry') await retryLater([row.messageKey], decision.afterMs);
        else reports.push(reportOf({ ...row, result: decision.result, nextAttemptAt: null }));
      }
      if (reports.length)
        await db
          .update(emailSendAttempts)
          .set({
            reportedAt: sql`COALESCE(${emailSendAttempts.reportedAt}, ${deps.clock.now().toISOString()}::timestamptz)`,
          })
          .where(
            inArray(
              emailSendAttempts.messageKey,
              reports.map((r) => r.key),
            ),
          );
      return reports;
    },
  };
}
