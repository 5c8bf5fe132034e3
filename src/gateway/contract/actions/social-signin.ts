import { z } from 'zod';
import { defineAction } from './define';
import { platformTypeField } from './social';
import { currentPasswordField, emailField } from '../validators';

// Social sign-in (issue 16 item 2; spec 000 §7's LoginBySocialMedia, RegisterBySocialMedia,
// LoginBindSocialMedia; docs/decisions.md "Post statistics and social sign-in"). The platform sends the
// browser back to /medialogin/{type} with a code and the state of GetSocialMediaAuthUrl (Purpose signin).

export const SOCIAL_SIGNIN_RESULTS = ['signedIn', 'needsRegistration', 'needsLink', 'activationSent'] as const;
export type SocialSignInResult = (typeof SOCIAL_SIGNIN_RESULTS)[number];

const ticketField = z.string().trim().min(16, 'validation:invalid').max(128, 'validation:invalid');

/**
 * signedIn carries the same tokens as LoginByPassword; needsRegistration and needsLink carry the Ticket that
 * finishes the sign-in (single use, 10 minutes) and what the platform said (Email may be '').
 */
const outcome = z.object({
  Result: z.enum(SOCIAL_SIGNIN_RESULTS),
  AccessToken: z.string().optional(),
  RefreshToken: z.string().optional(),
  AdminUserID: z.number().optional(),
  Ticket: z.string().optional(),
  /** the account's e-mail (signedIn), the platform's (needsRegistration, needsLink) or the one typed */
  Email: z.string(),
  /** the platform account's name */
  Name: z.string(),
  /** LoginBySocialMedia: the path the sign-in page asked for (kept in the signed state), '' for none */
  Service: z.string().optional(),
});
export type SocialSignInOutcome = z.infer<typeof outcome>;

const identity = z.object({
  IdentityId: z.number(),
  PlatformType: z.number(),
  /** the platform account's name and e-mail ('' when it shared none) */
  Name: z.string(),
  Email: z.string(),
  /** unix seconds */
  LinkedAt: z.number(),
});
export type SocialIdentity = z.infer<typeof identity>;

/** A Purpose link state: its nonce carries this prefix (outside base64url, and under the state's MAC). */
export const LINK_STATE_PREFIX = 'link~';

export const socialSignInActions = {
  LoginBySocialMedia: defineAction(
    'public',
    z
      .object({
        PlatformType: platformTypeField,
        Code: z.string().trim().min(1, 'validation:required').max(2048),
        State: z.string().trim().min(1, 'validation:required').max(256),
      })
      .strict(),
    outcome,
  ),
  /** A new Herald account for the platform account: with the platform's e-mail, or Email when it gave none. */
  RegisterBySocialMedia: defineAction(
    'public',
    z.object({ Ticket: ticketField, Email: emailField.optional() }).strict(),
    outcome,
  ),
  /** Links the platform account to the existing account of the e-mail, once its password is verified. */
  LoginBindSocialMedia: defineAction(
    'public',
    z.object({ Ticket: ticketField, Email: emailField.optional(), Password: currentPasswordField }).strict(),
    outcome,
  ),
  /**
   * Settings: the platform account of a Purpose link state joins the signed-in account's sign-in identities
   * (the state must be this account's own; docs/decisions.md "Social sign-in: linked identities").
   */
  LinkSocialIdentity: defineAction(
    'user',
    z
      .object({
        PlatformType: platformTypeField,
        Code: z.string().trim().min(1, 'validation:required').max(2048),
        State: z.string().trim().min(1, 'validation:required').max(256),
      })
      .strict(),
    identity,
  ),
  /** The account's linked sign-in identities, and whether it has a password of its own. */
  ListSocialIdentities: defineAction(
    'user',
    z.object({}).strict(),
    z.object({ Identities: z.array(identity), HasPassword: z.boolean() }),
  ),
  /** Refused (240901) for the last identity of an account without a password: it is the only way in. */
  UnlinkSocialIdentity: defineAction(
    'user',
    z.object({ IdentityId: z.number().int().positive('validation:invalid') }).strict(),
    z.object({}),
  ),
} as const;
