import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signV4, s3FileStore } from './s3';

const example = {
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('the S3-compatible store', () => {
  it('signs as AWS documents it (the GET Object example of Signature Version 4)', () => {
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const authorization = signV4(
      {
        method: 'GET',
        path: '/test.txt',
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': emptyHash,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: emptyHash,
      },
      example,
      '20130524T000000Z',
    );
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('puts and gets an object by path-style address', async () => {
    const objects = new Map<string, Buffer>();
    const seen: { method?: string; url?: string; auth?: string }[] = [];
    const read = (req: IncomingMessage) =>
      new Promise<Buffer>((resolve) => {
        const parts: Buffer[] = [];
        req.on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts)));
      });
    const server = createServer(async (req, res) => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization });
      if (req.method === 'PUT') {
        objects.set(req.url!, await read(req));
        res.end();
      } else if (req.method === 'DELETE') {
        objects.delete(req.url!);
        res.writeHead(204).end();
      } else if (objects.has(req.url!)) {
        res.setHeader('content-length', objects.get(req.url!)!.length);
        res.end(objects.get(req.url!));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const store = s3FileStore({
        ...example,
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        bucket: 'herald',
        prefix: 'files/',
      });
      const target = await store.begin('7/abc');
      await target.write(new Uint8Array([1, 2, 3]));
      await target.commit();
      const found = await store.read('7/abc');
      expect(Buffer.from(await new Response(found!.stream).arrayBuffer())).toEqual(Buffer.from([1, 2, 3]));
      expect(await store.read('7/none')).toBeNull();
      await store.remove('7/abc');
      await store.remove('7/abc');
      expect(await store.read('7/abc')).toBeNull();
      expect(seen[0]).toMatchObject({ method: 'PUT', url: '/herald/files/7/abc' });
      expect(seen[0].auth).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
    } finally {
      server.close();
    }
  });
});
