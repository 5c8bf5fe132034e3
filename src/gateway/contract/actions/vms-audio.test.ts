import { describe, expect, it } from 'vitest';
import { AUDIO_TYPES, checkUpload, MAX_UPLOAD_BYTES, uploadTypeOf } from './upload-rules';
import { VOICE_AUDIO_LIMITS, voiceAudioNameField } from './vms-audio';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });
const check = (f: ReturnType<typeof file>) =>
  checkUpload(f, AUDIO_TYPES, VOICE_AUDIO_LIMITS.maxBytes, VOICE_AUDIO_LIMITS.maxNameLength);

describe('voice file rules (spec 001 §5)', () => {
  it('takes the seven formats by their ending, whatever type the browser reports', () => {
    for (const name of ['a.wav', 'a.FLAC', 'a.wma', 'a.mp3', 'a.ogg', 'a.aac', 'a.m4a'])
      expect(check(file(name))).toBeNull();
    expect(uploadTypeOf('voice.m4a', 'audio/x-m4a')).toBe('audio/mp4');
    expect(check(file('a.png', 1000, 'image/png'))).toBe('type');
    expect(check(file('a.mp4'))).toBe('type');
  });

  it('refuses 10 MB and more, an empty file and a name of 100 characters or more', () => {
    expect(check(file('a.mp3', MAX_UPLOAD_BYTES))).toBeNull();
    expect(check(file('a.mp3', MAX_UPLOAD_BYTES + 1))).toBe('size');
    expect(check(file('a.mp3', 0))).toBe('empty');
    expect(check(file(`${'x'.repeat(95)}.mp3`))).toBeNull();
    expect(check(file(`${'x'.repeat(96)}.mp3`))).toBe('name');
    // Characters, not UTF-16 units: a name in Chinese counts the same way.
    expect(check(file(`${'语'.repeat(95)}.mp3`))).toBeNull();
  });

  it('names the field and the rule when the server refuses a name', () => {
    expect(voiceAudioNameField.safeParse('greeting.mp3').success).toBe(true);
    expect(voiceAudioNameField.safeParse('greeting.txt').error?.issues[0].message).toBe(
      'validation:audioTypeNotAllowed',
    );
    expect(voiceAudioNameField.safeParse(`${'x'.repeat(96)}.mp3`).error?.issues[0].message).toBe(
      'validation:audioNameTooLong',
    );
    expect(voiceAudioNameField.safeParse('  ').error?.issues[0].message).toBe('validation:audioNameRequired');
  });
});
