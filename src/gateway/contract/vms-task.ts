import { z } from 'zod';

// What a voice task carries (issue 11 item 5, docs/decisions.md "Voice tasks"): its template's voice file
// and its call period, stored as JSON in the kernel task's content and read by the console's task pages.

/** Spec 001: calls all day, or 08:00-20:00 in the task's time zone. */
export const CALL_PERIODS = ['allDay', 'daytime'] as const;
export type CallPeriod = (typeof CALL_PERIODS)[number];

export const callPeriodField = z.enum(CALL_PERIODS, { message: 'validation:callPeriodInvalid' });

/** Price of one call in integer units (10,000 per currency unit): $0.03, whatever its length or outcome. */
export const VOICE_CALL_PRICE = 300;

export interface VoiceTaskContent {
  TemplateName: string;
  AudioId: string;
  /** The voice file's name and the milliseconds of its WAV. */
  AudioName: string;
  Duration: number;
  CallPeriod: CallPeriod;
}

export const voiceContentJson = (content: VoiceTaskContent): string => JSON.stringify(content);

export function parseVoiceContent(json: string): VoiceTaskContent {
  let value: Partial<VoiceTaskContent> = {};
  try {
    value = JSON.parse(json) as Partial<VoiceTaskContent>;
  } catch {
    // not a voice task's content: the defaults below
  }
  return {
    TemplateName: value.TemplateName ?? '',
    AudioId: value.AudioId ?? '',
    AudioName: value.AudioName ?? '',
    Duration: value.Duration ?? 0,
    CallPeriod: value.CallPeriod === 'daytime' ? 'daytime' : 'allDay',
  };
}

export const VOICE_CALL_OUTCOMES = ['answered', 'calling', 'noAnswer', 'busy', 'failed'] as const;
export type VoiceCallOutcome = (typeof VOICE_CALL_OUTCOMES)[number];

/** A call record's outcome (docs/decisions.md "Voice tasks"): from its result and the carrier's code. */
export function voiceCallOutcome(result: string, errorCode: string): VoiceCallOutcome {
  if (result === 'Success') return 'answered';
  if (result === 'Pending') return 'calling';
  if (errorCode === 'VC001') return 'noAnswer';
  if (errorCode === 'VC002') return 'busy';
  return 'failed';
}
