import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import type { Clock } from '../../clock';

/** The support staff account `npm run support` signs in as, by default. */
export const SUPPORT_EMAIL = 'support@herald.local';
export const SUPPORT_PASSWORD = 'herald-support-1';

/**
 * Only the embedded default (no DATABASE_URL: a developer's machine, tests) or HERALD_E2E_FIXTURES=1
 * gets this account with its well-known password; a real deployment grants SupportStaff to real people.
 */
export function supportFixtureWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.HERALD_E2E_FIXTURES === '1' || !env.DATABASE_URL;
}

export async function seedSupportStaff(db: Db, clock: Clock): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, SUPPORT_EMAIL));
  if (existing) return;
  const now = clock.now();
  await db.insert(users).values({
    email: SUPPORT_EMAIL,
    passwordHash: await hashPassword(SUPPORT_PASSWORD),
    enName: 'Herald Support',
    cnName: 'Herald 客服',
    extraPermissions: ['SupportStaff'],
    activatedAt: now,
    createdAt: now,
  });
}
