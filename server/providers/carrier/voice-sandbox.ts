import type { SandboxOutcome } from './sandbox';

/**
 * The sandbox voice carrier's rule (docs/decisions.md "Voice tasks"), by the called number's last digit:
 *   0-5 answered (Success; the call lasts 20 s + 7 s × the digit);
 *   6 and 7 no answer (Fail, VC001); 8 busy (Fail, VC002); 9 failed: refused when placed (SubmitFail, VC003).
 * A call not answered lasts 0 s. It keeps the SMS sandbox's log, so a repeated key is never called twice.
 */
export function voiceSandboxOutcome(phone: string): SandboxOutcome {
  const last = Number(phone.at(-1) ?? '0');
  if (last === 9) return { accepted: false, report: 'fail', errorCode: 'VC003', callSeconds: 0 };
  if (last === 8) return { accepted: true, report: 'fail', errorCode: 'VC002', callSeconds: 0 };
  if (last >= 6) return { accepted: true, report: 'fail', errorCode: 'VC001', callSeconds: 0 };
  return { accepted: true, report: 'success', errorCode: '', callSeconds: 20 + 7 * last };
}
