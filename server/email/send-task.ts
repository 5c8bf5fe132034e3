import { eq } from 'drizzle-orm';
import type { UserContext } from '../context';
import type { Db } from '../db/database';
import { channelTasks, smsTags } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { ActionData, ActionInput } from '../../src/gateway/contract/actions/registry';
import { EMAIL_PATTERN } from '../../src/gateway/contract/validators';
import { EMAIL_PRICE } from '../../src/gateway/contract/actions/email-send';
import { emailTemplateUsable } from '../../src/machines/lifecycles/email-template.machine';
import { unix } from '../lib/time';
import { emailChannel } from '../channels/email';
import { availableBalance, storeTask, type TaskAudienceSpec, type TaskRecipient } from '../channels/create-task';
import type { TaskRow } from '../channels/task-store';
import { checkMapping, countMembers, resolveAudience } from '../audience/send-source';
import { idempotent, storedAnswer } from '../money/idempotency';
import { requireLiveSubscription } from '../money/subscription-gate';
import { requireUpgraded, sendTime } from '../sms/accept-task';
import { queueParse } from '../sms/create-task';
import { ownedEmailTemplate } from './templates';
import { usableSender } from './senders';
import { emailTaskContent } from './send-content';
import { suppressedEmails } from './suppression';
import { reserveEmailSend, type EmailRequestKind } from './limits';
import { queueEmailAlerts } from './alerts';
import { footerParts } from './footer';

// Accepting an e-mail send task (issue 13 item 4, docs/decisions.md "E-mail sending"): every check
// before anything is stored, then the task on the kernel at its parsing status, like a phone channel's.

const ACTION = 'AddEmailSendTask';

/** Herald's e-mail price, from the contract (the console shows it before sending). */
export { EMAIL_PRICE };

type Input = ActionInput<typeof ACTION> & { Tags: string[]; ProjectId: string; SendType: 'immediate' | 'scheduled' };
type Reply = ActionData<typeof ACTION>;

/** Pasted addresses or rows: well-formed (spec 001 §5 pattern), lower-cased, deduplicated, suppressed ones counted. */
async function readEmailRecipients(ctx: UserContext, input: Input, variableCount: number) {
  const rows = input.Rows ?? (input.Emails ?? []).map((address) => [address]);
  const seen = new Set<string>();
  const candidates: TaskRecipient[] = [];
  let invalidCount = 0;
  let duplicateCount = 0;
  rows.forEach((row, index) => {
    if (row.length !== variableCount + 1)
      throw new ApiError(RetCode.TemplateParamsMismatch, {
        row: index + 1,
        given: row.length - 1,
        expected: variableCount,
      });
    const address = row[0].trim().toLowerCase();
    if (!address || address.length > 254 || !EMAIL_PATTERN.test(address)) return void invalidCount++;
    if (seen.has(address)) return void duplicateCount++;
    seen.add(address);
    candidates.push({ address, params: variableCount ? row.slice(1) : null, segments: 1 });
  });
  const suppressed = await suppressedEmails(
    ctx.db,
    ctx.user.id,
    candidates.map((r) => r.address),
  );
  const recipients = candidates.filter((r) => !suppressed.has(r.address));
  return { recipients, invalidCount, duplicateCount, suppressedCount: candidates.length - recipients.length };
}

/** A list or a segment: counted now (balance and estimate), read when the task is parsed. */
async function emailAudience(ctx: UserContext, input: Input, variableCount: number) {
  const { audience, source } = await resolveAudience(ctx.db, ctx.user.id, input);
  const given = (input.VariableMapping ?? []).map((item) => ({
    Variable: item.Variable ?? 0,
    Attribute: item.Attribute ?? '',
    DefaultValue: item.DefaultValue ?? '',
  }));
  const mapping = await checkMapping(ctx.db, ctx.user.id, given, variableCount);
  const counts = await countMembers(
    ctx.db,
    ctx.user.id,
    source,
    { channel: emailChannel.id, addressKind: 'email', phonePrefix: '' },
    ctx.clock.now(),
  );
  const spec: TaskAudienceSpec = { audience, source, mapping, expectedCount: counts.sendable, partsEach: 1 };
  return { spec, suppressedCount: counts.suppressed };
}

function replyOf(task: TaskRow, invalidCount: number, duplicateCount: number, suppressedCount: number): Reply {
  return {
    TaskId: task.taskId,
    SessionNo: task.sessionNo,
    AccountId: task.userId,
    Status: task.status,
    TotalCount: task.totalCount,
    InvalidCount: invalidCount,
    DuplicateCount: duplicateCount,
    SuppressedCount: suppressedCount,
    Segments: task.segments,
    EstimatedCost: task.estimatedCost,
    SendTime: unix(task.sendAt),
  };
}

/** A batch task (AddEmailSendTask) or a trigger send (SendEmail: one recipient of a trigger template). */
export async function acceptEmailSendTask(
  ctx: UserContext,
  input: Input,
  kind: EmailRequestKind = 'batch',
): Promise<Reply> {
  const key = input.IdempotencyKey;
  if (key) {
    const first = await storedAnswer<Reply>(ctx, ACTION, { ...input, IdempotencyKey: key });
    if (first) return first;
  }
  requireUpgraded(ctx.user);
  await requireLiveSubscription(ctx.db, ctx.user.id, ctx.clock.now());
  const template = await ownedEmailTemplate(ctx.db, ctx.user.id, input.TemplateId);
  if (!emailTemplateUsable(template.status)) throw new ApiError(RetCode.TemplateNotUsable);
  if (kind === 'trigger' && template.kind !== 'trigger')
    throw new ApiError(
      RetCode.ValidationError,
      {},
      { Fields: [{ Field: 'TemplateId', Key: 'validation:emailTemplateNotTrigger' }] },
    );
  const sender = await usableSender(ctx.db, ctx.user.id, input.SenderId);
  if (!sender) throw new ApiError(RetCode.EmailSenderNotUsable);
  const content = emailTaskContent(template, await footerParts(ctx.db, ctx.user.id, ctx.origin));
  const variableCount = content.variables.length;
  // Spec 001 §5: manual import is not supported for templates with variables.
  if (variableCount > 0 && input.Emails) throw new ApiError(RetCode.TemplateHasVariables);
  const { sendAt, timeZone } = sendTime(input, ctx);
  const fromAudience = input.ListId !== undefined || input.SegmentId !== undefined;
  const audience = fromAudience ? await emailAudience(ctx, input, variableCount) : undefined;
  const read = audience
    ? { recipients: [], invalidCount: 0, duplicateCount: 0, suppressedCount: audience.suppressedCount }
    : await readEmailRecipients(ctx, input, variableCount);
  const count = audience ? audience.spec.expectedCount : read.recipients.length;
  if (count === 0) throw new ApiError(RetCode.NoValidRecipients);
  if ((await availableBalance(ctx.db, ctx.user.id, emailChannel)) < count * EMAIL_PRICE)
    throw new ApiError(RetCode.InsufficientBalance);
  let stored: TaskRow | null = null;
  const store = async (tx: Db) => {
    const now = ctx.clock.now();
    // Counted under the account's lock in this transaction: concurrent tasks cannot pass a limit together.
    await reserveEmailSend(tx, ctx.user, ctx.lang, now, count, kind);
    const task = await storeTask(
      tx,
      emailChannel,
      ctx.user.id,
      {
        name: input.TaskName,
        templateId: template.templateId,
        templateName: template.name,
        content: JSON.stringify(content),
        variableCount,
        countryCode: '',
        phonePrefix: '',
        senderId: sender.senderId,
        tags: [...new Set(input.Tags)],
        projectId: input.ProjectId,
        sendType: input.SendType,
        sendAt,
        timeZone: timeZone || 'UTC',
        trial: false,
        price: EMAIL_PRICE,
        recipients: read.recipients,
        audience: audience?.spec,
        invalidCount: read.invalidCount,
        duplicateCount: read.duplicateCount,
      },
      { groupSize: ctx.smsSettings.groupSize, now },
    );
    // An audience's suppressed members are counted again when it is parsed (the count at that time).
    if (kind === 'trigger')
      await tx.update(channelTasks).set({ requestKind: kind }).where(eq(channelTasks.id, task.id));
    if (!audience && read.suppressedCount)
      await tx.update(channelTasks).set({ suppressedCount: read.suppressedCount }).where(eq(channelTasks.id, task.id));
    for (const tag of new Set(input.Tags))
      await tx.insert(smsTags).values({ userId: ctx.user.id, name: tag, createdAt: now }).onConflictDoNothing();
    stored = task;
    return replyOf(task, read.invalidCount, read.duplicateCount, read.suppressedCount);
  };
  const reply = key
    ? await idempotent(ctx, ACTION, { ...input, IdempotencyKey: key }, store)
    : await ctx.db.transaction((tx) => store(tx));
  if (stored) {
    await queueParse(ctx, stored);
    await queueEmailAlerts(ctx, ctx.user.id);
  }
  return reply;
}
