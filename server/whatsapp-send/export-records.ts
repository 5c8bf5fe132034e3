import type { WaRecord } from '../../src/gateway/contract/actions/wa-send';
import type { Lang } from '../messages';
import { exportColumn, exportTime, type ExportColumn, type RecordSource } from '../sms/export-columns';
import { waRecords } from './records';
import enWa from '../../src/i18n/locales/en/whatsapp.json';
import zhWa from '../../src/i18n/locales/zh/whatsapp.json';

// The CSV of WhatsApp records (/whatsapp/search's exports; docs/decisions.md "WhatsApp settings and template
// replies"): the records table's columns — template, conversation, direction, status — in the caller's words.

const WORDS = { en: enWa, zh: zhWa };
const column = exportColumn<WaRecord>;

const WA_COLUMNS: ExportColumn<WaRecord>[] = [
  column('Record ID', '记录 ID', (r) => r.RecordId),
  column('Task ID', '任务 ID', (r) => r.TaskId),
  column('Task name', '任务名称', (r) => r.TaskName),
  column('Phone', '号码', (r) => r.Phone),
  column('Business number ID', '企业号码 ID', (r) => r.PhoneNumberId),
  column('Template', '模板', (r) => r.TemplateName),
  column('Language', '语言', (r) => r.Language),
  column('Conversation', '会话类型', (r, lang) => WORDS[lang].categories[r.Category]),
  column('Direction', '方向', (r, lang) => WORDS[lang].directions[r.Direction]),
  column('Content', '内容', (r) => r.Content),
  column('Status', '状态', (r, lang) => WORDS[lang].recordStatus[r.Status]),
  column('Error code', '错误码', (r) => r.ErrorCode),
  column('Error description', '错误描述', (r) => r.ErrorDescription),
  column('Submit time (UTC)', '提交时间 (UTC)', (r) => exportTime(r.SubmitTime)),
  column('Report time (UTC)', '回执时间 (UTC)', (r) => exportTime(r.ReportTime)),
  column('Cost', '费用', (r) => (r.Cost / 10_000).toFixed(4)),
];

export const waRecordSource: RecordSource = {
  header: (lang) => WA_COLUMNS.map((c) => c.header[lang]),
  rows: async (db, userId, filters, page, lang: Lang) => {
    const { Records } = await waRecords(
      db,
      userId,
      filters as Parameters<typeof waRecords>[2],
      page.limit,
      page.offset,
      lang,
    );
    return Records.map((r) => WA_COLUMNS.map((c) => c.value(r, lang)));
  },
  resultName: (status, lang) => WORDS[lang].recordStatus[status as WaRecord['Status']] ?? status,
};
