import type { Hono } from 'hono';
import type { ServerDeps } from '../context';
import { publicItem, publicLogo } from '../library/store';
import { fileStoreFromEnv, type FileStore } from '../providers/storage';

/**
 * GET /m/:key — a library file's lasting public address ("copy the public URL"), for images and files
 * put into messages, and a logo's in e-mail footers. The key is 144 random bits per item; deleting the item ends the address.
 */
export function registerLibraryRoutes(app: Hono, deps: ServerDeps, store: FileStore = fileStoreFromEnv()): void {
  app.get('/m/:key', async (c) => {
    const key = c.req.param('key');
    const valid = /^[A-Za-z0-9_-]{24}$/.test(key);
    // a library file's, or a logo's once it is in an e-mail footer (the same 144-bit keys)
    const found = valid
      ? ((await publicItem(deps.database.db, key)) ?? (await publicLogo(deps.database.db, key)))
      : null;
    const bytes = found?.file.storageKey ? await store.read(found.file.storageKey) : null;
    if (!found || !bytes) return c.text('Not found', 404);
    const inline = found.file.contentType.startsWith('image/') || found.file.contentType.startsWith('video/');
    return new Response(bytes.stream, {
      headers: {
        'Content-Type': found.file.contentType,
        'Content-Length': String(bytes.size),
        'Cache-Control': 'public, max-age=300',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
        'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(found.item.name)}`,
      },
    });
  });
}
