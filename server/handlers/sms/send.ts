import { and, eq, ne } from 'drizzle-orm';
import type { HandlerMap } from '../../context';
import { channelTasks } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { SMS_LIMITS, SMS_TASK_STATUS } from '../../../src/gateway/contract/sms-constants';
import { countSmsSegments } from '../../../src/gateway/contract/sms-segments';
import { renderTemplate } from '../../../src/gateway/contract/sms-template';
import { smsTemplateUsable } from '../../../src/machines/lifecycles/sms-template.machine';
import { unix } from '../../lib/time';
import { moveTask, type TaskRow } from '../../channels/task-store';
import { ownedTemplate } from '../../sms/templates';
import { enforceLimits, fireWarnings } from '../../sms/limits';
import { queueParse, readRecipients, storeSendTask } from '../../sms/create-task';
import { availableBalance } from '../../channels/create-task';
import { smsChannel } from '../../channels/sms';
import { idempotent, storedAnswer } from '../../money/idempotency';
import type { Db } from '../../db/database';
import { smsPrice, supportedCountry } from '../../sms/countries';
import { isKnownZone, zonedTimeToDate } from '../../sms/time-zones';
import { requireLiveSubscription } from '../../money/subscription-gate';

/** Trial accounts send only through the trial; Type 4 accounts cannot upgrade (spec 000 §4, §6). */
export function requireUpgraded(user: { upgraded: boolean; type: number }): void {
  if (user.upgraded) return;
  throw new ApiError(user.type === 4 ? RetCode.NoUpgradePermission : RetCode.UpgradeRequired);
}

type SendTaskReply = ReturnType<typeof sendTaskReply>;

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

export const smsSendHandlers: HandlerMap = {
  async AddUSMSSendTask(input, ctx) {
    // A retry of an accepted request (issue 19 item 4) gets the first task, before any check runs again.
    const key = input.IdempotencyKey;
    if (key) {
      const first = await storedAnswer<SendTaskReply>(ctx, 'AddUSMSSendTask', { ...input, IdempotencyKey: key });
      if (first) return first;
    }
    requireUpgraded(ctx.user);
    await requireLiveSubscription(ctx.db, ctx.user.id, ctx.clock.now());
    const template = await ownedTemplate(ctx.db, ctx.user.id, input.TemplateId);
    if (!smsTemplateUsable(template.status)) throw new ApiError(RetCode.TemplateNotUsable);
    const country = supportedCountry(input.CountryCode);
    // Spec 001 §5: manual import (a number list) is not supported for templates with variables.
    if (template.variableCount > 0 && input.Phones) throw new ApiError(RetCode.TemplateHasVariables);
    const now = ctx.clock.now();
    let sendAt = now;
    let timeZone = input.TimeZone ?? ctx.user.timezone;
    if (input.SendType === 'scheduled') {
      if (!input.TimeZone || !isKnownZone(input.TimeZone)) throw new ApiError(RetCode.TimeZoneUnknown);
      timeZone = input.TimeZone;
      const at = zonedTimeToDate(input.ScheduledTime ?? '', input.TimeZone);
      if (!at)
        throw new ApiError(
          RetCode.ValidationError,
          {},
          { Fields: [{ Field: 'ScheduledTime', Key: 'validation:scheduleInvalid' }] },
        );
      if (at.getTime() < now.getTime() - 60_000 || at.getTime() > now.getTime() + 366 * 86_400_000)
        throw new ApiError(RetCode.ScheduleInPast);
      sendAt = at;
    }
    const { recipients, invalidCount, duplicateCount } = readRecipients(
      input,
      country,
      template.content,
      template.variableCount,
    );
    if (recipients.length === 0) throw new ApiError(RetCode.NoValidRecipients);
    const price = smsPrice(country);
    const estimatedCost = recipients.reduce((sum, r) => sum + r.segments, 0) * price;
    // Spec 001 §8 "insufficient balance": refused before anything is stored or sent.
    if ((await availableBalance(ctx.db, ctx.user.id, smsChannel)) < estimatedCost)
      throw new ApiError(RetCode.InsufficientBalance);
    const limitState = await enforceLimits(ctx, ctx.user, ctx.lang, recipients.length);
    let stored: TaskRow | null = null;
    const store = async (tx: Db) => {
      stored = await storeSendTask(tx, ctx, ctx.user.id, spec);
      return sendTaskReply(stored, ctx.user.id, invalidCount, duplicateCount);
    };
    const spec = {
      name: input.TaskName,
      templateId: template.templateId,
      templateName: template.name,
      content: template.content,
      variableCount: template.variableCount,
      country,
      senderId: input.SenderId ?? '',
      tags: [...new Set(input.Tags)],
      projectId: input.ProjectId,
      sendType: input.SendType,
      sendAt,
      timeZone: timeZone || 'UTC',
      trial: false,
      recipients,
      invalidCount,
      duplicateCount,
    };
    const reply = key
      ? await idempotent(ctx, 'AddUSMSSendTask', { ...input, IdempotencyKey: key }, store)
      : await ctx.db.transaction((tx) => store(tx));
    if (stored) await queueParse(ctx, stored);
    await fireWarnings(ctx, ctx.user, ctx.lang, limitState, recipients.length);
    return reply;
  },

  async GetUSMSPreviewSmsContent(input, ctx) {
    const template = await ownedTemplate(ctx.db, ctx.user.id, input.TemplateId);
    const country = input.CountryCode ? supportedCountry(input.CountryCode) : null;
    const content = renderTemplate(template.content, input.Params);
    const count = countSmsSegments(content, country?.CountryCode);
    const price = country ? smsPrice(country) : 0;
    return {
      Content: content,
      Encoding: count.encoding,
      Units: count.units,
      Segments: count.segments,
      PerSegment: count.perSegment,
      VariableCount: template.variableCount,
      Price: price,
      EstimatedCost: price * count.segments * Math.min(input.RecipientCount, SMS_LIMITS.maxRecipients),
    };
  },

  async CancelUSMSSendTask(input, ctx) {
    const task = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(channelTasks)
        .where(
          and(
            eq(channelTasks.taskId, input.TaskId),
            eq(channelTasks.userId, ctx.user.id),
            eq(channelTasks.channel, smsChannel.id),
            ne(channelTasks.status, SMS_TASK_STATUS.Deleted),
          ),
        )
        .for('update');
      if (!row) throw notFound();
      return moveTask(tx, row, 'task.cancel', { finishedAt: ctx.clock.now() });
    });
    return { TaskId: task.taskId, Status: task.status };
  },
};
