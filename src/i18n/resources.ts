import enCommon from './locales/en/common.json';
import enShell from './locales/en/shell.json';
import enAuth from './locales/en/auth.json';
import enHome from './locales/en/home.json';
import enErrors from './locales/en/errors.json';
import enValidation from './locales/en/validation.json';
import enBilling from './locales/en/billing.json';
import enFlows from './locales/en/flows.json';
import enSettings from './locales/en/settings.json';
import enSms from './locales/en/sms.json';
import enAnalysis from './locales/en/analysis.json';
import zhCommon from './locales/zh/common.json';
import zhShell from './locales/zh/shell.json';
import zhAuth from './locales/zh/auth.json';
import zhHome from './locales/zh/home.json';
import zhErrors from './locales/zh/errors.json';
import zhValidation from './locales/zh/validation.json';
import zhBilling from './locales/zh/billing.json';
import zhFlows from './locales/zh/flows.json';
import zhSettings from './locales/zh/settings.json';
import zhSms from './locales/zh/sms.json';
import zhAnalysis from './locales/zh/analysis.json';

// One namespace per area; keys are typed from the English files (src/i18n/keys.ts).
export const resources = {
  en: { common: enCommon, shell: enShell, auth: enAuth, home: enHome, errors: enErrors, validation: enValidation, billing: enBilling, flows: enFlows, settings: enSettings, sms: enSms, analysis: enAnalysis },
  zh: { common: zhCommon, shell: zhShell, auth: zhAuth, home: zhHome, errors: zhErrors, validation: zhValidation, billing: zhBilling, flows: zhFlows, settings: zhSettings, sms: zhSms, analysis: zhAnalysis },
} as const;

export const defaultNS = 'common';
