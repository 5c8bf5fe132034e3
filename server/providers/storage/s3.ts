import { createHash, createHmac } from 'node:crypto';
import type { FileStore } from './file-store';

// An S3-compatible object store (AWS S3, MinIO, R2, …) behind the same FileStore interface, chosen by
// S3_BUCKET. Requests are signed with AWS Signature Version 4; path-style addresses, so MinIO works.
export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** object names start with this (default "files/") */
  prefix?: string;
}

export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    endpoint: env.S3_ENDPOINT || `https://s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    prefix: env.S3_PREFIX ?? 'files/',
  };
}

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const encodePath = (path: string) =>
  path
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');

/** The Authorization header of AWS Signature Version 4 for one request (headers already include host and x-amz-*). */
export function signV4(
  request: { method: string; path: string; query?: string; headers: Record<string, string>; payloadHash: string },
  config: Pick<S3Config, 'region' | 'accessKeyId' | 'secretAccessKey'>,
  amzDate: string,
): string {
  const date = amzDate.slice(0, 8);
  const names = Object.keys(request.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonical = [
    request.method,
    request.path,
    request.query ?? '',
    names.map((n) => `${n}:${lower[n]}\n`).join(''),
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${date}/${config.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, date), config.region), 's3'), 'aws4_request');
  return `AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${createHmac('sha256', key).update(toSign).digest('hex')}`;
}

export function s3FileStore(config: S3Config, now: () => Date = () => new Date()): FileStore {
  const base = new URL(config.endpoint);
  const objectPath = (key: string) => `/${encodePath(config.bucket)}/${encodePath(`${config.prefix ?? ''}${key}`)}`;
  const send = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array, contentType?: string) => {
    const path = objectPath(key);
    const amzDate = now()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const payloadHash = body ? sha256Hex(body) : sha256Hex('');
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-date': amzDate,
      'x-amz-content-sha256': payloadHash,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const authorization = signV4({ method, path, headers, payloadHash }, config, amzDate);
    const { host: _host, ...sent } = headers;
    return fetch(new URL(path, base), {
      method,
      headers: { ...sent, authorization },
      body: body ? new Uint8Array(body) : undefined,
    });
  };
  return {
    async begin(key) {
      // Uploads are at most 10 MB: held in memory, sent as one PUT when the MD5 has been checked.
      const chunks: Uint8Array[] = [];
      return {
        write: async (chunk) => void chunks.push(chunk),
        async commit() {
          const response = await send('PUT', key, Buffer.concat(chunks), 'application/octet-stream');
          if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status} ${await response.text()}`);
        },
        discard: async () => void (chunks.length = 0),
      };
    },
    async read(key) {
      const response = await send('GET', key);
      if (response.status === 404 || !response.body) return null;
      if (!response.ok) throw new Error(`S3 GET ${key}: ${response.status}`);
      return { stream: response.body, size: Number(response.headers.get('content-length') ?? 0) };
    },
    async remove(key) {
      const response = await send('DELETE', key);
      // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key}: ${response.status}`);
    },
  };
}
