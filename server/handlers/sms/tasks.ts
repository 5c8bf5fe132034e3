import { smsChannel } from '../../channels/sms';
import { and, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { HandlerMap } from '../../context';
import { channelTasks } from '../../db/schema';
import { SMS_TASK_STATUS } from '../../../src/gateway/contract/sms-constants';
import { SMS_MESSAGE_RESULT_OF_CODE as MESSAGE_RESULT_OF_CODE } from '../../../src/machines/lifecycles/sms-message.machine';
import { countsOf, ownedTask, taskData } from '../../sms/tasks';
import { carrierErrorDescription } from '../../providers/carrier';
import { rowsOf } from '../../db/rows';
import { unix } from '../../lib/time';

export const smsTaskHandlers: HandlerMap = {
  async GetUSMSSendTask(input, ctx) {
    const conditions: (SQL | undefined)[] = [
      eq(channelTasks.userId, ctx.user.id),
      eq(channelTasks.channel, smsChannel.id),
      ne(channelTasks.status, SMS_TASK_STATUS.Deleted),
    ];
    if (input.TaskId) conditions.push(eq(channelTasks.taskId, input.TaskId));
    if (input.Keyword) {
      const like = `%${input.Keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(ilike(channelTasks.name, like), ilike(channelTasks.taskId, like), ilike(channelTasks.templateName, like)),
      );
    }
    if (input.Status?.length) conditions.push(inArray(channelTasks.status, input.Status));
    if (input.Tag) conditions.push(sql`${input.Tag} = ANY(${channelTasks.tags})`);
    if (input.BeginTime !== undefined) conditions.push(gte(channelTasks.createdAt, new Date(input.BeginTime * 1000)));
    if (input.EndTime !== undefined) conditions.push(lt(channelTasks.createdAt, new Date(input.EndTime * 1000)));
    const where = and(...conditions);
    const [{ total }] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(channelTasks)
      .where(where);
    const rows = await ctx.db
      .select()
      .from(channelTasks)
      .where(where)
      .orderBy(desc(channelTasks.createdAt), desc(channelTasks.id))
      .limit(input.NumPerPage)
      .offset((input.Page - 1) * input.NumPerPage);
    return { Total: total, Tasks: rows.map((row) => taskData(row, ctx.lang)) };
  },

  async DescribeUSMSTaskStatus(input, ctx) {
    const rows = await ctx.db
      .select()
      .from(channelTasks)
      .where(
        and(
          inArray(channelTasks.taskId, input.TaskIds),
          eq(channelTasks.userId, ctx.user.id),
          eq(channelTasks.channel, smsChannel.id),
          ne(channelTasks.status, SMS_TASK_STATUS.Deleted),
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
      SELECT error_code, state, count(*)::int AS n FROM channel_recipients
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
