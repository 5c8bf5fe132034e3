import { and, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Db } from '../db/database';
import { inboxMessages, inboxReplies } from '../db/schema';
import { ApiError } from '../errors';
import { ownedWaTemplate } from '../whatsapp-templates/store';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { INBOX_PLATFORM, INBOX_STATUS } from '../../src/gateway/contract/inbox';
import { fillWaBody } from '../../src/gateway/contract/wa-send';
import type { ActionInput } from '../../src/gateway/contract/actions/registry';
import { waSendActions } from '../../src/gateway/contract/actions/wa-send';
import { countryOfPhone } from '../workflows/engine-send';
import { nextInboxStatus, ownedMessage } from './store';

/** The customer's country from their wa_id (E.164 digits): what the send task reads the number in. */
const customerCountry = (waId: string): string =>
  parsePhoneNumberFromString(`+${waId}`)?.country ?? countryOfPhone(waId)?.CountryCode ?? 'US';

// A template reply from the inbox (docs/decisions.md "WhatsApp settings and template replies"): outside (or
// inside) the 24-hour customer-service window a WhatsApp customer can be answered with an APPROVED template
// of the number they wrote to. It is a one-recipient WhatsApp task through the kernel (the send Action's own
// checks, price and records); the inbox keeps it as a reply and the message becomes Replied.

type ReplyRow = typeof inboxReplies.$inferSelect;
export type WaTaskSender = (input: ActionInput<'AddWhatsAppSendTask'>) => Promise<{ TaskId: string }>;

export async function sendTemplateReply(
  db: Db,
  now: Date,
  userId: number,
  input: ActionInput<'SendInboxTemplateReply'>,
  sendTask: WaTaskSender,
): Promise<{ reply: ReplyRow; taskId: string }> {
  const message = await ownedMessage(db, userId, input.MessageId);
  if (message.platformType !== INBOX_PLATFORM.WhatsApp)
    throw new ApiError(
      RetCode.InboxTemplateReplyNotWhatsApp,
      {},
      { Fields: [{ Field: 'MessageId', Key: 'errors:InboxTemplateReplyNotWhatsApp' }] },
    );
  if (message.status === INBOX_STATUS.Archived) throw new ApiError(RetCode.InboxMessageArchived);
  const status = nextInboxStatus(message.status, 'message.reply');
  const template = await ownedWaTemplate(db, userId, input.TemplateId);
  const [phoneNumberId, customer] = message.chatId.split(':');
  const values = input.Values ?? [];
  // the task's own IdempotencyKey: a retry answers the first task, never a second send
  // through the send Action's own schema: its defaults (immediate, no tags) and checks
  const { TaskId } = await sendTask(
    waSendActions.AddWhatsAppSendTask.input.parse({
      TaskName: `Inbox reply ${input.MessageId}`,
      TemplateId: input.TemplateId,
      PhoneNumberId: phoneNumberId,
      CountryCode: customerCountry(customer),
      Rows: [[`+${customer}`, ...values]],
      IdempotencyKey: input.IdempotencyKey,
    }),
  );
  await db
    .insert(inboxReplies)
    .values({
      messageId: message.id,
      userId,
      requestKey: input.IdempotencyKey,
      text: fillWaBody(template.body, values),
      result: 'sent',
      externalId: TaskId,
      createdAt: now,
    })
    .onConflictDoNothing();
  const [reply] = await db
    .select()
    .from(inboxReplies)
    .where(and(eq(inboxReplies.userId, userId), eq(inboxReplies.requestKey, input.IdempotencyKey)));
  if (reply.messageId !== message.id) throw new ApiError(RetCode.IdempotencyConflict);
  await db
    .update(inboxMessages)
    .set({ status, repliedAt: now, updatedAt: now })
    .where(and(eq(inboxMessages.id, message.id), eq(inboxMessages.status, message.status)));
  return { reply, taskId: TaskId };
}
