import { contentMd5FromHex } from '../gateway/contract/actions/upload-rules';
import type { UploadHashReply } from './upload-hash.worker';

// Browser transport of the upload machine: a Web Worker hashes, XMLHttpRequest sends (fetch has no
// upload progress). Each returns its own stop function, which the machine calls on cancel.

interface Listeners<Done extends unknown[]> {
  progress: (loaded: number, total: number) => void;
  done: (...result: Done) => void;
  failed: (reason: string) => void;
}

export function hashInWorker(file: Blob, on: Listeners<[md5: string]>): () => void {
  const worker = new Worker(new URL('./upload-hash.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<UploadHashReply>) => {
    const reply = event.data;
    if (reply.type === 'progress') on.progress(reply.loaded, reply.total);
    else if (reply.type === 'done') on.done(reply.md5);
    else on.failed(reply.reason);
  };
  worker.onerror = (event) => on.failed(event.message ?? '');
  worker.postMessage({ file });
  return () => worker.terminate();
}

export function putWithProgress(
  input: { file: Blob; grant: { Authorization: string; Address: string }; md5: string; contentType: string },
  on: Listeners<[fileId: string, mediaUrl: string]>,
): () => void {
  const xhr = new XMLHttpRequest();
  xhr.open('PUT', input.grant.Address);
  xhr.setRequestHeader('authorization', input.grant.Authorization);
  xhr.setRequestHeader('Content-MD5', contentMd5FromHex(input.md5));
  xhr.setRequestHeader('Content-Type', input.contentType);
  xhr.upload.onprogress = (event) => on.progress(event.loaded, event.lengthComputable ? event.total : input.file.size);
  xhr.onload = () => {
    let reply: { RetCode?: number; Message?: string; Data?: { FileId?: string; MediaURL?: string } } = {};
    try {
      reply = JSON.parse(xhr.responseText);
    } catch {
      // a proxy's HTML error page: the status says enough
    }
    if (xhr.status === 200 && reply.RetCode === 0 && reply.Data?.FileId)
      on.done(reply.Data.FileId, reply.Data.MediaURL ?? '');
    else on.failed(reply.Message ?? xhr.statusText);
  };
  xhr.onerror = () => on.failed('');
  xhr.ontimeout = () => on.failed('');
  xhr.send(input.file);
  return () => xhr.abort();
}
