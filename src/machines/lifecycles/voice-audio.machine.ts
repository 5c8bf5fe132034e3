import { setup, transition, type SnapshotFrom } from 'xstate';
import { VOICE_AUDIO_STATUS } from '../../gateway/contract/statuses';

// A voice file (spec 001 §4): uploaded files start Processing while the decoder makes the WAV, then
// Success or Failed (with the reason). Deleted is Herald's (docs/decisions.md "Voice audio files").
// A file is deleted only once it settled: the transcode job finishes in seconds, and the start-up
// sweep resumes one a restart interrupted, so Processing always ends.

/** Status code of each state: the contract's VOICE_AUDIO_STATUS (src/gateway/contract/statuses.ts). */
export const VOICE_AUDIO_STATE_STATUS = {
  processing: VOICE_AUDIO_STATUS.Processing,
  success: VOICE_AUDIO_STATUS.Success,
  failed: VOICE_AUDIO_STATUS.Failed,
  deleted: VOICE_AUDIO_STATUS.Deleted,
} as const;
export type VoiceAudioStateName = keyof typeof VOICE_AUDIO_STATE_STATUS;

export type VoiceAudioEvent = { type: 'transcode.succeed' } | { type: 'transcode.fail' } | { type: 'audio.delete' };

export const voiceAudioMachine = setup({
  types: { events: {} as VoiceAudioEvent },
}).createMachine({
  id: 'voiceAudio',
  initial: 'processing',
  states: {
    processing: { on: { 'transcode.succeed': 'success', 'transcode.fail': 'failed' } },
    success: { on: { 'audio.delete': 'deleted' } },
    failed: { on: { 'audio.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type VoiceAudioSnapshot = SnapshotFrom<typeof voiceAudioMachine>;

export function voiceAudioSnapshotOf(status: number): VoiceAudioSnapshot | null {
  const name = (Object.keys(VOICE_AUDIO_STATE_STATUS) as VoiceAudioStateName[]).find(
    (key) => VOICE_AUDIO_STATE_STATUS[key] === status,
  );
  return name ? voiceAudioMachine.resolveState({ value: name, context: {} }) : null;
}

export function canVoiceAudio(status: number, event: VoiceAudioEvent): boolean {
  return voiceAudioSnapshotOf(status)?.can(event) ?? false;
}

export function nextVoiceAudioStatus(status: number, event: VoiceAudioEvent): number | null {
  const snapshot = voiceAudioSnapshotOf(status);
  if (!snapshot || !snapshot.can(event)) return null;
  const [next] = transition(voiceAudioMachine, snapshot, event);
  return VOICE_AUDIO_STATE_STATUS[next.value as VoiceAudioStateName];
}

/** Only a file whose WAV is made can be played or used in a voice template. */
export function voiceAudioPlayable(status: number): boolean {
  return status === VOICE_AUDIO_STATE_STATUS.success;
}

/** The decoder has not answered yet: the list keeps asking while any file is here. */
export function voiceAudioPending(status: number): boolean {
  return canVoiceAudio(status, { type: 'transcode.succeed' });
}
