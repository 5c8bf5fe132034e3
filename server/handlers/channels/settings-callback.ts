import { and, eq } from 'drizzle-orm';
import type { UserContext } from '../../context';
import { smsCallbacks } from '../../db/schema';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import type { ActionInput } from '../../../src/gateway/contract/actions/registry';
import { newWebhookSecret } from '../../providers/callbacks/signing';
import { PrivateAddressError, resolvePublicAddress } from '../../providers/callbacks/address-guard';
import { unix } from '../../lib/time';

// The delivery-report callback of one channel (docs/decisions.md "Settings per channel"): SMS, MMS and
// voice each have their own address and signing secret; the kernel posts a task's reports to its
// channel's (server/channels/callbacks.ts).

const callbackOf = (ctx: UserContext, channel: string) =>
  and(eq(smsCallbacks.userId, ctx.user.id), eq(smsCallbacks.channel, channel));

async function callbackRow(ctx: UserContext, channel: string) {
  await ctx.db
    .insert(smsCallbacks)
    .values({ userId: ctx.user.id, channel, secret: newWebhookSecret(), updatedAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(smsCallbacks).where(callbackOf(ctx, channel));
  return row;
}

/** The callback as a reply: the secret in full only when `issued` (shown once), its end always. */
function callbackData(row: typeof smsCallbacks.$inferSelect, issued = false) {
  return {
    Url: row.url,
    Enabled: row.enabled,
    Secret: issued ? row.secret : '',
    SecretEnd: row.secret.slice(-4),
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

/** Get…Callback: the channel's callback, made (off, with a secret) on first read. */
export async function getChannelCallback(ctx: UserContext, channel: string) {
  return callbackData(await callbackRow(ctx, channel));
}

/** Set…Callback: the address ("" removes it), on or off, and optionally a new secret. */
export async function setChannelCallback(ctx: UserContext, channel: string, input: ActionInput<'SetUSMSCallback'>) {
  if (input.Url) await checkAddress(input.Url, ctx.smsSettings.allowPrivateCallbacks);
  const before = await callbackRow(ctx, channel);
  // The secret is issued (shown once) with a new one, or with the first address its receiver will check.
  const issued = input.RotateSecret || (Boolean(input.Url) && !before.secretShown);
  const [row] = await ctx.db
    .update(smsCallbacks)
    .set({
      url: input.Url,
      enabled: input.Url ? input.Enabled : false,
      disabledReason: '',
      ...(input.RotateSecret ? { secret: newWebhookSecret() } : {}),
      ...(issued ? { secretShown: true } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(callbackOf(ctx, channel))
    .returning();
  return callbackData(row, issued);
}
