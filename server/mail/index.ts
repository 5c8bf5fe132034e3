import type { ServerDeps } from '../context';
import type { OutgoingMail } from '../providers/messenger';
import { enqueueAfterCommit, QUEUE } from '../queue';

// Mail goes through the job queue: a request enqueues and returns, a worker hands the mail to the
// messenger (SMTP or the sandbox outbox), and a failing SMTP server is retried with back-off instead
// of failing a request whose work was already committed.

/** Ten attempts after the first, 5 s doubling each time: about 85 minutes before a mail is given up. */
export const MAIL_RETRY = { retryLimit: 10, retryDelaySeconds: 5 } as const;

export async function queueMail(deps: Pick<ServerDeps, 'jobs'>, mail: OutgoingMail): Promise<void> {
  await enqueueAfterCommit(deps, QUEUE.mail, mail, MAIL_RETRY);
}

/** The worker's side: one attempt; a throw makes the queue retry it. */
export async function deliverMail(deps: Pick<ServerDeps, 'messenger'>, mail: OutgoingMail): Promise<void> {
  await deps.messenger.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
}
