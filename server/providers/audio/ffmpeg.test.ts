import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, ffmpegDecoder, VOICE_WAV } from './index';
import { makeTone } from './test-audio';

const dir = mkdtempSync(path.join(tmpdir(), 'herald-audio-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const decoder = ffmpegDecoder();
const at = (name: string) => path.join(dir, name);

describe('the ffmpeg audio decoder', () => {
  it('transcodes a real MP3 to 8 kHz mono 16-bit WAV and reads its duration', async () => {
    await makeTone(at('tone.mp3'), { seconds: 2, encode: ['-c:a', 'libmp3lame', '-b:a', '64k'] });
    await decoder.transcodeToWav(at('tone.mp3'), at('tone.wav'));
    const wav = readFileSync(at('tone.wav'));
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(wav.readUInt16LE(22)).toBe(VOICE_WAV.channels);
    expect(wav.readUInt32LE(24)).toBe(VOICE_WAV.sampleRate);
    expect(wav.readUInt16LE(34)).toBe(16);
    const duration = await decoder.probeDurationMs(at('tone.wav'));
    // MP3 frames pad the start and end a little.
    expect(duration).toBeGreaterThanOrEqual(1_950);
    expect(duration).toBeLessThanOrEqual(2_150);
  });

  it.each([
    ['tone.ogg', ['-c:a', 'libvorbis']],
    ['tone.flac', ['-c:a', 'flac']],
    ['tone.m4a', ['-c:a', 'aac']],
    ['tone.wma', ['-c:a', 'wmav2']],
  ])('reads %s too', async (name, encode) => {
    await makeTone(at(name), { seconds: 1, encode });
    await decoder.transcodeToWav(at(name), at(`${name}.wav`));
    expect(statSync(at(`${name}.wav`)).size).toBeGreaterThan(15_000);
  });

  it('refuses a file that is not audio with the reason notAudio', async () => {
    writeFileSync(at('letter.mp3'), 'Dear customer, this is a text file with an audio name.\n'.repeat(50));
    const failure = await decoder.transcodeToWav(at('letter.mp3'), at('letter.wav')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AudioDecodeError);
    expect((failure as AudioDecodeError).reason).toBe('notAudio');
  });
});
