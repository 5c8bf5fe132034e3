import type { SmsRecord } from '../../src/gateway/contract/actions/sms';
import { parseMmsContent } from '../../src/gateway/contract/mms-content';
import { voiceCallOutcome, type VoiceCallOutcome } from '../../src/gateway/contract/vms-task';
import type { Db } from '../db/database';
import type { Lang } from '../messages';
import enSms from '../../src/i18n/locales/en/sms.json';
import zhSms from '../../src/i18n/locales/zh/sms.json';
import enVms from '../../src/i18n/locales/en/vms.json';
import zhVms from '../../src/i18n/locales/zh/vms.json';

// The columns of a send-record export, per channel (docs/decisions.md "Exports by channel"): what every
// channel shares, then its own (SMS parts, MMS subject and text, voice outcome and call seconds).

export interface ExportColumn<R = SmsRecord> {
  header: Record<Lang, string>;
  value: (record: R, lang: Lang) => string | number;
}

/** A time in the CSV: UTC, "YYYY-MM-DD HH:mm:ss", empty for none. */
export const exportTime = (seconds: number) =>
  seconds ? new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19) : '';
const time = exportTime;

export const exportColumn = <R = SmsRecord>(
  en: string,
  zh: string,
  value: ExportColumn<R>['value'],
): ExportColumn<R> => ({
  header: { en, zh },
  value,
});
const column = exportColumn;

const head = [
  column('Record ID', '记录 ID', (r) => r.RecordId),
  column('Task ID', '任务 ID', (r) => r.TaskId),
  column('Task name', '任务名称', (r) => r.TaskName),
  column('Phone', '号码', (r) => r.Phone),
  column('Country', '国家/地区', (r) => r.CountryCode),
];

const tail = [
  column('Error code', '错误码', (r) => r.ErrorCode),
  column('Error description', '错误描述', (r) => r.ErrorDescription),
  column('Submit time (UTC)', '提交时间 (UTC)', (r) => time(r.SubmitTime)),
  column('Report time (UTC)', '回执时间 (UTC)', (r) => time(r.ReportTime)),
  column('Cost', '费用', (r) => (r.Cost / 10_000).toFixed(4)),
];

/** Results as the records pages name them: a call's on the voice page, every other phone channel's as SMS's. */
const RESULT_NAMES: Record<'message' | 'call', Record<Lang, Record<string, string>>> = {
  message: { en: enSms.messageResult, zh: zhSms.messageResult },
  call: { en: enVms.records.results, zh: zhVms.records.results },
};

export const resultNameOf = (channel: string, result: string, lang: Lang): string =>
  RESULT_NAMES[channel === 'voice' ? 'call' : 'message'][lang][result] ?? result;

const resultNamed = (channel: string) => column('Result', '结果', (r, lang) => resultNameOf(channel, r.Result, lang));
const result = resultNamed('sms');
const callResult = resultNamed('voice');

function mmsText(json: string): { subject: string; text: string } {
  try {
    const content = parseMmsContent(json);
    return { subject: content.Subject, text: content.Text };
  } catch {
    return { subject: '', text: json };
  }
}

const OUTCOME: Record<VoiceCallOutcome, Record<Lang, string>> = {
  answered: { en: 'Answered', zh: '已接听' },
  calling: { en: 'Calling', zh: '呼叫中' },
  noAnswer: { en: 'No answer', zh: '无人接听' },
  busy: { en: 'Busy', zh: '忙线' },
  failed: { en: 'Failed', zh: '失败' },
};

const COLUMNS: Record<string, ExportColumn[]> = {
  sms: [
    ...head,
    column('Content', '内容', (r) => r.Content),
    column('Parts', '条数', (r) => r.Segments),
    result,
    ...tail,
  ],
  mms: [
    ...head,
    column('Subject', '主题', (r) => mmsText(r.Content).subject),
    column('Text', '文本', (r) => mmsText(r.Content).text),
    result,
    ...tail,
  ],
  voice: [
    ...head,
    callResult,
    column('Outcome', '呼叫结果', (r, lang) => OUTCOME[voiceCallOutcome(r.Result, r.ErrorCode)][lang]),
    column('Call seconds', '通话时长（秒）', (r) => r.CallSeconds ?? ''),
    ...tail,
  ],
};

/** The export columns of a channel (SMS's for a channel without its own). */
export const exportColumnsOf = (channel: string): ExportColumn[] => COLUMNS[channel] ?? COLUMNS.sms;

/** The range every export's filters have; the rest are the channel's own (phone, address, result…). */
export interface ExportFilterValues {
  BeginTime: number;
  EndTime: number;
}

/** What the export job reads for a channel: the CSV header and a page of rows for the stored filters. */
export interface RecordSource {
  header: (lang: Lang) => string[];
  rows: (
    db: Db,
    userId: number,
    filters: ExportFilterValues,
    page: { limit: number; offset: number },
    lang: Lang,
  ) => Promise<(string | number)[][]>;
  /** A result filter's value as the records page names it. */
  resultName: (result: string, lang: Lang) => string;
}
