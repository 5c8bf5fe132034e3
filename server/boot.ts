import path from 'node:path';
import { Clock } from './clock';
import { openDatabase, type Database, type DatabaseOptions } from './db/database';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { sandboxMessenger, smtpMessenger } from './providers/messenger';
import type { ServerConfig, ServerDeps } from './context';

export interface BootOptions extends DatabaseOptions {
  config?: Partial<ServerConfig>;
  smtpUrl?: string;
  /** The From of mails sent over SMTP (HERALD_MAIL_FROM). */
  mailFrom?: string;
  clock?: Clock;
  /** Skip the demo seed (tests that want an empty database). */
  skipSeed?: boolean;
}

/** Opens, migrates and seeds the database and builds everything a handler needs. */
export async function boot(options: BootOptions): Promise<ServerDeps> {
  const database: Database = await openDatabase(options);
  await migrate(database);
  const clock = options.clock ?? new Clock();
  if (!options.skipSeed) await seed(database.db, clock);
  const sandbox = sandboxMessenger(database.db, clock);
  const messenger = options.smtpUrl
    ? smtpMessenger(options.smtpUrl, options.mailFrom ?? 'Herald <no-reply@herald.local>', sandbox)
    : sandbox;
  const config: ServerConfig = {
    ownDomain: 'herald.local',
    devTools: !options.databaseUrl,
    testClock: false,
    ...options.config,
  };
  return { database, clock, messenger, config };
}

export function bootOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BootOptions {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.HERALD_MAIL_FROM || undefined,
    config: {
      ownDomain: env.HERALD_OWN_DOMAIN || 'herald.local',
      devTools: env.HERALD_DEV_TOOLS ? env.HERALD_DEV_TOOLS === '1' : !env.DATABASE_URL,
      testClock: env.HERALD_TEST_CLOCK === '1',
      publicUrl: env.PUBLIC_URL || undefined,
    },
  };
}
