import { dnsSettingsFromEnv, makeResolver } from './email/dns-check';
import path from 'node:path';
import { Clock } from './clock';
import { openDatabase, type Database, type DatabaseOptions } from './db/database';
import { migrate } from './db/migrate';
import { seed, seedOptionsFromEnv, type SeedOptions } from './db/seed';
import { sandboxMessenger, smtpMessenger } from './providers/messenger';
import { channelMail, sinkPortFromEnv } from './providers/mail';
import { systemDnsResolver, type DNSResolver } from './providers/mail/dkim-check';
import { handleMailFeedback } from './email/feedback';
import { queueEmailAlerts } from './email/alerts';
import type { JobQueue } from './queue';
import { startPgBossQueue } from './queue/pg-boss';
import { smsJobSettingsFromEnv, type SmsJobSettings } from './sms/settings';
import type { Role, ServerConfig, ServerDeps } from './context';

export interface BootOptions extends DatabaseOptions {
  config?: Partial<ServerConfig>;
  smtpUrl?: string;
  /** The sandbox SMTP sink's port when there is no SMTP_URL (HERALD_SMTP_SINK_PORT; 0 or absent: any free port). */
  smtpSinkPort?: number;
  /** DNS for the sink's DKIM check (default: the system's). */
  dkimResolver?: DNSResolver;
  /** The From of mails sent over SMTP (HERALD_MAIL_FROM). */
  mailFrom?: string;
  clock?: Clock;
  /** What to seed (default: from the environment, see seedOptionsFromEnv). */
  seed?: SeedOptions;
  /** Skip seeding altogether (tests that load a seeded snapshot or want an empty database). */
  skipSeed?: boolean;
  /** ROLE of the process: only processes that work queues supervise pg-boss's tables. */
  role?: Role;
  /** The job queue: pg-boss on the database (the default) or a given one (tests pass an in-memory double). */
  jobs?: JobQueue | 'pg-boss';
  /** SMS knobs over the environment's. */
  smsSettings?: Partial<SmsJobSettings>;
}

/** The advisory lock of start-up seeding (next to migrate's MIGRATION_LOCK_KEY). */
const SEED_LOCK_KEY = 4_815_162_344;

/** Opens, migrates and seeds the database, starts the job queue and builds everything a handler needs. */
export async function boot(options: BootOptions): Promise<ServerDeps> {
  const database: Database = await openDatabase(options);
  await migrate(database);
  const clock = options.clock ?? new Clock();
  // Processes starting together on one PostgreSQL seed one after the other (the seed checks what is there).
  if (!options.skipSeed)
    await database.exclusive(SEED_LOCK_KEY, () =>
      seed(database.db, clock, options.seed ?? seedOptionsFromEnv(process.env, { embedded: !options.databaseUrl })),
    );
  const sandbox = sandboxMessenger(database.db, clock);
  const messenger = options.smtpUrl
    ? smtpMessenger(options.smtpUrl, options.mailFrom ?? 'Herald <no-reply@herald.local>', sandbox)
    : sandbox;
  const mail = channelMail({
    db: database.db,
    clock,
    smtpUrl: options.smtpUrl,
    sinkPort: options.smtpSinkPort,
    // The sink's DKIM check asks the DNS that domains verify against (config.dns, read at each check:
    // the e2e server's DNS sandbox sets it after boot), else the system's.
    resolver:
      options.dkimResolver ??
      ((name, rrtype) =>
        config.dns?.servers?.length
          ? (makeResolver(config.dns).resolve(name, rrtype) as Promise<string[][] | string[]>)
          : systemDnsResolver()(name, rrtype)),
    onFeedback: (feedback) =>
      handleMailFeedback(database.db, clock, feedback, (userId) => queueEmailAlerts({ jobs }, userId)).then(
        () => undefined,
      ),
  });
  const config: ServerConfig = {
    ownDomain: 'herald.local',
    devTools: !options.databaseUrl,
    testClock: false,
    ...options.config,
  };
  const jobs =
    options.jobs && options.jobs !== 'pg-boss'
      ? options.jobs
      : await startPgBossQueue(database, { supervise: (options.role ?? 'all') !== 'api' });
  const smsSettings = { ...smsJobSettingsFromEnv(), ...options.smsSettings };
  return { database, clock, messenger, mail, jobs, smsSettings, config };
}

export function roleFromEnv(env: NodeJS.ProcessEnv = process.env): Role {
  const role = env.ROLE || 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker')
    throw new Error(`ROLE must be all, api or worker, not ${role}`);
  return role;
}

export function bootOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BootOptions {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    smtpUrl: env.SMTP_URL || undefined,
    smtpSinkPort: sinkPortFromEnv(env),
    mailFrom: env.HERALD_MAIL_FROM || undefined,
    role: roleFromEnv(env),
    config: {
      ownDomain: env.HERALD_OWN_DOMAIN || 'herald.local',
      devTools: env.HERALD_DEV_TOOLS ? env.HERALD_DEV_TOOLS === '1' : !env.DATABASE_URL,
      testClock: env.HERALD_TEST_CLOCK === '1',
      devToolsAnyClient: env.HERALD_DEV_TOOLS_ANY_CLIENT === '1',
      publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
      telegramApiUrl: env.TELEGRAM_API_URL || undefined,
      whatsapp: {
        apiUrl: env.WHATSAPP_API_URL || undefined,
        signUpUrl: env.WHATSAPP_SIGNUP_URL || undefined,
        appId: env.WHATSAPP_APP_ID || undefined,
        appSecret: env.WHATSAPP_APP_SECRET || undefined,
        verifyToken: env.WHATSAPP_VERIFY_TOKEN || undefined,
      },
      socialApiUrl: env.SOCIAL_API_URL || undefined,
      socialWebhooks: {
        secrets: {
          1: env.SOCIAL_WEBHOOK_SECRET_FACEBOOK || undefined,
          2: env.SOCIAL_WEBHOOK_SECRET_INSTAGRAM || undefined,
          3: env.SOCIAL_WEBHOOK_SECRET_LINKEDIN || undefined,
          6: env.SOCIAL_WEBHOOK_SECRET_TIKTOK || undefined,
        },
        verifyToken: env.SOCIAL_WEBHOOK_VERIFY_TOKEN || undefined,
      },
      dns: dnsSettingsFromEnv(env),
    },
  };
}
