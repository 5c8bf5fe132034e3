import type { HandlerMap } from '../../context';
import { smsTemplateHandlers } from './templates';
import { smsReferenceHandlers } from './reference';
import { smsSendHandlers } from './send';
import { smsTaskHandlers } from './tasks';
import { smsRecordHandlers } from './records';
import { smsStatsHandlers } from './stats';
import { smsTrialHandlers } from './trial';

export const smsHandlers: HandlerMap = {
  ...smsTemplateHandlers,
  ...smsReferenceHandlers,
  ...smsSendHandlers,
  ...smsTaskHandlers,
  ...smsRecordHandlers,
  ...smsStatsHandlers,
  ...smsTrialHandlers,
};
