import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FileStore } from './file-store';
import { s3ConfigFromEnv, s3FileStore } from './s3';

export type { FileStore };

export function filesDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.FILES_DIR || path.join(env.DATA_DIR || '.data', 'files'));
}

export function localFileStore(root: string): FileStore {
  const full = (key: string) => {
    const target = path.resolve(root, key);
    if (!target.startsWith(root + path.sep)) throw new Error(`bad storage key ${key}`);
    return target;
  };
  return {
    async begin(key) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      // A name of its own per PUT: two PUTs of one file never write into the same temporary file.
      const partial = `${target}.part-${randomUUID()}`;
      const out = createWriteStream(partial, { flags: 'wx' });
      // One error listener for the stream's life (not one per write: MaxListenersExceededWarning).
      let failure: Error | null = null;
      out.on('error', (error) => (failure ??= error));
      const write = (chunk: Uint8Array) =>
        new Promise<void>((resolve, reject) => {
          if (failure) return reject(failure);
          if (out.write(chunk)) return resolve();
          const settle = () => {
            out.off('drain', settle).off('error', settle);
            if (failure) reject(failure);
            else resolve();
          };
          out.on('drain', settle).on('error', settle);
        });
      const close = () =>
        new Promise<void>((resolve, reject) => {
          if (failure) return reject(failure);
          out.end((error?: Error | null) => (error ? reject(error) : resolve()));
        });
      return {
        write,
        async commit() {
          await close();
          // rename() replaces the target atomically: a reader sees the old bytes or the new, never a mixture.
          await rename(partial, target);
        },
        async discard() {
          await close().catch(() => undefined);
          await rm(partial, { force: true });
        },
      };
    },
    async read(key) {
      const target = full(key);
      const info = await stat(target).catch(() => null);
      if (!info) return null;
      return { stream: Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>, size: info.size };
    },
    async remove(key) {
      await rm(full(key), { force: true });
    },
  };
}

/** S3-compatible when S3_BUCKET is set (./s3.ts), else the local folder. */
export function fileStoreFromEnv(env: NodeJS.ProcessEnv = process.env): FileStore {
  const s3 = s3ConfigFromEnv(env);
  return s3 ? s3FileStore(s3) : localFileStore(filesDirFromEnv(env));
}
