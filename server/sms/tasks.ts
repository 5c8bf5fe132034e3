import { smsChannel } from '../channels/sms';
import { containsPattern } from '../db/rows';
import { successRate } from '../../src/gateway/contract/sms-constants';
import { and, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channelTasks } from '../db/schema';
import { notFound } from '../errors';
import { deletedStatusOf, moveTask } from '../channels/task-store';
import type { SmsTask } from '../../src/gateway/contract/actions/sms';
import type { Lang } from '../messages';
import { unix } from '../lib/time';
import { reviewReasonText } from './review-rules';
import type { TaskRow } from '../channels/task-store';

const REASONS: Record<string, Record<Lang, string>> = {
  insufficientBalance: {
    en: 'Stopped: the SMS balance ran out. Add funds and send the rest again.',
    zh: '已停止：短信余额不足。请充值后重新发送剩余号码。',
  },
  staffRejected: {
    en: 'Rejected in manual review. Change the content and send it as a new task.',
    zh: '人工审核未通过。请修改内容后作为新任务发送。',
  },
  audienceEmpty: {
    en: 'Nobody to send to: the list or segment had no contact with a number of this country who is not unsubscribed.',
    zh: '没有可发送的联系人：该列表或分群中没有此国家/地区号码且未退订的联系人。',
  },
  audienceChanged: {
    en: 'The segment names a list or an attribute that was deleted. Edit the segment and send again.',
    zh: '该分群引用的列表或属性已被删除。请编辑分群后重新发送。',
  },
  carrierRefusedAll: {
    en: 'The carrier refused every message. Check the numbers and the country.',
    zh: '运营商拒收了全部短信，请检查号码和国家/地区。',
  },
};

export function countsOf(row: TaskRow) {
  const finished = row.successCount + row.failCount + row.unknownCount + row.submitFailCount;
  return {
    TotalCount: row.totalCount,
    InvalidCount: row.invalidCount,
    SubmitCount: row.submitCount,
    SubmitFailCount: row.submitFailCount,
    SuccessCount: row.successCount,
    FailCount: row.failCount,
    UnknownCount: row.unknownCount,
    SuccessRate: successRate(row.successCount, finished),
  };
}

export function taskData(row: TaskRow, lang: Lang): SmsTask {
  return {
    ...countsOf(row),
    TaskId: row.taskId,
    SessionNo: row.sessionNo,
    AccountId: row.userId,
    TaskName: row.name,
    TemplateId: row.templateId,
    TemplateName: row.templateName,
    Content: row.content,
    CountryCode: row.countryCode,
    SenderId: row.senderId,
    Tags: row.tags,
    ProjectId: row.projectId,
    SendType: row.sendType,
    SendTime: unix(row.sendAt),
    TimeZone: row.timeZone,
    Status: row.status,
    ResultState: row.resultState,
    Trial: row.trial,
    Segments: row.segments,
    EstimatedCost: row.estimatedCost,
    Cost: row.cost,
    Audience: row.audience ?? null,
    SuppressedCount: row.suppressedCount,
    NoAddressCount: row.noAddressCount,
    Reason: REASONS[row.reason]?.[lang] ?? reviewReasonText(row.reason, lang),
    CreateTime: unix(row.createdAt),
    FinishTime: unix(row.finishedAt),
  };
}

export async function ownedTask(db: Db, userId: number, taskId: string, channel = smsChannel.id): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(channelTasks)
    .where(
      and(
        eq(channelTasks.taskId, taskId),
        eq(channelTasks.userId, userId),
        eq(channelTasks.channel, channel),
        ne(channelTasks.status, deletedStatusOf(channel)),
      ),
    );
  if (!row) throw notFound();
  return row;
}

export interface TaskListQuery {
  Page: number;
  NumPerPage: number;
  TaskId?: string;
  Keyword?: string;
  Status?: number[];
  Tag?: string;
  BeginTime?: number;
  EndTime?: number;
}

/** A channel's task list (not deleted): filters and paging, newest first. */
export async function listTasks(db: Db, userId: number, channel: string, input: TaskListQuery, lang: Lang) {
  const conditions: (SQL | undefined)[] = [
    eq(channelTasks.userId, userId),
    eq(channelTasks.channel, channel),
    ne(channelTasks.status, deletedStatusOf(channel)),
  ];
  if (input.TaskId) conditions.push(eq(channelTasks.taskId, input.TaskId));
  if (input.Keyword) {
    const like = containsPattern(input.Keyword);
    conditions.push(
      or(ilike(channelTasks.name, like), ilike(channelTasks.taskId, like), ilike(channelTasks.templateName, like)),
    );
  }
  if (input.Status?.length) conditions.push(inArray(channelTasks.status, input.Status));
  if (input.Tag) conditions.push(sql`${input.Tag} = ANY(${channelTasks.tags})`);
  if (input.BeginTime !== undefined) conditions.push(gte(channelTasks.createdAt, new Date(input.BeginTime * 1000)));
  if (input.EndTime !== undefined) conditions.push(lt(channelTasks.createdAt, new Date(input.EndTime * 1000)));
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(channelTasks)
    .where(where);
  const rows = await db
    .select()
    .from(channelTasks)
    .where(where)
    .orderBy(desc(channelTasks.createdAt), desc(channelTasks.id))
    .limit(input.NumPerPage)
    .offset((input.Page - 1) * input.NumPerPage);
  return { Total: total, Tasks: rows.map((row) => taskData(row, lang)) };
}

/** Cancels a channel's task of the caller as its lifecycle allows (IllegalTransition otherwise). */
export async function cancelTask(db: Db, channel: string, taskId: string, userId: number, now: Date): Promise<TaskRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(channelTasks)
      .where(
        and(
          eq(channelTasks.taskId, taskId),
          eq(channelTasks.userId, userId),
          eq(channelTasks.channel, channel),
          ne(channelTasks.status, deletedStatusOf(channel)),
        ),
      )
      .for('update');
    if (!row) throw notFound();
    return moveTask(tx, row, 'task.cancel', { finishedAt: now });
  });
}
