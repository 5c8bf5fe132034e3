// Every RetCode the gateway answers. The spec's own numbers keep their values (spec 000 §8); Herald's
// own codes live in the 23xxxx range so they never collide with the spec's 21xxxx and 17xxx codes.
// Each code's user-facing text is the key `errors:<name>` in src/i18n/locales/{en,zh}/errors.json.
export const RetCode = {
  Ok: 0,
  Logout: 10000,
  WhatsAppGetTemplates: 17109,
  LibraryNoSpace: 17202,
  UserNotExist: 214407,
  UserExists: 214411,
  SignupCodeExpired: 214412,
  NotActivated: 214415,
  AlreadyActivated: 214418,
  NotLoggedIn: 215398,
  // Herald's own
  UnknownAction: 230000,
  ValidationError: 230001,
  Forbidden: 230003,
  NotFound: 230004,
  RateLimited: 230029,
  BodyTooLarge: 230013,
  NotImplemented: 230501,
  SystemBusy: 230500,
  SignInFailed: 231001,
  PhoneCodeInvalid: 231002,
  ResendTooSoon: 231003,
  ActivationKeyInvalid: 231004,
  ActivationKeyExpired: 231005,
  ResetKeyInvalid: 231006,
  ResetKeyExpired: 231007,
  PasswordWrong: 231008,
  PasswordTooCommon: 231009,
  TokenReused: 231010,
  MissingAction: 231011,
  SignInLastTry: 231012,
  SignInPaused: 231013,
  UpgradeRequired: 232001,
  NoUpgradePermission: 232002,
  InsufficientBalance: 232003,
  IdempotencyConflict: 232004,
  PackageNotBuyable: 232005,
  // Money in (issue 10)
  CardDeclined: 232010,
  CardInsufficientFunds: 232011,
  CardChallengeFailed: 232012,
  CardLastWhileOwed: 232013,
  CardSetupIncomplete: 232014,
  CardExpired: 232015,
  NoDefaultCard: 232016,
  TopUpNotPermitted: 232017,
  BankReferenceUnknown: 232018,
  SubscriptionExpired: 232019,
  PaymentNotSettled: 232020,
  UploadFailed: 233001,
  UploadTypeNotAllowed: 233002,
  UploadTooLarge: 233003,
  UploadExpired: 233004,
  UploadSignatureInvalid: 233005,
  UploadMd5Mismatch: 233006,
  UploadAlreadyStored: 233007,
  LibraryFolderNotEmpty: 233101,
  IllegalTransition: 234001,
  CalendarEventNotMovable: 234002,
  EmailCodeInvalid: 235001,
  EmailCodeExpired: 235002,
  EmailChangeKeyInvalid: 235003,
  EmailChangeKeyExpired: 235004,
  EmailUnchanged: 235005,
  AccessKeyLimit: 235006,
  AccessKeyInvalid: 235007,
  AccessKeySignatureInvalid: 235008,
  AccessKeyTimestampSkew: 235009,
  AccessKeyActionRefused: 235010,
  AccessKeyNonceUsed: 235011,
  // SMS (236xxx)
  CountryNotSupported: 236001,
  FreeMessagesExceeded: 236002,
  TrialRecipientsExceeded: 236003,
  SendLimitReached: 236004,
  TemplateHasVariables: 236005,
  CallbackAddressRefused: 236006,
  TemplateNotUsable: 236007,
  TagExists: 236008,
  TrialPhoneNotVerified: 236009,
  TrialPhoneLimit: 236010,
  NoValidRecipients: 236011,
  ScheduleInPast: 236012,
  TemplateParamsMismatch: 236013,
  ExportNotReady: 236014,
  TimeZoneUnknown: 236015,
  TrialCodeInvalid: 236016,
  TrialCodeExpired: 236017,
  // Audience (237xxx)
  ContactExists: 237001,
  ListNameExists: 237002,
  AttributeNameExists: 237003,
  ImportRowsMissing: 237004,
  ImportNotReceiving: 237005,
  // E-mail domains and senders (2381xx)
  EmailDomainExists: 238101,
  EmailDomainNotEditable: 238102,
  EmailSenderExists: 238103,
  EmailDomainNotVerified: 238104,
  // E-mail sending (2382xx)
  EmailSenderNotUsable: 238201,
  EmailQuotaUsedUp: 238202,
  EmailRateLimitReached: 238203,
  // Marketing hub (239xxx)
  WorkflowNameExists: 239001,
  WorkflowChangedElsewhere: 239002,
  // Marketing plans (2394xx, docs/decisions.md "Marketing plans")
  PlanNameExists: 239401,
  // Telegram (2391xx, docs/decisions.md "Telegram")
  TelegramTokenRefused: 239101,
  TelegramBotMissing: 239102,
  TelegramTrialGroupLimit: 239103,
  TelegramGroupUnavailable: 239104,
  TelegramGroupNotVerified: 239105,
  TelegramImageRefused: 239106,
  TelegramUnavailable: 239107,
  // Advertising (2392xx, docs/decisions.md "Advertising")
  AdAccountNotRechargeable: 239201,
  // AI text (2393xx, docs/decisions.md "AI text")
  AiGenerationFailed: 239301,
  AiQuotaUsedUp: 239302,
  ModuleNotInPlan: 239303,
  // Smart inbox (2397xx, docs/decisions.md "Smart inbox")
  InboxFacebookWindow: 239701,
  InboxWhatsAppWindow: 239702,
  InboxMessageArchived: 239703,
  InboxReplyRefused: 239704,
  InboxPlatformUnavailable: 239705,
  // WhatsApp (2395xx, docs/decisions.md "WhatsApp numbers")
  WhatsAppSignUpRefused: 239501,
  WhatsAppSignUpExpired: 239502,
  WhatsAppAccountMissing: 239503,
  WhatsAppAccountTaken: 239504,
  WhatsAppUnavailable: 239505,
  // Social (2396xx, docs/decisions.md "Social profiles and posts")
  SocialProfilesOutOfQuota: 239601,
  SocialAuthStateInvalid: 239602,
  SocialAuthRefused: 239603,
  SocialProfileInvalid: 239604,
  SocialPostRuleBroken: 239605,
  SocialPlatformUnavailable: 239606,
  SocialMediaInvalid: 239607,
  // Social statistics and sign-in (2403xx, docs/decisions.md "Post statistics and social sign-in")
  SocialSignInTicketInvalid: 240301,
  SocialIdentityTaken: 240302,
  SocialSignInEmailTaken: 240303,
  SocialSignInStateInvalid: 240304,
  SocialSignInRefused: 240305,
  // WhatsApp templates (2398xx, docs/decisions.md "WhatsApp templates")
  WaTemplateExists: 239801,
  WaTemplateCategoryLocked: 239802,
  WaTemplateMediaMissing: 239803,
  WaTemplatePlatformRefused: 239804,
  // AI images (2404xx, docs/decisions.md "Creative material and AI images")
  AigcBusy: 240401,
  AigcReferenceInvalid: 240402,
  AigcNotReady: 240403,
  // Ad operations (2402xx, docs/decisions.md "Ad operations and data report")
  AdOperationNotSupported: 240201,
  AdOperationAccountBusy: 240202,
  AdRefundOverBalance: 240203,
  AdAuthorizationExpired: 240204,
  AdAuthorizationRevoked: 240205,
  // Facebook ads (2401xx, docs/decisions.md "Facebook campaigns, ad sets and ads")
  FbAdNameTaken: 240101,
  FbAdAccountNotOpened: 240102,
  FbAdPlatformRefused: 240103,
  FbAdMediaMissing: 240104,
  // WhatsApp sending (2399xx, docs/decisions.md "WhatsApp sending")
  WaSendNumberCannotSend: 239901,
  WaSendTierTooSmall: 239902,
  WaSendTemplateNotApproved: 239903,
  WaSendTemplateOtherAccount: 239904,
  // WhatsApp agent campaigns (2400xx, docs/decisions.md "WhatsApp agent campaigns")
  WaAgentSendTimeTooSoon: 240001,
  WaAgentTooManyRecipients: 240002,
  WaAgentNoRecipients: 240003,
  WaAgentNotCancellable: 240004,
  // WhatsApp finish (2405xx, docs/decisions.md "WhatsApp settings and template replies")
  InboxTemplateReplyNotWhatsApp: 240501,
  // Social inbox (2407xx, docs/decisions.md "Social messages in the inbox")
  InboxInstagramWindow: 240701,
  InboxCommentTooOld: 240702,
  // Social finish (2409xx, docs/decisions.md "Social sign-in")
  SocialIdentityLastSignIn: 240901,
  // Inbox assignment (2408xx, docs/decisions.md "Inbox assignment")
  InboxTeammateExists: 240801,
  InboxTeamFull: 240802,
  InboxTeammateUnknown: 240803,
  // Advertising close (2410xx, docs/decisions.md "Advertising: spend and rebates")
  AdAccountPlatformBlocked: 241001,
  // Logos in use (2411xx, docs/decisions.md "Logos in QR codes and e-mail footers")
  LogoInEmailFooter: 241111,
} as const;

export type RetCodeName = keyof typeof RetCode;
export type RetCodeValue = (typeof RetCode)[RetCodeName];

const nameByCode = new Map<number, RetCodeName>(
  (Object.entries(RetCode) as [RetCodeName, number][]).map(([name, code]) => [code, name]),
);

export function retCodeName(code: number): RetCodeName | undefined {
  return nameByCode.get(code);
}

/** The i18n key (namespace `errors`) that carries the user-facing text of a RetCode. */
export function retCodeMessageKey(code: number): `errors:${RetCodeName}` | undefined {
  const name = nameByCode.get(code);
  return name ? `errors:${name}` : undefined;
}

/** Codes that end the session on the client (spec 000 §4: "On the not-logged code … go to sign-in"). */
export const SESSION_ENDING_CODES: readonly number[] = [RetCode.NotLoggedIn, RetCode.TokenReused];
