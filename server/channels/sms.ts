import { SUB_WALLET_TYPES } from '../../src/gateway/contract/actions/constants';
import { countSmsSegments } from '../../src/gateway/contract/sms-segments';
import { renderTemplate } from '../../src/gateway/contract/sms-template';
import { smsTaskLifecycle } from '../../src/machines/lifecycles/sms-task.machine';
import {
  SMS_MESSAGE_RESULT_OF_CODE,
  SMS_MESSAGE_STATE_CODE,
  smsMessageLifecycle,
} from '../../src/machines/lifecycles/sms-message.machine';
import { sandboxCarrier, sandboxReports } from '../providers/carrier/sandbox';
import type { ChannelDescription } from './channel';
import { reviewTextContent } from './content-review';

/** SMS, the first channel on the kernel (docs/decisions.md "SMS" and "Channel kernel"). */
export const smsChannel: ChannelDescription = {
  id: 'sms',
  productId: SUB_WALLET_TYPES.Sms,
  label: 'SMS',
  recipientKind: 'phone',
  lifecycles: {
    task: smsTaskLifecycle,
    message: smsMessageLifecycle,
    messageCodes: SMS_MESSAGE_STATE_CODE,
    messageResults: SMS_MESSAGE_RESULT_OF_CODE,
  },
  render: renderTemplate,
  parts: (body, countryCode) => countSmsSegments(body, countryCode).segments,
  reviewTask: reviewTextContent,
  provider(deps, scheduleReports) {
    const { db } = deps.database;
    return {
      ...sandboxCarrier({ db, clock: deps.clock, scheduleReports }),
      reports: (keys) => sandboxReports(db, deps.clock, keys),
    };
  },
};
