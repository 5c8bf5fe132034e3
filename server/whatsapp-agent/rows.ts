import type { WaAgentTask } from '../../src/gateway/contract/actions/wa-agent';
import { waAgentGroupOf, waAgentLabels, type WaAgentCancelledBy } from '../../src/gateway/contract/wa-agent';
import type { WaAgentRow } from './store';

const seconds = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null);

export function waAgentTaskData(row: WaAgentRow): WaAgentTask {
  const cancelledBy = row.cancelledBy as WaAgentCancelledBy;
  return {
    TaskId: row.taskId,
    Name: row.name,
    CountryCode: row.countryCode,
    TimeZone: row.timeZone,
    ExpectedSendTime: row.expectedLocal,
    ExpectedSendAt: seconds(row.expectedAt)!,
    Content: row.content,
    MediaFileId: row.mediaFileId,
    Status: row.status,
    Group: waAgentGroupOf(row.status),
    Labels: waAgentLabels({ status: row.status, cancelledBy, charged: row.charged, refunded: row.refunded }),
    FailReason: row.failReason,
    TotalCount: row.totalCount,
    InvalidCount: row.invalidCount,
    DuplicateCount: row.duplicateCount,
    SentCount: row.sentCount,
    FailedCount: row.failedCount,
    Price: row.price,
    Charged: row.charged,
    Refunded: row.refunded,
    CreateTime: seconds(row.createdAt)!,
    AnalyzingTime: seconds(row.analyzingAt),
    AnalyzedTime: seconds(row.analyzedAt),
    SendingTime: seconds(row.sendingAt),
    FinishTime: seconds(row.finishedAt),
  };
}
