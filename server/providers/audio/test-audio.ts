import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPathFromEnv } from './ffmpeg';

// Real audio for tests, e2e and the bench, made by the same ffmpeg the decoder runs (lavfi's sine
// source): no fixtures in the repository, no mocks of the decoder.

const exec = promisify(execFile);

export interface ToneOptions {
  seconds: number;
  /** Output options after the input, e.g. ['-c:a', 'libmp3lame', '-b:a', '128k']; the format follows the file's ending. */
  encode?: string[];
  frequency?: number;
}

/** Writes a sine tone of `seconds` to `file` (its ending picks the format: .mp3, .ogg, .flac, .wav…). */
export async function makeTone(file: string, options: ToneOptions): Promise<void> {
  await exec(ffmpegPathFromEnv(), [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${options.frequency ?? 440}:sample_rate=44100:duration=${options.seconds}`,
    ...(options.encode ?? []),
    '-y',
    file,
  ]);
}
