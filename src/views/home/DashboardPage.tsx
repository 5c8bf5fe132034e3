import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { balanceQuery, buyRecordsQuery, newRepliesQuery } from '../../gateway/client/queries/account';
import { availableUnits, formatMoney } from '../../gateway/contract/money';
import { activeRecord, remainingDays } from '../../gateway/contract/plan';
import { SUB_WALLET_TYPES } from '../../gateway/contract/actions/constants';
import { SessionActor } from '../shell/actors';
import { greetingKey } from '../shell/greeting';
import { Card } from '../ui/Card';
import { PerformanceCard } from './PerformanceCard';
import { QueryState } from './QueryState';
import { useLabel } from '../../i18n/useLabel';

const WALLET_LABELS: Record<number, 'wallets.ads' | 'wallets.voice' | 'wallets.email' | 'wallets.sms'> = {
  [SUB_WALLET_TYPES.Ads]: 'wallets.ads',
  [SUB_WALLET_TYPES.Voice]: 'wallets.voice',
  [SUB_WALLET_TYPES.Email]: 'wallets.email',
  [SUB_WALLET_TYPES.Sms]: 'wallets.sms',
};

export default function DashboardPage() {
  const { t, i18n } = useTranslation('home');
  const label = useLabel();
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const balance = useQuery(balanceQuery());
  const records = useQuery(buyRecordsQuery());
  const replies = useQuery(newRepliesQuery());
  const plan = records.data ? activeRecord(records.data.Records, Date.now()) : undefined;
  const lang = i18n.language;

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-semibold" data-testid="dashboard-greeting">
        {label(`shell:${greetingKey(new Date())}`, { name: user?.DisplayName ?? '' })}
      </h1>
      <p className="mt-1 text-slate-500">{t('dashboard.subtitle')}</p>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <Card title={t('dashboard.balance')}>
          {balance.data ? (
            <>
              <p className="text-3xl font-semibold" data-testid="dashboard-balance">
                {formatMoney(availableUnits(balance.data), balance.data.Currency, lang)}
              </p>
              <dl className="mt-3 space-y-1 text-sm text-slate-600">
                {(['Amount', 'AmountFree', 'AmountCredit', 'AmountFreeze'] as const).map((field) => (
                  <div key={field} className="flex justify-between">
                    <dt>{t(`dashboard.fields.${field}`)}</dt>
                    <dd>{formatMoney(balance.data[field], balance.data.Currency, lang)}</dd>
                  </div>
                ))}
                {balance.data.SubWallets.map((wallet) => (
                  <div key={wallet.ProductTypes.join()} className="flex justify-between border-t border-slate-100 pt-1">
                    <dt>
                      {WALLET_LABELS[wallet.ProductTypes[0]]
                        ? t(WALLET_LABELS[wallet.ProductTypes[0]])
                        : wallet.ProductTypes.join(', ')}
                    </dt>
                    <dd>{formatMoney(availableUnits(wallet), balance.data.Currency, lang)}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : (
            <QueryState isPending={balance.isPending} isError={balance.isError} retry={() => void balance.refetch()} />
          )}
        </Card>
        <Card title={t('dashboard.plan')}>
          {records.data ? (
            plan ? (
              <>
                <p className="text-3xl font-semibold">{lang === 'zh' ? plan.CnName : plan.EnName}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {t('dashboard.planEnds', {
                    date: dayjs.unix(plan.EndTime).format('YYYY-MM-DD'),
                    count: remainingDays(plan, Date.now()),
                  })}
                </p>
                <ul className="mt-3 flex flex-wrap gap-1">
                  {plan.ModWhitelist.map((mod) => (
                    <li key={mod.ProductMod} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
                      {t(`dashboard.modules.${mod.ProductMod}`)}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-slate-600">{t('dashboard.noPlan')}</p>
            )
          ) : (
            <QueryState isPending={records.isPending} isError={records.isError} retry={() => void records.refetch()} />
          )}
        </Card>
        <Card title={t('dashboard.account')}>
          <dl className="space-y-1 text-sm text-slate-600">
            <div className="flex justify-between">
              <dt>{t('dashboard.email')}</dt>
              <dd className="truncate pl-2">{user?.Email}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{t('dashboard.mode')}</dt>
              <dd>{user?.Upgrade ? t('dashboard.upgraded') : t('dashboard.trial')}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{t('dashboard.newReplies')}</dt>
              <dd>{replies.data?.Total ?? '…'}</dd>
            </div>
          </dl>
        </Card>
      </div>
      <PerformanceCard />
    </div>
  );
}
