import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { ServerDeps } from '../../context';
import { files } from '../../db/schema';
import { RetCode, type RetCodeName } from '../../../src/gateway/contract/retcodes';
import { contentMd5FromHex, MAX_UPLOAD_BYTES } from '../../../src/gateway/contract/actions/upload-rules';
import { requestLang, retCodeMessage } from '../../messages';
import { verifyMediaUrl, verifyUpload, mediaUrl, uploadSecret } from '../../uploads/signing';
import { fileStoreFromEnv, type FileStore } from '../../providers/storage';
import { looksLike, SNIFF_BYTES } from './sniff';
import { reservedSizeOf } from '../../library/store';

type Code = (typeof RetCode)[RetCodeName];
type HttpStatus = 200 | 400 | 403 | 404 | 409 | 413 | 500;

/**
 * PUT /files/upload/:fileId — the Address of an upload authorisation — and GET /files/:fileId, the
 * short-lived MediaURL. Replies are the gateway's {RetCode, Message, Data} with a fitting HTTP status.
 */
export function registerUploadRoutes(app: Hono, deps: ServerDeps, store: FileStore = fileStoreFromEnv()): void {
  const reply = (c: Context, status: HttpStatus, code: Code, data: Record<string, unknown> = {}) =>
    c.json(
      {
        RetCode: code,
        Message: retCodeMessage(code, requestLang(c.req.header('cookie'), c.req.header('accept-language'))),
        Data: data,
      },
      status,
    );

  app.put('/files/upload/:fileId', async (c) => {
    const db = deps.database.db;
    const [row] = await db
      .select()
      .from(files)
      .where(eq(files.id, c.req.param('fileId')));
    if (!row) return reply(c, 404, RetCode.NotFound);
    if (row.status === 'stored') return reply(c, 409, RetCode.UploadAlreadyStored);
    const nowSeconds = Math.floor(deps.clock.nowMs() / 1000);
    const secret = await uploadSecret(db);
    const verdict = verifyUpload(
      secret,
      c.req.header('authorization'),
      { fileId: row.id, userId: row.userId, md5: row.md5, contentType: row.contentType },
      nowSeconds,
    );
    if (verdict === 'signature') return reply(c, 403, RetCode.UploadSignatureInvalid);
    if (verdict === 'expired') return reply(c, 403, RetCode.UploadExpired);
    if ((c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase() !== row.contentType)
      return reply(c, 400, RetCode.UploadTypeNotAllowed);
    if (c.req.header('content-md5') !== contentMd5FromHex(row.md5)) return reply(c, 400, RetCode.UploadMd5Mismatch);
    if (Number(c.req.header('content-length') ?? 0) > MAX_UPLOAD_BYTES) return reply(c, 413, RetCode.UploadTooLarge);
    // A library file may not carry more than the space reserved for it when it was authorised.
    const reserved = await reservedSizeOf(db, row.id);
    const maxBytes = reserved ?? MAX_UPLOAD_BYTES;
    if (Number(c.req.header('content-length') ?? 0) > maxBytes) return reply(c, 413, RetCode.LibraryNoSpace);

    const body = c.req.raw.body;
    if (!body) return reply(c, 400, RetCode.UploadMd5Mismatch);
    const reader = body.getReader();
    const hash = createHash('md5');
    const key = `${row.userId}/${row.id}`;
    let target: Awaited<ReturnType<FileStore['begin']>>;
    try {
      target = await store.begin(key);
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      console.error('[uploads] storing failed', error);
      return reply(c, 500, RetCode.UploadFailed);
    }
    let size = 0;
    let head = new Uint8Array(0);
    let refusal: [HttpStatus, Code] | null = null;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          refusal = [413, reserved === null ? RetCode.UploadTooLarge : RetCode.LibraryNoSpace];
          break;
        }
        if (head.byteLength < SNIFF_BYTES)
          head = Uint8Array.from([...head, ...value.subarray(0, SNIFF_BYTES - head.byteLength)]);
        hash.update(value);
        await target.write(value);
      }
      if (!refusal && !looksLike(row.contentType, head)) refusal = [400, RetCode.UploadTypeNotAllowed];
      if (!refusal && hash.digest('hex') !== row.md5) refusal = [400, RetCode.UploadMd5Mismatch];
    } catch (error) {
      await target.discard().catch(() => undefined);
      await reader.cancel().catch(() => undefined);
      console.error('[uploads] storing failed', error);
      return reply(c, 400, RetCode.UploadFailed);
    }
    if (refusal) {
      await reader.cancel().catch(() => undefined);
      await target.discard().catch(() => undefined);
      return reply(c, refusal[0], refusal[1]);
    }
    // One winner: the row moves from authorized to stored once, in the database, before the bytes are made
    // visible; every other complete PUT of the same authorisation finds it taken and answers 409.
    const won = await db
      .update(files)
      .set({ status: 'stored', size, storageKey: key, storedAt: deps.clock.now() })
      .where(and(eq(files.id, row.id), eq(files.status, 'authorized')))
      .returning({ id: files.id });
    if (won.length === 0) {
      await target.discard().catch(() => undefined);
      return reply(c, 409, RetCode.UploadAlreadyStored);
    }
    try {
      await target.commit();
    } catch (error) {
      // The bytes did not land: give the authorisation back so the client's retry can store them.
      await target.discard().catch(() => undefined);
      await db
        .update(files)
        .set({ status: 'authorized', size: null, storageKey: null, storedAt: null })
        .where(eq(files.id, row.id));
      console.error('[uploads] committing failed', error);
      return reply(c, 500, RetCode.UploadFailed);
    }
    return reply(c, 200, RetCode.Ok, { FileId: row.id, MediaURL: mediaUrl(secret, row.id, nowSeconds) });
  });

  app.get('/files/:fileId', async (c) => {
    const db = deps.database.db;
    const fileId = c.req.param('fileId');
    const nowSeconds = Math.floor(deps.clock.nowMs() / 1000);
    const expires = c.req.query('expires');
    // The signature is the permission: MediaURLs are issued only to the file's owner.
    if (!verifyMediaUrl(await uploadSecret(db), fileId, expires, c.req.query('signature'), nowSeconds))
      return reply(c, 403, RetCode.Forbidden);
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.status, 'stored')));
    const found = row?.storageKey ? await store.read(row.storageKey) : null;
    if (!row || !found) return reply(c, 404, RetCode.NotFound);
    const image = row.contentType.startsWith('image/');
    return new Response(found.stream, {
      headers: {
        'Content-Type': row.contentType,
        'Content-Length': String(found.size),
        'Cache-Control': `private, max-age=${Math.max(0, Number(expires) - nowSeconds)}`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
        'Content-Disposition': `${image ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      },
    });
  });
}
