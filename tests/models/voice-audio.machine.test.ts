import { describe, expect, it } from 'vitest';
import {
  canVoiceAudio,
  nextVoiceAudioStatus,
  voiceAudioMachine,
  voiceAudioPending,
  voiceAudioPlayable,
  VOICE_AUDIO_STATE_STATUS,
} from '../../src/machines/lifecycles/voice-audio.machine';
import { VOICE_AUDIO_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('voice-audio.machine', { machine: voiceAudioMachine });

describe('voice file lifecycle rules', () => {
  it('names the spec status numbers (1 Processing, 2 Success, 3 Failed) and Herald’s Deleted', () => {
    expect(VOICE_AUDIO_STATE_STATUS).toEqual({ processing: 1, success: 2, failed: 3, deleted: 4 });
    expect(VOICE_AUDIO_STATUS).toEqual({ Processing: 1, Success: 2, Failed: 3, Deleted: 4 });
  });

  it('settles a processing file once, and deletes only a settled one', () => {
    const { Processing, Success, Failed, Deleted } = VOICE_AUDIO_STATUS;
    expect(nextVoiceAudioStatus(Processing, { type: 'transcode.succeed' })).toBe(Success);
    expect(nextVoiceAudioStatus(Processing, { type: 'transcode.fail' })).toBe(Failed);
    expect(nextVoiceAudioStatus(Success, { type: 'transcode.fail' })).toBeNull();
    expect(nextVoiceAudioStatus(Processing, { type: 'audio.delete' })).toBeNull();
    expect(nextVoiceAudioStatus(Failed, { type: 'audio.delete' })).toBe(Deleted);
    expect(nextVoiceAudioStatus(Deleted, { type: 'audio.delete' })).toBeNull();
    expect(canVoiceAudio(99, { type: 'audio.delete' })).toBe(false);
  });

  it('plays a successful file only, and polls while one is processing', () => {
    expect([1, 2, 3, 4].filter(voiceAudioPlayable)).toEqual([VOICE_AUDIO_STATUS.Success]);
    expect([1, 2, 3, 4].filter(voiceAudioPending)).toEqual([VOICE_AUDIO_STATUS.Processing]);
  });
});
