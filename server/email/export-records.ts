import type { EmailSendRecord } from '../../src/gateway/contract/actions/email-send';
import type { Lang } from '../messages';
import { exportColumn, exportTime, type ExportColumn, type RecordSource } from '../sms/export-columns';
import { readEmailRecords, type EmailRecordFilters } from './send-records';

// The CSV of e-mail send records (/email/search's exports; docs/decisions.md "E-mail statistics"):
// address, subject, result, opens and clicks from tracking, and the times.

const RESULT: Record<EmailSendRecord['Result'], Record<Lang, string>> = {
  pending: { en: 'Queued', zh: '排队中' },
  unknown: { en: 'Unknown', zh: '未知' },
  deliver: { en: 'Delivered', zh: '已送达' },
  invalid: { en: 'Bounced', zh: '退信' },
  soft_bounce: { en: 'Soft bounce', zh: '软退信' },
  submit_fail: { en: 'Not accepted', zh: '提交失败' },
};

const column = exportColumn<EmailSendRecord>;

const EMAIL_COLUMNS: ExportColumn<EmailSendRecord>[] = [
  column('Record ID', '记录 ID', (r) => r.RecordId),
  column('Task ID', '任务 ID', (r) => r.TaskId),
  column('Task name', '任务名称', (r) => r.TaskName),
  column('Address', '邮箱地址', (r) => r.Email),
  column('Subject', '主题', (r) => r.Subject),
  column('Result', '结果', (r, lang) => RESULT[r.Result][lang]),
  column('Opens', '打开次数', (r) => r.Opens),
  column('Clicks', '点击次数', (r) => r.Clicks),
  column('Error code', '错误码', (r) => r.ErrorCode),
  column('Error description', '错误描述', (r) => r.ErrorDescription),
  column('Submit time (UTC)', '提交时间 (UTC)', (r) => exportTime(r.SubmitTime)),
  column('Report time (UTC)', '回执时间 (UTC)', (r) => exportTime(r.ReportTime)),
  column('Cost', '费用', (r) => (r.Cost / 10_000).toFixed(4)),
];

export const emailRecordSource: RecordSource = {
  header: (lang) => EMAIL_COLUMNS.map((c) => c.header[lang]),
  rows: async (db, userId, filters, page, lang) => {
    const records = await readEmailRecords(db, userId, filters as EmailRecordFilters, page, lang);
    return records.map((r) => EMAIL_COLUMNS.map((c) => c.value(r, lang)));
  },
  resultName: (result, lang) => RESULT[result as EmailSendRecord['Result']]?.[lang] ?? result,
};
