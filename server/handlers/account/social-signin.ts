import type { HandlerMap } from '../../context';
import { loginBindSocialMedia, loginBySocialMedia, registerBySocialMedia } from '../../social/signin';
import type { SocialPlatformType } from '../../../src/gateway/contract/social/platforms';
import { linkIdentity, listIdentities, unlinkIdentity } from '../../social/identities';
import { sendActivationMail } from './register';
import { verifySignIn } from './signin';

// Social sign-in (issue 16 item 2; spec 000 §7), public: nobody is signed in yet (server/social/signin.ts).

export const socialSignInHandlers: HandlerMap = {
  LoginBySocialMedia: (input, ctx) =>
    loginBySocialMedia(ctx, { ...input, PlatformType: input.PlatformType as SocialPlatformType }),
  RegisterBySocialMedia: (input, ctx) => registerBySocialMedia(ctx, input, sendActivationMail),
  LoginBindSocialMedia: (input, ctx) => loginBindSocialMedia(ctx, input, verifySignIn),
  // Settings: the signed-in account's sign-in identities (server/social/identities.ts).
  LinkSocialIdentity: (input, ctx) =>
    linkIdentity(ctx, ctx.user.id, { ...input, PlatformType: input.PlatformType as SocialPlatformType }),
  ListSocialIdentities: (_input, ctx) => listIdentities(ctx, ctx.user.id),
  UnlinkSocialIdentity: async ({ IdentityId }, ctx) => {
    await unlinkIdentity(ctx, ctx.user.id, IdentityId);
    return {};
  },
};
