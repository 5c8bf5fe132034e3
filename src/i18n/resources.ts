import enCommon from './locales/en/common.json';
import enShell from './locales/en/shell.json';
import enAuth from './locales/en/auth.json';
import enHome from './locales/en/home.json';
import enErrors from './locales/en/errors.json';
import enValidation from './locales/en/validation.json';
import zhCommon from './locales/zh/common.json';
import zhShell from './locales/zh/shell.json';
import zhAuth from './locales/zh/auth.json';
import zhHome from './locales/zh/home.json';
import zhErrors from './locales/zh/errors.json';
import zhValidation from './locales/zh/validation.json';

// Namespaces the shell needs at once. Areas built later add theirs here (keys stay typed).
export const resources = {
  en: { common: enCommon, shell: enShell, auth: enAuth, home: enHome, errors: enErrors, validation: enValidation },
  zh: { common: zhCommon, shell: zhShell, auth: zhAuth, home: zhHome, errors: zhErrors, validation: zhValidation },
} as const;

export const defaultNS = 'common';
