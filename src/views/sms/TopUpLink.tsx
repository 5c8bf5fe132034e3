import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** "Add funds": the payment page, where the wallet is topped up by card or bank transfer. */
export function TopUpLink({ className = 'text-sm text-brand-700 underline' }: { className?: string }) {
  const { t } = useTranslation('sms');
  return (
    <Link href="/bill/management" className={className}>
      {t('overview.topUp')}
    </Link>
  );
}
