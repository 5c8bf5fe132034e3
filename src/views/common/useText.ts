import { useTranslation } from 'react-i18next';

const KEY = /^[a-z]+:[A-Za-z0-9_.]+$/;

/** Machines hold either an i18n key (`sms:send.errors.x`, `validation:y`) or a server message already in the user's language. */
export function useText() {
  const { t } = useTranslation();
  return (value: string | null | undefined): string => {
    if (!value) return '';
    return KEY.test(value) ? String(t(value as never)) : value;
  };
}
