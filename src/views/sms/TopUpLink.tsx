import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isPageBuilt } from '../shell/navigation';

const PAYMENT_PATH = '/bill/management';
const TICKET_PATH = '/setting/work-order-create';

/** "Add funds": the payment page once it is built; until then a billing ticket to support. */
export function TopUpLink({ className = 'text-sm text-brand-700 underline' }: { className?: string }) {
  const { t } = useTranslation('sms');
  return isPageBuilt(PAYMENT_PATH) ? (
    <Link href={PAYMENT_PATH} className={className}>
      {t('overview.topUp')}
    </Link>
  ) : (
    <Link href={TICKET_PATH} className={className}>
      {t('overview.topUpBySupport')}
    </Link>
  );
}
