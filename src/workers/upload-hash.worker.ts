import SparkMD5 from 'spark-md5';
import { HASH_CHUNK_BYTES } from '../gateway/contract/actions/upload-rules';

// STACK.md: spark-md5 runs about 70 MB/s, so it runs here, off the main thread, 2 MB at a time.
export type UploadHashReply =
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'done'; md5: string }
  | { type: 'failed'; reason: string };

const post = (reply: UploadHashReply) =>
  (self as unknown as { postMessage: (m: UploadHashReply) => void }).postMessage(reply);

self.onmessage = async (event: MessageEvent<{ file: Blob }>) => {
  const { file } = event.data;
  try {
    const spark = new SparkMD5.ArrayBuffer();
    for (let offset = 0; offset < file.size; offset += HASH_CHUNK_BYTES) {
      spark.append(await file.slice(offset, offset + HASH_CHUNK_BYTES).arrayBuffer());
      post({ type: 'progress', loaded: Math.min(offset + HASH_CHUNK_BYTES, file.size), total: file.size });
    }
    post({ type: 'done', md5: spark.end() });
  } catch (error) {
    post({ type: 'failed', reason: error instanceof Error ? error.message : String(error) });
  }
};
