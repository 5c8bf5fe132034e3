import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { AudioDecodeError, VOICE_WAV, type AudioDecoder } from './types';

// ffmpeg as a child process: it reads every format of spec 001 §5 (WAV, FLAC, WMA, MP3, OGG, AAC,
// M4A). @ffmpeg-installer/ffmpeg resolves the binary its per-platform package carries inside npm;
// FFMPEG_PATH overrides it (a system ffmpeg). Resolved on first use, so a server on a platform without
// the binary still boots and only its voice files fail.

/** A decode that takes longer than this is killed and the job retried (a 10 MB file takes seconds). */
const TIMEOUT_MS = 120_000;
/** What stderr is kept: ffmpeg's reason is on its last lines. */
const STDERR_KEEP = 4_000;

export function ffmpegPathFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  const require = createRequire(import.meta.url);
  const binary = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  // The package's postinstall only sets the execute bit; an npm that skips install scripts leaves it off.
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    chmodSync(binary, 0o755);
  }
  return binary;
}

interface Run {
  code: number | null;
  stderr: string;
}

function run(binary: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: TIMEOUT_MS });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (signal) reject(new Error(`ffmpeg stopped by ${signal}`));
      else resolve({ code, stderr });
    });
  });
}

function parseDurationMs(stderr: string): number {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!match) return 0;
  return Math.round((Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])) * 1000);
}

export function ffmpegDecoder(binary?: string): AudioDecoder {
  let resolved = binary;
  const path = () => (resolved ??= ffmpegPathFromEnv());
  return {
    async transcodeToWav(input, output) {
      const { code, stderr } = await run(path(), [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-i',
        input,
        // the first audio stream only: cover art and other streams are dropped
        '-map',
        '0:a:0',
        '-vn',
        '-ac',
        String(VOICE_WAV.channels),
        '-ar',
        String(VOICE_WAV.sampleRate),
        '-c:a',
        VOICE_WAV.codec,
        '-f',
        'wav',
        '-y',
        output,
      ]);
      if (code === 0) return;
      // ffmpeg refused the input (no audio stream, unreadable or damaged data): for the user these are one
      // reason, and ffmpeg's own words stay in the log.
      throw new AudioDecodeError(stderr.trim().split('\n').slice(-3).join(' '));
    },
    async probeDurationMs(file) {
      // Without an output ffmpeg prints the input's header (Duration: …) and exits 1: that is the probe.
      const { stderr } = await run(path(), ['-hide_banner', '-nostdin', '-i', file]);
      return parseDurationMs(stderr);
    },
  };
}
