// The audio decoder's interface (issue 11 item 5): voice files are transcoded to WAV and their
// duration read. The default is ffmpeg (./ffmpeg.ts), from @ffmpeg-installer's binary or FFMPEG_PATH.

/** The WAV every voice file becomes: 16-bit PCM, mono, 8 kHz, the telephone band callees hear. */
export const VOICE_WAV = { sampleRate: 8_000, channels: 1, codec: 'pcm_s16le' } as const;

/** The decoder refused the input: it is not audio, or audio it cannot read (damaged). Never retried. */
export class AudioDecodeError extends Error {
  readonly reason = 'notAudio';
  constructor(readonly detail: string) {
    super(`not audio: ${detail}`);
  }
}

export interface AudioDecoder {
  /** Writes `output` as VOICE_WAV from any audio file; AudioDecodeError when `input` is not audio. */
  transcodeToWav(input: string, output: string): Promise<void>;
  /** The duration of an audio file in milliseconds (0 when it has no sound). */
  probeDurationMs(file: string): Promise<number>;
}
