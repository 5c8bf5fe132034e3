import { smsChannel } from '../channels/sms';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channelTasks } from '../db/schema';
import { notFound } from '../errors';
import { SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
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
  carrierRefusedAll: {
    en: 'The carrier refused every message. Check the numbers and the country.',
    zh: '运营商拒收了全部短信，请检查号码和国家/地区。',
  },
};

export function successRate(success: number, finished: number): number {
  return finished > 0 ? Math.round((success / finished) * 10_000) / 100 : 0;
}

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
    Reason: REASONS[row.reason]?.[lang] ?? reviewReasonText(row.reason, lang),
    CreateTime: unix(row.createdAt),
    FinishTime: unix(row.finishedAt),
  };
}

export async function ownedTask(db: Db, userId: number, taskId: string): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(channelTasks)
    .where(
      and(
        eq(channelTasks.taskId, taskId),
        eq(channelTasks.userId, userId),
        eq(channelTasks.channel, smsChannel.id),
        ne(channelTasks.status, SMS_TASK_STATUS.Deleted),
      ),
    );
  if (!row) throw notFound();
  return row;
}
