import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

// The kill-and-restart tests (server/jobs/sms-restart.test.ts, server/workflows/journey-restart.test.ts):
// a fixture script run as a worker process that prints its progress line by line, killed on a line.

/** Calls `onLine` with each whole line the stream gives (a last line without its newline is left out). */
export function eachLine(stream: Readable, onLine: (line: string) => void) {
  let buffer = '';
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) onLine(line);
  });
}

export interface ChildRun {
  /** The process's stdout, line by line. */
  lines: string[];
  /** Whether `killWhen` answered true and the process was sent SIGKILL. */
  killed: boolean;
}

export interface ChildOptions {
  /** Sees each stdout line and may answer true to SIGKILL the process (once). */
  killWhen?: (line: string) => boolean;
  /** The process's environment (this process's when absent). */
  env?: NodeJS.ProcessEnv;
}

/** Runs a TypeScript script with `args` until it exits; its stderr goes to this process's. */
export function runChild(script: string, args: string[], options: ChildOptions = {}): Promise<ChildRun> {
  const killWhen = options.killWhen ?? (() => false);
  return new Promise((resolve, reject) => {
    // One process (node with tsx's loader), so SIGKILL reaches the worker itself and not a wrapper that
    // would leave it running and holding the data folder.
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: options.env,
    });
    const lines: string[] = [];
    let killed = false;
    eachLine(child.stdout, (line) => {
      lines.push(line);
      if (!killed && killWhen(line)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', () => resolve({ lines, killed }));
  });
}
