import { parseMmsContent, renderMms } from '../../src/gateway/contract/mms-content';
import { smsTaskLifecycle } from '../../src/machines/lifecycles/sms-task.machine';
import {
  SMS_MESSAGE_RESULT_OF_CODE,
  SMS_MESSAGE_STATE_CODE,
  smsMessageLifecycle,
} from '../../src/machines/lifecycles/sms-message.machine';
import { MAIN_WALLET } from '../money/ledger';
import type { ChannelDescription } from './channel';
import { reviewTextContent } from './content-review';
import { smsChannel } from './sms';

/** Spec 000 §3: MMS product id. */
export const MMS_PRODUCT_ID = 6018;

/**
 * MMS on the kernel (docs/decisions.md "MMS"): phone recipients, content a subject, a text and
 * images (stored as JSON in the task), one billing unit per message whatever its length, paid from
 * the main wallet (spec 001 lists no MMS sub-wallet), delivered by the sandbox carrier SMS uses.
 */
export const mmsChannel: ChannelDescription = {
  id: 'mms',
  productId: MMS_PRODUCT_ID,
  wallet: MAIN_WALLET,
  label: 'MMS',
  recipientKind: 'phone',
  lifecycles: {
    task: smsTaskLifecycle,
    message: smsMessageLifecycle,
    messageCodes: SMS_MESSAGE_STATE_CODE,
    messageResults: SMS_MESSAGE_RESULT_OF_CODE,
  },
  render: renderMms,
  parts: () => 1,
  reviewTask(content, values) {
    const { Subject, Text } = parseMmsContent(content);
    return reviewTextContent(`${Subject}\n${Text}`, values);
  },
  provider: (deps, scheduleReports) => smsChannel.provider(deps, scheduleReports),
};
