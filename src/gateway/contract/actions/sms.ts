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
