// Constants of the contract that views need without loading the schemas (zod stays out of first paint).

/** Sub-wallet product types (spec 000 §3): 6026 ads, 6003 voice, 6011 email, 9 SMS. */
export const SUB_WALLET_TYPES = { Ads: 6026, Voice: 6003, Email: 6011, Sms: 9 } as const;

export const MODULES = ['MarketingPlan', 'Automation', 'Analysis', 'SocialMedia'] as const;
export type ModuleName = (typeof MODULES)[number];
export const PERIOD_UNITS = ['day', 'month', 'year'] as const;

export const PERMISSION_KEYS = ['WhatsAppAgent', 'TextUser', 'FlowInspector', 'SupportStaff', 'TopUp'] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
