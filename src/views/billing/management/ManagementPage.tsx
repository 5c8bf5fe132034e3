import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { SessionActor } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { CheckoutPanel } from '../checkout/CheckoutPanel';
import { WALLETS } from '../wallets';
import { BalanceAlarmCard } from './BalanceAlarmCard';
import { BillingAddressCard } from './BillingAddressCard';
import { MoveMoneyCard } from './MoveMoneyCard';
import { WalletSummary } from './WalletSummary';

/** /bill/management: balances, add funds, move money between wallets, billing address, balance alarm. */
export default function ManagementPage() {
  const { t } = useTranslation('billing');
  const permissions = SessionActor.useSelector((s) => s.context.userInfo?.Permissions);
  const wanted = Number(new URLSearchParams(useSearch()).get('wallet'));
  const initialWallet = WALLETS.includes(wanted) ? wanted : 0;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('management.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('management.subtitle')}</p>
      </header>
      <WalletSummary />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title={t('recharge.title')}
          action={
            <Link href="/bill/payment-method" className="text-sm text-brand-700 underline">
              {t('management.manageCards')}
            </Link>
          }
        >
          {permissions && <CheckoutPanel canTopUp={permissions.includes('TopUp')} initialWallet={initialWallet} />}
        </Card>
        <MoveMoneyCard />
        <BalanceAlarmCard />
        <BillingAddressCard />
      </div>
    </div>
  );
}
