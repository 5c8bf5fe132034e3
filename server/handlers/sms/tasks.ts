import { smsChannel } from '../../channels/sms';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { HandlerMap } from '../../context';
import { channelTasks } from '../../db/schema';
import { SMS_TASK_STATUS } from '../../../src/gateway/contract/sms-constants';
import { SMS_MESSAGE_RESULT_OF_CODE as MESSAGE_RESULT_OF_CODE } from '../../../src/machines/lifecycles/sms-message.machine';
import { countsOf, listTasks, ownedTask, taskData } from '../../sms/tasks';
import { carrierErrorDescription } from '../../providers/carrier';
import { rowsOf } from '../../db/rows';
import { unix } from '../../lib/time';

export const smsTaskHandlers: HandlerMap = {
  async GetUSMSSendTask(input, ctx) {
    return listTasks(ctx.db, ctx.user.id, smsChannel.id, input, ctx.lang);
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
