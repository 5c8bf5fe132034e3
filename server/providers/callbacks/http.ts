import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolvePublicAddress } from './address-guard';

export interface PostResult {
  /** 0 when no HTTP answer came (refused, timed out, address refused). */
  status: number;
  error: string;
}

/**
 * POSTs a callback to the checked address: redirects are not followed (a 3xx is a failed attempt),
 * the answer body is read and dropped (at most 64 KiB), 10 s time-out.
 */
export async function postCallback(
  urlText: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  timeoutMs = 10_000,
): Promise<PostResult> {
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    return { status: 0, error: 'invalid address' };
  }
  let target;
  try {
    target = await resolvePublicAddress(url, allowPrivate);
  } catch (error) {
    return { status: 0, error: `address refused: ${(error as Error).message}` };
  }
  // Connect to the address that was checked, whatever DNS says now; Host and TLS name stay the URL's.
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Herald-Webhooks/1',
          ...headers,
        },
        timeout: timeoutMs,
      },
      (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > 65_536) response.destroy();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, error: '' }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0, error: '' }));
        response.on('close', () => resolve({ status: response.statusCode ?? 0, error: '' }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ status: 0, error: error.message }));
    request.end(body);
  });
}
