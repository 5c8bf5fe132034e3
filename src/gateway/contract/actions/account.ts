import { z } from 'zod';
import { defineAction, emptyInput, emptyData } from './define';
import { currentPasswordField, emailField, keyField, passwordField } from '../validators';

const tokenData = z.object({ AccessToken: z.string(), RefreshToken: z.string(), AdminUserID: z.number() });
export const cooldownData = z.object({ ResendAfterSeconds: z.number() });

import { PERMISSION_KEYS } from './constants';

export { PERMISSION_KEYS, type PermissionKey } from './constants';

export const userInfoData = z.object({
  AdminUserId: z.number(),
  CnName: z.string(),
  EnName: z.string(),
  Email: z.string(),
  DisplayName: z.string(),
  Administrator: z.boolean(),
  Phone: z.string(),
  Timezone: z.string(),
  RegisterIP: z.string(),
  RegisterCountry: z.string(),
  /** Type 4 accounts are not upgradable (spec 000 §6). */
  Type: z.number(),
  /** false while the account is in trial mode. */
  Upgrade: z.boolean(),
  Permissions: z.array(z.enum(PERMISSION_KEYS)),
});
export type UserInfo = z.infer<typeof userInfoData>;

export const accountActions = {
  LoginByPassword: defineAction(
    'public',
    z.object({ Email: emailField, Password: currentPasswordField }).strict(),
    tokenData,
  ),
  RefreshToken: defineAction('public', z.object({ RefreshToken: z.string().min(1).max(200) }).strict(), tokenData),
  LogoutToken: defineAction('public', z.object({ RefreshToken: z.string().min(1).max(200) }).strict(), emptyData),
  SendActivateEmail: defineAction('public', z.object({ Email: emailField }).strict(), cooldownData),
  ActivateAdminUser: defineAction('public', z.object({ Key: keyField }).strict(), z.object({ Email: z.string() })),
  GetUserInfo: defineAction('user', emptyInput, userInfoData),
  SendResetPasswordEmail: defineAction('public', z.object({ Email: emailField }).strict(), cooldownData),
  ResetPassword: defineAction('public', z.object({ Key: keyField, Password: passwordField }).strict(), emptyData),
  GetEmailByKey: defineAction('public', z.object({ Key: keyField }).strict(), z.object({ Email: z.string() })),
  ChangePassword: defineAction(
    'user',
    z.object({ OldPassword: currentPasswordField, NewPassword: passwordField }).strict(),
    emptyData,
  ),
} as const;
