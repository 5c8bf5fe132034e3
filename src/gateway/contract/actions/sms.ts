// The SMS area's contract (spec 000 §7, SMS row; fields in spec 001 §3-§9), split by topic.
import { smsTemplateActions } from './sms-templates';
import { smsSendActions } from './sms-send';
import { smsRecordActions } from './sms-records';
import { smsSettingsActions } from './sms-settings';

export * from './sms-common';
export * from './sms-templates';
export * from './sms-send';
export * from './sms-records';
export * from './sms-settings';
export * from '../sms-constants';

export const smsActions = {
  ...smsTemplateActions,
  ...smsSendActions,
  ...smsRecordActions,
  ...smsSettingsActions,
} as const;

/** Actions whose body may exceed the ordinary 1 MiB (server/api.ts reads this). */
export const SMS_LARGE_BODY_ACTIONS: Readonly<Record<string, number>> = { AddUSMSSendTask: 8 * 1_048_576 };

/** Actions that answer a file rather than JSON (the client's binary call). */
export const SMS_BINARY_ACTIONS = ['GetUSMSExportSendRecordFile', 'GetUSMSPrice'] as const;
