import { and, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { HandlerMap } from '../../context';
import type { Db } from '../../db/database';
import { smsTasks } from '../../db/schema';
import { SMS_TASK_STATUS } from '../../../src/gateway/contract/sms-constants';
import type { SmsTask } from '../../../src/gateway/contract/actions/sms';
import type { SmsTaskRow } from '../../jobs/sms-tasks';
import { MESSAGE_RESULT_OF_CODE } from '../../jobs/sms-tasks';
import { carrierErrorDescription } from '../../providers/carrier';
import type { Lang } from '../../messages';
import { notFound, rowsOf, unix } from './shared';

const REASONS: Record<string, Record<Lang, string>> = {
  insufficientBalance: {
    en: 'Stopped: the SMS balance ran out. Add funds and send the rest again.',
    zh: '已停止：短信余额不足。请充值后重新发送剩余号码。',
  },
  carrierRefusedAll: {
    en: 'The carrier refused every message. Check the numbers and the country.',
    zh: '运营商拒收了全部短信，请检查号码和国家/地区。',
  },
};

export function successRate(success: number, finished: number): number {
  return finished > 0 ? Math.round((success / finished) * 10_000) / 100 : 0;
}

export function countsOf(row: SmsTaskRow) {
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

export function taskData(row: SmsTaskRow, lang: Lang): SmsTask {
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
    Reason: REASONS[row.reason]?.[lang] ?? row.reason,
    CreateTime: unix(row.createdAt),
    FinishTime: unix(row.finishedAt),
  };
}

export async function ownedTask(db: Db, userId: number, taskId: string): Promise<SmsTaskRow> {
  const [row] = await db
    .select()
    .from(smsTasks)
    .where(and(eq(smsTasks.taskId, taskId), eq(smsTasks.userId, userId), ne(smsTasks.status, SMS_TASK_STATUS.Deleted)));
  if (!row) throw notFound();
  return row;
}

export const smsTaskHandlers: HandlerMap = {
  async GetUSMSSendTask(input, ctx) {
    const conditions: (SQL | undefined)[] = [
      eq(smsTasks.userId, ctx.user.id),
      ne(smsTasks.status, SMS_TASK_STATUS.Deleted),
    ];
    if (input.TaskId) conditions.push(eq(smsTasks.taskId, input.TaskId));
    if (input.Keyword) {
      const like = `%${input.Keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(or(ilike(smsTasks.name, like), ilike(smsTasks.taskId, like), ilike(smsTasks.templateName, like)));
    }
    if (input.Status?.length) conditions.push(inArray(smsTasks.status, input.Status));
    if (input.Tag) conditions.push(sql`${input.Tag} = ANY(${smsTasks.tags})`);
    if (input.BeginTime !== undefined) conditions.push(gte(smsTasks.createdAt, new Date(input.BeginTime * 1000)));
    if (input.EndTime !== undefined) conditions.push(lt(smsTasks.createdAt, new Date(input.EndTime * 1000)));
    const where = and(...conditions);
    const [{ total }] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(smsTasks)
      .where(where);
    const rows = await ctx.db
      .select()
      .from(smsTasks)
      .where(where)
      .orderBy(desc(smsTasks.createdAt), desc(smsTasks.id))
      .limit(input.NumPerPage)
      .offset((input.Page - 1) * input.NumPerPage);
    return { Total: total, Tasks: rows.map((row) => taskData(row, ctx.lang)) };
  },

  async DescribeUSMSTaskStatus(input, ctx) {
    const rows = await ctx.db
      .select()
      .from(smsTasks)
      .where(
        and(
          inArray(smsTasks.taskId, input.TaskIds),
          eq(smsTasks.userId, ctx.user.id),
          ne(smsTasks.status, SMS_TASK_STATUS.Deleted),
        ),
      );
    return {
      Tasks: rows.map((row) => ({
        ...countsOf(row),
        TaskId: row.taskId,
        Status: row.status,
        ResultState: row.resultState,
        Cost: row.cost,
        FinishTime: unix(row.finishedAt),
      })),
    };
  },

  async DescribeUSMSSendTaskStatistics(input, ctx) {
    const task = await ownedTask(ctx.db, ctx.user.id, input.TaskId);
    const codes = await rowsOf<{ error_code: string; state: number; n: number }>(
      ctx.db,
      sql`
      SELECT error_code, state, count(*)::int AS n FROM sms_recipients
      WHERE task_id = ${task.id} AND error_code <> '' GROUP BY error_code, state ORDER BY n DESC`,
    );
    return {
      Task: taskData(task, ctx.lang),
      ErrorCodes: codes
        .map((c) => ({
          ErrorCode: c.error_code,
          Description: carrierErrorDescription(c.error_code, ctx.lang),
          Count: c.n,
          Result: MESSAGE_RESULT_OF_CODE[c.state],
        }))
        .map(({ Result: _r, ...rest }) => rest),
    };
  },
};
