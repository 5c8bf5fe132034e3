import dayjs from 'dayjs';
import { SMS_MESSAGE_RESULTS, type SmsMessageResult } from '../../../gateway/contract/sms-constants';
import {
  customRange,
  MORE_RANGES,
  QUICK_RANGES,
  quickRange,
  type DateRange,
  type QuickRangeKey,
} from '../../ui/date-ranges';
import type { RecordFilters } from './usePagedRecords';

// Issue 18 §16: the records filters live in the URL, so Back, reload and a shared link keep them.

export interface RecordsDraft {
  range: DateRange;
  phone: string;
  taskId: string;
  result: SmsMessageResult | 'all';
  country: string;
  errorCode: string;
}

const PRESETS: readonly string[] = [...QUICK_RANGES, ...MORE_RANGES];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a URL's query names; what it does not name (or names badly) takes its default. */
export function draftFromSearch(search: string): RecordsDraft {
  const params = new URLSearchParams(search);
  const taskId = params.get('taskId') ?? '';
  const preset = params.get('range') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range =
    (PRESETS.includes(preset) ? quickRange(preset as QuickRangeKey) : null) ??
    (DAY.test(from) && DAY.test(to) ? customRange(from, to) : null) ??
    quickRange(taskId ? 'last30d' : 'last7d');
  const result = params.get('result') ?? '';
  return {
    range,
    phone: params.get('phone') ?? '',
    taskId,
    result: (SMS_MESSAGE_RESULTS as readonly string[]).includes(result) ? (result as SmsMessageResult) : 'all',
    country: params.get('country') ?? '',
    errorCode: params.get('errorCode') ?? '',
  };
}

/** The query that names `draft`: a quick range by its name, a custom one by its days, empty fields left out. */
export function searchOf(draft: RecordsDraft): string {
  const params = new URLSearchParams();
  if (draft.range.preset === 'custom') {
    params.set('from', dayjs.unix(draft.range.start).format('YYYY-MM-DD'));
    params.set('to', dayjs.unix(draft.range.end).format('YYYY-MM-DD'));
  } else params.set('range', draft.range.preset);
  const text = { phone: draft.phone, taskId: draft.taskId, country: draft.country, errorCode: draft.errorCode };
  for (const [key, value] of Object.entries(text)) if (value.trim()) params.set(key, value.trim());
  if (draft.result !== 'all') params.set('result', draft.result);
  return params.toString();
}

/** Only well-formed filters are sent; empty ones are dropped (spec 001 §5). */
export function toFilters(draft: RecordsDraft): RecordFilters {
  const phone = draft.phone.replace(/[\s-]/g, '');
  return {
    BeginTime: draft.range.start,
    EndTime: draft.range.end,
    ...(/^\+?\d{1,20}$/.test(phone) ? { Phone: phone } : {}),
    ...(/^TK[0-9A-Za-z]{6,40}$/.test(draft.taskId.trim()) ? { TaskId: draft.taskId.trim() } : {}),
    ...(draft.result !== 'all' ? { Result: [draft.result] } : {}),
    ...(draft.country ? { CountryCode: draft.country } : {}),
    ...(draft.errorCode.trim() ? { ErrorCode: draft.errorCode.trim() } : {}),
  };
}
