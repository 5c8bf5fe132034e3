import type { Db } from '../db/database';
import type { ServerConfig } from '../context';
import type { Clock } from '../clock';
import { mediaUrl, uploadSecret } from '../uploads/signing';

// Telegram fetches a post's photo by URL (sendPhoto with a string photo): the stored file's signed read
// address (an hour long) on the gateway's public origin, made when the post is sent.
export function imageUrlBuilder(db: Db, config: ServerConfig, clock: Clock) {
  return async (fileId: string) =>
    `${config.publicUrl ?? 'http://localhost'}${mediaUrl(await uploadSecret(db), fileId, Math.floor(clock.nowMs() / 1000))}`;
}
