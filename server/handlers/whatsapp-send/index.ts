import { and, eq, inArray, sql } from 'drizzle-orm';
import type { HandlerMap, UserContext } from '../../context';
import { ApiError } from '../../errors';
import { channelTasks, waNumbers, waSends } from '../../db/schema';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import type { ActionInput } from '../../../src/gateway/contract/actions/registry';
import { tierCanHold, waNumberCanSend, worstConversationPrice } from '../../../src/gateway/contract/wa-send';
import { waVariables, WA_TEMPLATE_STATUS } from '../../../src/gateway/contract/wa-templates';
import { WA_TIER_LIMITS, type WaNumberStatus, type WaTier } from '../../../src/gateway/contract/whatsapp';
import { whatsappChannel } from '../../channels/whatsapp';
import { receiptCodeStatistics, sendStatistics } from '../../channels/statistics';
import { acceptSendTask, type PhoneChannel, type SendTaskInput } from '../../sms/accept-task';
import { cancelTask, listTasks } from '../../sms/tasks';
import { requireAccount } from '../../whatsapp/accounts';
import { ownedWaTemplate } from '../../whatsapp-templates/store';
import { waRecords } from '../../whatsapp-send/records';
import { waTaskContentJson, type WaTaskContent } from '../../whatsapp-send/task-content';

// WhatsApp sending's Actions (docs/decisions.md "WhatsApp sending"): thin over the channel kernel. A task is
// accepted only from a CONNECTED number of the account, with an APPROVED template of the same business
// account, and when the number's tier can hold its recipients within WA_MAX_TIER_DAYS of pacing.

const numberField = (key: string) => ({ Fields: [{ Field: 'PhoneNumberId', Key: key }] });

async function sendingNumber(ctx: UserContext, phoneNumberId: string) {
  const [number] = await ctx.db
    .select()
    .from(waNumbers)
    .where(and(eq(waNumbers.userId, ctx.user.id), eq(waNumbers.phoneNumberId, phoneNumberId)));
  if (!number || !waNumberCanSend(number.status as WaNumberStatus))
    throw new ApiError(RetCode.WaSendNumberCannotSend, {}, numberField('validation:waNumberRequired'));
  return number;
}

async function addTask(ctx: UserContext, input: ActionInput<'AddWhatsAppSendTask'>) {
  const account = await requireAccount(ctx.db, ctx.user.id);
  const { PhoneNumberId, ...rest } = input;
  const number = await sendingNumber(ctx, PhoneNumberId);
  const row = await ownedWaTemplate(ctx.db, ctx.user.id, input.TemplateId);
  if (row.status !== WA_TEMPLATE_STATUS.APPROVED) throw new ApiError(RetCode.WaSendTemplateNotApproved);
  if (row.wabaId && row.wabaId !== account.wabaId) throw new ApiError(RetCode.WaSendTemplateOtherAccount);
  const listed = (input.Phones?.length ?? 0) + (input.Rows?.length ?? 0);
  if (!tierCanHold(WA_TIER_LIMITS[number.tier as WaTier] ?? WA_TIER_LIMITS['50'], listed))
    throw new ApiError(RetCode.WaSendTierTooSmall, {}, numberField('validation:waNumberRequired'));
  const content: WaTaskContent = {
    name: row.name,
    language: row.language,
    category: row.category.toLowerCase() as WaTaskContent['category'],
    body: row.body,
  };
  const channel: PhoneChannel = {
    action: 'AddWhatsAppSendTask',
    channel: whatsappChannel,
    template: async () => ({
      templateId: row.templateId,
      name: row.name,
      content: waTaskContentJson(content),
      variableCount: new Set(waVariables(row.body)).size,
    }),
    // the most a conversation of the template's category costs: the balance the task needs
    price: () => worstConversationPrice(content.category),
    partsOf: () => () => 1,
  };
  return acceptSendTask(ctx, { ...rest, Tags: rest.Tags ?? [], SenderId: PhoneNumberId } as SendTaskInput, channel);
}

async function paidByTask(ctx: UserContext, taskIds: string[]): Promise<Map<string, number>> {
  if (taskIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ taskId: channelTasks.taskId, paid: sql<string>`COALESCE(SUM(${waSends.paid}), 0)` })
    .from(waSends)
    .innerJoin(channelTasks, eq(channelTasks.id, waSends.taskId))
    .where(and(eq(waSends.userId, ctx.user.id), inArray(channelTasks.taskId, taskIds), eq(waSends.state, 'sent')))
    .groupBy(channelTasks.taskId);
  return new Map(rows.map((row) => [row.taskId, Number(row.paid)]));
}

export const waSendHandlers: HandlerMap = {
  AddWhatsAppSendTask: (input, ctx) => addTask(ctx, input),
  async GetWhatsAppSendTask(input, ctx) {
    const list = await listTasks(ctx.db, ctx.user.id, whatsappChannel.id, input, ctx.lang);
    // the kernel records no cost for a channel that pays itself: a task's cost is its conversations'
    const paid = await paidByTask(
      ctx,
      list.Tasks.map((t) => t.TaskId),
    );
    return { ...list, Tasks: list.Tasks.map((t) => ({ ...t, Cost: paid.get(t.TaskId) ?? 0 })) };
  },
  async CancelWhatsAppSendTask(input, ctx) {
    const task = await cancelTask(ctx.db, whatsappChannel.id, input.TaskId, ctx.user.id, ctx.clock.now());
    return { TaskId: task.taskId, Status: task.status };
  },
  GetWhatsAppSendStatistics: (input, ctx) => sendStatistics(ctx.db, whatsappChannel.id, ctx.user.id, input),
  GetWhatsAppSendReceiptCodeStatistics: (input, ctx) =>
    receiptCodeStatistics(ctx.db, whatsappChannel.id, ctx.user.id, input, ctx.lang),
  async GetWhatsAppSendRecord(input, ctx) {
    const { Page, NumPerPage, ...filters } = input;
    return waRecords(ctx.db, ctx.user.id, filters, NumPerPage, (Page - 1) * NumPerPage, ctx.lang);
  },
};
