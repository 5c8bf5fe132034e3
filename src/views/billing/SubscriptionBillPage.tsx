import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { currentRecord, planDaysLeft } from '../../machines/subscription.machine';
import { SubscriptionActor } from '../shell/actors';
import { useUpgradePrompt } from '../shell/useUpgradePrompt';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { PlanFeatures } from './PlanFeatures';
import { PurchaseHistory } from './PurchaseHistory';
import { TransactionList } from './TransactionList';
import { formatDay } from './format';
import { packageName } from './plan-offers';

type PlanState = 'loading' | 'none' | 'active' | 'expiring' | 'underOneDay' | 'expired';

/** /bill/subscription: the current plan with renew and upgrade, the purchase history, the wallet's bills. */
export default function SubscriptionBillPage() {
  const { t, i18n } = useTranslation('billing');
  const [, navigate] = useLocation();
  const record = SubscriptionActor.useSelector((s) => currentRecord(s.context));
  const daysLeft = SubscriptionActor.useSelector((s) => planDaysLeft(s.context));
  const state = SubscriptionActor.useSelector((s): PlanState => {
    for (const candidate of ['none', 'active', 'expiring', 'underOneDay', 'expired'] as const)
      if (s.matches({ ready: { plan: candidate } })) return candidate;
    return 'loading';
  });
  const upgrade = useUpgradePrompt();
  const renewUnit = record && record.PeriodUnit !== 'day' ? record.PeriodUnit : 'month';

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t('current.title')}</h1>
      <Card
        title={record ? packageName(record, i18n.language) : t('current.noPlan')}
        action={
          state !== 'loading' && (
            <span className="text-sm text-slate-500" data-testid="plan-state">
              {t(`planStates.${state}`)}
            </span>
          )
        }
      >
        {record ? (
          <div className="grid gap-6 md:grid-cols-[1fr_auto]">
            <div className="space-y-3">
              <dl className="grid grid-cols-2 gap-y-1 text-sm sm:max-w-sm">
                <dt className="text-slate-500">{t('current.daysLeft')}</dt>
                <dd data-testid="plan-days-left">{t('current.days', { count: daysLeft })}</dd>
                <dt className="text-slate-500">{t('current.endsOn')}</dt>
                <dd>{formatDay(record.EndTime)}</dd>
              </dl>
              <PlanFeatures pkg={record} />
            </div>
            <div className="flex flex-col gap-2">
              {!record.Free && (
                <Link
                  href={`/buyPackage?no=${encodeURIComponent(record.SubscriptionNo)}&unit=${renewUnit}`}
                  className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
                >
                  {t('current.renew')}
                </Link>
              )}
              {upgrade.canOpenUpgrade && (
                <Button
                  variant="secondary"
                  onClick={() => upgrade.request(() => navigate('/bill/upgrade'))}
                  data-testid="plan-upgrade"
                >
                  {t('current.upgrade')}
                </Button>
              )}
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600">
              {state === 'expired' ? t('current.expiredHint') : t('current.noPlanHint')}
            </p>
            <div className="flex gap-2">
              {upgrade.canOpenUpgrade && (
                <Button
                  variant="secondary"
                  onClick={() => upgrade.request(() => navigate('/bill/upgrade'))}
                  data-testid="plan-upgrade"
                >
                  {t('current.upgrade')}
                </Button>
              )}
              <Link
                href="/subscription"
                className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                {t('current.choosePlan')}
              </Link>
            </div>
          </div>
        )}
      </Card>
      <Card title={t('history.title')}>
        <PurchaseHistory />
      </Card>
      <Card title={t('transactions.title')}>
        <TransactionList />
      </Card>
    </div>
  );
}
