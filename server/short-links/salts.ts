import type { Db } from '../db/database';
import { serverSecret } from '../db/server-secrets';

// The visitor key's salt: a random secret per UTC day, shared by every gateway process through the
// server_secrets table and deleted by the statistics refresh after two days (aggregate.ts).

export const SALT_PREFIX = 'short-link-salt:';

export const saltName = (at: Date) => `${SALT_PREFIX}${at.toISOString().slice(0, 10)}`;

export function daySalt(db: Db, at: Date): Promise<Buffer> {
  return serverSecret(db, saltName(at));
}
