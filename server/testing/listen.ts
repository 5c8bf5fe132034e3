import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { TestServer } from './harness';

/**
 * The test server on a real port of 127.0.0.1 with that address as config.publicUrl: the gateway's own
 * sandboxes (the WhatsApp Cloud API, the social platforms, the Telegram Bot API) are then called over HTTP
 * there. Answers the same server whose close stops the listener first.
 *
 *   server = await listenOnPublicUrl(await createTestServer());
 */
export async function listenOnPublicUrl<S extends TestServer>(server: S): Promise<S> {
  const http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  server.deps.config.publicUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const close = server.close;
  return {
    ...server,
    close: async () => {
      await new Promise((resolve) => http.close(resolve));
      await close();
    },
  };
}
