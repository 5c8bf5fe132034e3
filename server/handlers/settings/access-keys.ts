import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { accessKeys } from '../../db/schema';
import type { HandlerMap } from '../../context';
import { ACCESS_KEYS_MAX } from '../../../src/gateway/contract/actions/settings';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { ApiError } from '../../errors';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : 0);

export const accessKeyHandlers: HandlerMap = {
  async CreateAccessKey({ Name }, ctx) {
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(accessKeys)
      .where(and(eq(accessKeys.userId, ctx.user.id), isNull(accessKeys.revokedAt)));
    if (n >= ACCESS_KEYS_MAX) throw new ApiError(RetCode.AccessKeyLimit, { max: ACCESS_KEYS_MAX });
    const id = `HK${randomBytes(9).toString('hex').toUpperCase()}`;
    const secret = randomBytes(30).toString('base64url');
    const now = ctx.clock.now();
    await ctx.db.insert(accessKeys).values({ id, userId: ctx.user.id, name: Name, secret, createdAt: now });
    return { AccessKeyId: id, Name, CreateTime: seconds(now), LastUsedTime: 0, AccessKeySecret: secret };
  },

  async ListAccessKeys(_input, ctx) {
    const rows = await ctx.db
      .select()
      .from(accessKeys)
      .where(and(eq(accessKeys.userId, ctx.user.id), isNull(accessKeys.revokedAt)))
      .orderBy(desc(accessKeys.createdAt));
    return {
      AccessKeys: rows.map((r) => ({
        AccessKeyId: r.id,
        Name: r.name,
        CreateTime: seconds(r.createdAt),
        LastUsedTime: seconds(r.lastUsedAt),
      })),
    };
  },

  async RevokeAccessKey({ AccessKeyId }, ctx) {
    const revoked = await ctx.db
      .update(accessKeys)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(accessKeys.id, AccessKeyId), eq(accessKeys.userId, ctx.user.id), isNull(accessKeys.revokedAt)))
      .returning({ id: accessKeys.id });
    if (revoked.length === 0) throw new ApiError(RetCode.NotFound);
    return {};
  },
};
