// Figures for voice files (issue 11 item 5): a 10 MB MP3 (128 kbit/s, about 10.9 minutes) transcoded to
// the voice WAV (8 kHz mono 16-bit) by the server's decoder (server/providers/audio, ffmpeg), then its
// duration probed. Peak memory is ffmpeg's own high-water mark (VmHWM, read from /proc while it runs),
// and the Node process's RSS growth. bench/run.ts calls benchVoice(); `npx tsx bench/voice.ts` prints it
// alone. Figures, never assertions.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegDecoder } from '../server/providers/audio';
import { makeTone } from '../server/providers/audio/test-audio';
import { MAX_UPLOAD_BYTES } from '../src/gateway/contract/actions/upload-rules';

const SECONDS = 650;
const RUNS = 3;

/** The child processes of this process, through every thread's /proc children list. */
function childPids(): number[] {
  const pids: number[] = [];
  for (const task of readdirSync('/proc/self/task')) {
    const text = readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim();
    if (text) pids.push(...text.split(/\s+/).map(Number));
  }
  return pids;
}

/** Polls the children's peak RSS (kB) while `work` runs. */
async function withChildPeak<T>(work: () => Promise<T>): Promise<{ result: T; peakKb: number }> {
  let peakKb = 0;
  const poll = setInterval(() => {
    for (const pid of childPids()) {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
      } catch {
        // the child ended between the listing and the read
      }
    }
  }, 5);
  try {
    return { result: await work(), peakKb };
  } finally {
    clearInterval(poll);
  }
}

export async function benchVoice(): Promise<Record<string, string | number>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'herald-bench-voice-'));
  try {
    const mp3 = path.join(dir, 'speech.mp3');
    await makeTone(mp3, { seconds: SECONDS, encode: ['-c:a', 'libmp3lame', '-b:a', '128k'] });
    const mp3Bytes = statSync(mp3).size;
    const decoder = ffmpegDecoder();
    const times: number[] = [];
    let peakKb = 0;
    let durationMs = 0;
    const rssBefore = process.memoryUsage().rss;
    for (let run = 0; run < RUNS; run++) {
      const wav = path.join(dir, `speech-${run}.wav`);
      const started = performance.now();
      const measured = await withChildPeak(async () => {
        await decoder.transcodeToWav(mp3, wav);
        return decoder.probeDurationMs(wav);
      });
      times.push(performance.now() - started);
      peakKb = Math.max(peakKb, measured.peakKb);
      durationMs = measured.result;
    }
    const wavBytes = statSync(path.join(dir, 'speech-0.wav')).size;
    const sorted = [...times].sort((a, b) => a - b);
    return {
      'MP3 in': `${(mp3Bytes / 1024 / 1024).toFixed(2)} MB (${mp3Bytes <= MAX_UPLOAD_BYTES ? 'within' : 'OVER'} the 10 MB limit), 128 kbit/s, 44.1 kHz`,
      'WAV out': `${(wavBytes / 1024 / 1024).toFixed(2)} MB, 8 kHz mono 16-bit, ${(durationMs / 1000).toFixed(1)} s`,
      'transcode + probe, best': `${Math.round(sorted[0])} ms`,
      'transcode + probe, median': `${Math.round(sorted[Math.floor(sorted.length / 2)])} ms (${RUNS} runs)`,
      'audio seconds per wall second': Math.round(durationMs / sorted[0]),
      'ffmpeg peak RSS': `${(peakKb / 1024).toFixed(1)} MB`,
      'Node RSS growth meanwhile': `${((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toFixed(1)} MB`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchVoice();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
}
