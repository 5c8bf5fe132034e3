import { SUB_WALLET_TYPES } from '../../src/gateway/contract/actions/constants';
import { parseVoiceContent } from '../../src/gateway/contract/vms-task';
import {
  SMS_MESSAGE_RESULT_OF_CODE,
  SMS_MESSAGE_STATE_CODE,
  smsMessageLifecycle,
} from '../../src/machines/lifecycles/sms-message.machine';
import { sandboxCarrier, sandboxReports } from '../providers/carrier/sandbox';
import { voiceSandboxOutcome } from '../providers/carrier/voice-sandbox';
import { nextCallTime } from '../voice/call-window';
import type { ChannelDescription } from './channel';
import { reviewTextContent } from './content-review';
import { voiceKernelTaskLifecycle } from './voice-task-lifecycle';

/**
 * Voice on the kernel (docs/decisions.md "Voice tasks"): phone recipients, the content a voice template's
 * file and the task's call period (JSON), one call per number paid from the 6003 voice wallet, placed by the
 * sandbox voice carrier only inside the call period. A call's message states are the SMS ones (answered is
 * Success; no answer, busy and failed are Fail or SubmitFail with the carrier's VC codes).
 */
export const voiceChannel: ChannelDescription = {
  id: 'voice',
  productId: SUB_WALLET_TYPES.Voice,
  wallet: SUB_WALLET_TYPES.Voice,
  label: 'Voice',
  recipientKind: 'phone',
  lifecycles: {
    task: voiceKernelTaskLifecycle,
    message: smsMessageLifecycle,
    messageCodes: SMS_MESSAGE_STATE_CODE,
    messageResults: SMS_MESSAGE_RESULT_OF_CODE,
  },
  /** What the carrier plays: the voice file. */
  render: (content) => parseVoiceContent(content).AudioId,
  parts: () => 1,
  reviewTask(content, values) {
    const verdict = reviewTextContent(parseVoiceContent(content).TemplateName, values);
    // Voice has no pending manual review (spec 001 §4): what would be flagged is rejected with its reason.
    return verdict.verdict === 'flag' ? { verdict: 'reject', reason: verdict.reason } : verdict;
  },
  sendableAt: (task, at) => nextCallTime(at, task.timeZone, parseVoiceContent(task.content).CallPeriod),
  provider(deps, scheduleReports) {
    const { db } = deps.database;
    return {
      ...sandboxCarrier({ db, clock: deps.clock, scheduleReports, rule: voiceSandboxOutcome }),
      reports: (keys) => sandboxReports(db, deps.clock, keys, voiceSandboxOutcome),
    };
  },
};
