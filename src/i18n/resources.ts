// The translation namespaces, one per area. Only their types are imported here: at run time each
// language's namespaces load on demand (src/i18n/index.ts), so a page carries only what it shows.
type En = {
  common: typeof import('./locales/en/common.json');
  shell: typeof import('./locales/en/shell.json');
  auth: typeof import('./locales/en/auth.json');
  home: typeof import('./locales/en/home.json');
  errors: typeof import('./locales/en/errors.json');
  validation: typeof import('./locales/en/validation.json');
  billing: typeof import('./locales/en/billing.json');
  flows: typeof import('./locales/en/flows.json');
  settings: typeof import('./locales/en/settings.json');
  sms: typeof import('./locales/en/sms.json');
  mms: typeof import('./locales/en/mms.json');
  analysis: typeof import('./locales/en/analysis.json');
  vms: typeof import('./locales/en/vms.json');
  emailSetting: typeof import('./locales/en/emailSetting.json');
  audience: typeof import('./locales/en/audience.json');
  emailTemplates: typeof import('./locales/en/emailTemplates.json');
  mkthub: typeof import('./locales/en/mkthub.json');
  emailSend: typeof import('./locales/en/emailSend.json');
  shortLinks: typeof import('./locales/en/shortLinks.json');
  advertising: typeof import('./locales/en/advertising.json');
  library: typeof import('./locales/en/library.json');
  whatsapp: typeof import('./locales/en/whatsapp.json');
  waTemplates: typeof import('./locales/en/waTemplates.json');
  fbAds: typeof import('./locales/en/fbAds.json');
  waAgent: typeof import('./locales/en/waAgent.json');
};

/** Keys are typed from the English files (src/i18n/keys.ts); zh carries the same keys (tested). */
export type Resources = En;
export type Namespace = keyof Resources;

export const NAMESPACES = [
  'common',
  'shell',
  'auth',
  'home',
  'errors',
  'validation',
  'billing',
  'flows',
  'settings',
  'sms',
  'mms',
  'analysis',
  'vms',
  'audience',
  'emailSetting',
  'emailTemplates',
  'mkthub',
  'emailSend',
  'shortLinks',
  'advertising',
  'library',
  'whatsapp',
  'waTemplates',
  'fbAds',
  'waAgent',
] as const satisfies readonly Namespace[];

/** What every page may show before its own area loads: the public pages and the console frame. */
export const CORE_NAMESPACES = [
  'common',
  'shell',
  'auth',
  'errors',
  'validation',
] as const satisfies readonly Namespace[];

export const defaultNS = 'common';
