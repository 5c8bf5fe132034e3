import { eq } from 'drizzle-orm';
import type { HandlerMap, UserContext } from '../../context';
import { smsCallbacks } from '../../db/schema';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { newWebhookSecret } from '../../providers/callbacks/signing';
import { PrivateAddressError, resolvePublicAddress } from '../../providers/callbacks/address-guard';
import { unix } from '../../lib/time';

async function callbackRow(ctx: UserContext) {
  await ctx.db
    .insert(smsCallbacks)
    .values({ userId: ctx.user.id, secret: newWebhookSecret(), updatedAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(smsCallbacks).where(eq(smsCallbacks.userId, ctx.user.id));
  return row;
}

function callbackData(row: typeof smsCallbacks.$inferSelect) {
  return {
    Url: row.url,
    Enabled: row.enabled,
    Secret: row.secret,
    DisabledReason: row.disabledReason,
    LastDeliveryTime: unix(row.lastDeliveryAt),
    LastStatus: row.lastStatus,
  };
}

/** Refuses an address that is (or resolves to) loopback, private, link-local or another non-public range. */
async function checkAddress(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await resolvePublicAddress(new URL(url), allowPrivate);
  } catch (error) {
    if (error instanceof PrivateAddressError) throw new ApiError(RetCode.CallbackAddressRefused);
    // A well-formed https address whose host does not resolve: say so, not "format incorrect" (issue 18 §2).
    throw new ApiError(
      RetCode.ValidationError,
      {},
      { Fields: [{ Field: 'Url', Key: 'validation:callbackHostNotFound' }] },
    );
  }
}

export const smsCallbackHandlers: HandlerMap = {
  async GetUSMSCallback(_input, ctx) {
    return callbackData(await callbackRow(ctx));
  },

  async SetUSMSCallback(input, ctx) {
    if (input.Url) await checkAddress(input.Url, ctx.smsSettings.allowPrivateCallbacks);
    await callbackRow(ctx);
    const [row] = await ctx.db
      .update(smsCallbacks)
      .set({
        url: input.Url,
        enabled: input.Url ? input.Enabled : false,
        disabledReason: '',
        ...(input.RotateSecret ? { secret: newWebhookSecret() } : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(smsCallbacks.userId, ctx.user.id))
      .returning();
    return callbackData(row);
  },
};
