import { SUB_WALLET_TYPES } from '../../../src/gateway/contract/actions/constants';
import { smsTaskLifecycle } from '../../../src/machines/lifecycles/sms-task.machine';
import {
  SMS_MESSAGE_RESULT_OF_CODE,
  SMS_MESSAGE_STATE_CODE,
  smsMessageLifecycle,
} from '../../../src/machines/lifecycles/sms-message.machine';
import type { DeliveryReport } from '../../providers/carrier';
import type { ChannelDescription } from '../channel';
import { reviewTextContent } from '../content-review';

/**
 * A channel that exists only in the kernel tests, to prove a second channel runs by description alone:
 * e-mail addresses, one part per message, the e-mail wallet, and an in-memory provider that refuses
 * addresses starting "refuse" and reports "fail…" addresses as failed, every other one delivered.
 */
export function testMailChannel(): ChannelDescription {
  const accepted = new Map<string, string>();
  return {
    id: 'test-mail',
    productId: SUB_WALLET_TYPES.Email,
    label: 'Test mail',
    recipientKind: 'email',
    lifecycles: {
      task: smsTaskLifecycle,
      message: smsMessageLifecycle,
      messageCodes: SMS_MESSAGE_STATE_CODE,
      messageResults: SMS_MESSAGE_RESULT_OF_CODE,
    },
    render: (content, params) => content.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? ''),
    parts: () => 1,
    reviewTask: reviewTextContent,
    provider: (_deps, scheduleReports) => ({
      name: 'test-mail',
      async submit(messages) {
        const results = messages.map((m) => ({
          key: m.key,
          accepted: !m.phone.startsWith('refuse'),
          errorCode: m.phone.startsWith('refuse') ? 'REFUSED' : '',
        }));
        for (const m of messages) if (!m.phone.startsWith('refuse')) accepted.set(m.key, m.phone);
        const keys = results.filter((r) => r.accepted).map((r) => r.key);
        if (keys.length) await scheduleReports(keys);
        return results;
      },
      async reports(keys): Promise<DeliveryReport[]> {
        return keys
          .filter((key) => accepted.has(key))
          .map((key) =>
            accepted.get(key)!.startsWith('fail')
              ? { key, outcome: 'fail', errorCode: 'BOUNCED' }
              : { key, outcome: 'success', errorCode: '' },
          );
      },
    }),
  };
}
