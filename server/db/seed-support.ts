import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { users } from './schema';
import { hashPassword } from '../auth/passwords';
import type { Clock } from '../clock';

/** The support staff account `npm run support` signs in as, by default (seeded only when asked for). */
export const SUPPORT_EMAIL = 'support@herald.local';
export const SUPPORT_PASSWORD = 'herald-support-1';

/** The support staff account, with the password the operator chose (seed.ts decides when and which). */
export async function seedSupportStaff(db: Db, clock: Clock, password: string): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, SUPPORT_EMAIL));
  if (existing) return;
  const now = clock.now();
  await db.insert(users).values({
    email: SUPPORT_EMAIL,
    passwordHash: await hashPassword(password),
    enName: 'Herald Support',
    cnName: 'Herald 客服',
    extraPermissions: ['SupportStaff'],
    activatedAt: now,
    createdAt: now,
  });
}
