import type { UserContext } from '../context';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { Country } from '../../src/gateway/contract/countries';
import type { ActionInput } from '../../src/gateway/contract/actions/registry';
import { unix } from '../lib/time';
import type { ChannelDescription } from '../channels/channel';
import type { TaskRow } from '../channels/task-store';
import { availableBalance } from '../channels/create-task';
import { idempotent, storedAnswer } from '../money/idempotency';
import { requireLiveSubscription } from '../money/subscription-gate';
import { enforceLimits, fireWarnings } from './limits';
import { queueParse, readRecipients, storeSendTask } from './create-task';
import { supportedCountry } from './countries';
import { isKnownZone, zonedTimeToDate } from './time-zones';
import { audienceRecipients } from './audience-recipients';
import type { SendTemplate } from './send-template';

// Accepting a send task of a phone channel (SMS, MMS): every check of spec 001 §5/§8 before anything
// is stored, then the task on the kernel at its parsing status. The channel says only what differs.

/** Trial accounts send only through the trial; Type 4 accounts cannot upgrade (spec 000 §4, §6). */
export function requireUpgraded(user: { upgraded: boolean; type: number }): void {
  if (user.upgraded) return;
  throw new ApiError(user.type === 4 ? RetCode.NoUpgradePermission : RetCode.UpgradeRequired);
}

export type SendTaskInput = Omit<ActionInput<'AddUSMSSendTask'>, 'Tags' | 'ProjectId' | 'SendType'> & {
  Tags: string[];
  ProjectId: string;
  SendType: 'immediate' | 'scheduled';
};

export type { SendTemplate } from './send-template';

export interface PhoneChannel {
  action: 'AddUSMSSendTask' | 'AddUMMSSendTask' | 'AddUVMSSendTask' | 'AddWhatsAppSendTask';
  channel: ChannelDescription;
  /** The caller's template, refused unless usable. */
  template(ctx: UserContext, templateId: string): Promise<SendTemplate>;
  price(country: Country): number;
  partsOf(template: SendTemplate, country: Country): (params: string[]) => number;
}

export type SendTaskReply = ReturnType<typeof sendTaskReply>;

function sendTaskReply(task: TaskRow, accountId: number, invalidCount: number, duplicateCount: number) {
  return {
    TaskId: task.taskId,
    SessionNo: task.sessionNo,
    AccountId: accountId,
    Status: task.status,
    TotalCount: task.totalCount,
    InvalidCount: invalidCount,
    DuplicateCount: duplicateCount,
    Segments: task.segments,
    EstimatedCost: task.estimatedCost,
    SendTime: unix(task.sendAt),
  };
}

/** When a task sends, in its time zone: now, or its scheduled local time (refused when past or over a year ahead). */
export function sendTime(input: Pick<SendTaskInput, 'SendType' | 'TimeZone' | 'ScheduledTime'>, ctx: UserContext) {
  const now = ctx.clock.now();
  if (input.SendType !== 'scheduled') return { sendAt: now, timeZone: input.TimeZone ?? ctx.user.timezone };
  if (!input.TimeZone || !isKnownZone(input.TimeZone)) throw new ApiError(RetCode.TimeZoneUnknown);
  const at = zonedTimeToDate(input.ScheduledTime ?? '', input.TimeZone);
  if (!at)
    throw new ApiError(
      RetCode.ValidationError,
      {},
      { Fields: [{ Field: 'ScheduledTime', Key: 'validation:scheduleInvalid' }] },
    );
  if (at.getTime() < now.getTime() - 60_000 || at.getTime() > now.getTime() + 366 * 86_400_000)
    throw new ApiError(RetCode.ScheduleInPast);
  return { sendAt: at, timeZone: input.TimeZone };
}

export async function acceptSendTask(
  ctx: UserContext,
  input: SendTaskInput,
  phone: PhoneChannel,
): Promise<SendTaskReply> {
  // A retry of an accepted request (issue 19 item 4) gets the first task, before any check runs again.
  const key = input.IdempotencyKey;
  if (key) {
    const first = await storedAnswer<SendTaskReply>(ctx, phone.action, { ...input, IdempotencyKey: key });
    if (first) return first;
  }
  requireUpgraded(ctx.user);
  await requireLiveSubscription(ctx.db, ctx.user.id, ctx.clock.now());
  const template = await phone.template(ctx, input.TemplateId);
  const country = supportedCountry(input.CountryCode);
  // Spec 001 §5: manual import (a number list) is not supported for templates with variables.
  if (template.variableCount > 0 && input.Phones) throw new ApiError(RetCode.TemplateHasVariables);
  const { sendAt, timeZone } = sendTime(input, ctx);
  const partsOf = phone.partsOf(template, country);
  const audience =
    input.ListId !== undefined || input.SegmentId !== undefined
      ? await audienceRecipients(ctx, input, template, country, phone.channel, partsOf)
      : undefined;
  const { recipients, invalidCount, duplicateCount } = audience
    ? { recipients: [], invalidCount: 0, duplicateCount: 0 }
    : readRecipients(input, country, template.variableCount, partsOf);
  const recipientCount = audience ? audience.expectedCount : recipients.length;
  if (recipientCount === 0) throw new ApiError(RetCode.NoValidRecipients);
  const price = phone.price(country);
  const estimatedCost = audience
    ? audience.expectedCount * audience.partsEach * price
    : recipients.reduce((sum, r) => sum + r.segments, 0) * price;
  // Spec 001 §8 "insufficient balance": refused before anything is stored or sent.
  if ((await availableBalance(ctx.db, ctx.user.id, phone.channel)) < estimatedCost)
    throw new ApiError(RetCode.InsufficientBalance);
  const limitState = await enforceLimits(ctx, ctx.user, ctx.lang, recipientCount, phone.channel.id);
  const spec = {
    name: input.TaskName,
    templateId: template.templateId,
    templateName: template.name,
    content: template.content,
    variableCount: template.variableCount,
    country,
    price,
    senderId: input.SenderId ?? '',
    tags: [...new Set(input.Tags)],
    projectId: input.ProjectId,
    sendType: input.SendType,
    sendAt,
    timeZone: timeZone || 'UTC',
    trial: false,
    recipients,
    audience,
    invalidCount,
    duplicateCount,
  };
  let stored: TaskRow | null = null;
  const store = async (tx: Db) => {
    stored = await storeSendTask(tx, ctx, ctx.user.id, spec, phone.channel);
    return sendTaskReply(stored, ctx.user.id, invalidCount, duplicateCount);
  };
  const reply = key
    ? await idempotent(ctx, phone.action, { ...input, IdempotencyKey: key }, store)
    : await ctx.db.transaction((tx) => store(tx));
  if (stored) await queueParse(ctx, stored);
  await fireWarnings(ctx, ctx.user, ctx.lang, limitState, recipientCount, phone.channel.id);
  return reply;
}
