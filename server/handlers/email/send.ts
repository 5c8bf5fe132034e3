import type { HandlerMap } from '../../context';
import { emailChannel } from '../../channels/email';
import { cancelTask, listTasks, ownedTask } from '../../sms/tasks';
import { acceptEmailSendTask } from '../../email/send-task';
import { queryEmailRecords } from '../../email/send-records';
import { parseEmailContent } from '../../email/send-content';
import { readingConversion, traceStatistics } from '../../email/tracking';

// E-mail sending Actions (docs/decisions.md "E-mail sending"): thin over server/email/send-*.ts and the
// channel kernel. A task's Content is its subject here (its HTML stays with the template).

export const emailSendHandlers: HandlerMap = {
  AddEmailSendTask: (input, ctx) => acceptEmailSendTask(ctx, input),
  async GetEmailSendTask(input, ctx) {
    const { Total, Tasks } = await listTasks(ctx.db, ctx.user.id, emailChannel.id, input, ctx.lang);
    return { Total, Tasks: Tasks.map((task) => ({ ...task, Content: parseEmailContent(task.Content).subject })) };
  },
  async CancelEmailSendTask(input, ctx) {
    const task = await cancelTask(ctx.db, emailChannel.id, input.TaskId, ctx.user.id, ctx.clock.now());
    return { TaskId: task.taskId, Status: task.status };
  },
  async GetEmailSendRecord(input, ctx) {
    const { Page, NumPerPage, ...filters } = input;
    const { total, records } = await queryEmailRecords(
      ctx.db,
      ctx.user.id,
      filters,
      { limit: NumPerPage, offset: (Page - 1) * NumPerPage },
      ctx.lang,
    );
    return { Total: total, Records: records };
  },
  async GetEmailTraceStatistic(input, ctx) {
    const task = await ownedTask(ctx.db, ctx.user.id, input.TaskId, emailChannel.id);
    const stats = await traceStatistics(ctx.db, ctx.user.id, task.id);
    const delivered = task.successCount;
    return {
      TaskId: task.taskId,
      Delivered: delivered,
      ...stats,
      ReadingConversion: readingConversion(stats.UniqueOpens, delivered),
    };
  },
};
