import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { packagesQuery } from '../../gateway/client/queries/billing';
import { formatMoney } from '../../gateway/contract/money';
import { currentRecord } from '../../machines/subscription.machine';
import { MODULES, type ModuleName, type SubscriptionPackage } from '../../gateway/contract/actions/subscriptions';
import { SubscriptionActor } from '../shell/actors';
import { Button } from '../ui/Button';
import { ErrorState } from '../ui/EmptyState';
import { PageLoading } from '../ui/Spinner';
import { PlanFeatures } from './PlanFeatures';
import { offerFor, packageName, priceFor, tierGradient, type Offer } from './plan-offers';

type Billing = 'month' | 'year';

/** /subscription: every package side by side, tier colours in package order, monthly or annual prices. */
export default function SubscriptionPage() {
  const { t } = useTranslation('billing');
  const [billing, setBilling] = useState<Billing>('month');
  const packages = useQuery(packagesQuery());
  const active = SubscriptionActor.useSelector((s) => currentRecord(s.context));
  const gated = gatedModule(useSearch());

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t('plans.title')}</h1>
          <p className="mt-1 text-sm text-slate-500">{t('plans.subtitle')}</p>
        </div>
        <div
          role="radiogroup"
          aria-label={t('plans.billingPeriod')}
          className="inline-flex rounded-[var(--radius-herald)] bg-slate-100 p-1 text-sm"
        >
          {(['month', 'year'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={billing === option}
              onClick={() => setBilling(option)}
              className={`rounded-[var(--radius-herald)] px-3 py-1.5 font-medium ${billing === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'}`}
            >
              {option === 'month' ? t('plans.monthly') : t('plans.annual')}
            </button>
          ))}
        </div>
      </header>
      {gated && packages.data && <ModuleNotice module={gated} packages={packages.data.Packages} />}
      {packages.isPending ? (
        <PageLoading label={t('plans.loading')} />
      ) : packages.isError ? (
        <ErrorState message={t('plans.loadFailed')} onRetry={() => void packages.refetch()} retryLabel={t('retry')} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="plan-comparison">
          {packages.data.Packages.map((pkg) => (
            <PlanCard
              key={pkg.SubscriptionNo}
              pkg={pkg}
              billing={billing}
              offer={offerFor(pkg, active, packages.data.Packages)}
              gradient={tierGradient(pkg, packages.data.Packages)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** The module a gated page needs, from `?module=` (route-access.ts `planGatePathFor`). */
function gatedModule(search: string): ModuleName | null {
  const value = new URLSearchParams(search).get('module');
  return MODULES.find((module) => module === value) ?? null;
}

/** Why the console came here: the page needs a module, and these plans include it (issue 18 §12). */
function ModuleNotice({ module, packages }: { module: ModuleName; packages: SubscriptionPackage[] }) {
  const { t, i18n } = useTranslation('billing');
  const names = packages
    .filter((pkg) => pkg.ModWhitelist.some((item) => item.ProductMod === module))
    .map((pkg) => packageName(pkg, i18n.language));
  const list = new Intl.ListFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { type: 'conjunction' }).format(names);
  return (
    <p
      role="status"
      className="rounded-[var(--radius-herald)] border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-700"
      data-testid="plan-module-notice"
    >
      {names.length
        ? t('plans.moduleIncludedIn', { module: t(`modules.${module}`), plans: list, count: names.length })
        : t('plans.moduleInNoPlan', { module: t(`modules.${module}`) })}
    </p>
  );
}

function PlanCard({
  pkg,
  billing,
  offer,
  gradient,
}: {
  pkg: SubscriptionPackage;
  billing: Billing;
  offer: Offer;
  gradient: string;
}) {
  const { t, i18n } = useTranslation('billing');
  const actor = SubscriptionActor.useActorRef();
  const canClaimFree = SubscriptionActor.useSelector((s) => s.can({ type: 'plan.claimFree' }));
  const claiming = SubscriptionActor.useSelector((s) => s.matches({ ready: { purchase: 'claiming' } }));
  const price = pkg.Free ? pkg.Price[0] : priceFor(pkg, billing);
  const monthly = priceFor(pkg, 'month');
  const unit = pkg.Free ? 'day' : billing;
  return (
    <article
      className="flex flex-col overflow-hidden rounded-[var(--radius-herald)] border border-slate-200 bg-white shadow-sm"
      data-testid={`plan-${pkg.SubscriptionNo}`}
    >
      <div className="px-5 py-4 text-white" style={{ backgroundImage: gradient }}>
        <h2 className="text-lg font-semibold">{packageName(pkg, i18n.language)}</h2>
        <p className="mt-1 text-2xl font-bold" data-testid="plan-price">
          {pkg.Free
            ? t('plans.freeFor', { count: price?.Period ?? 0 })
            : price
              ? t(billing === 'month' ? 'plans.perMonth' : 'plans.perYear', {
                  price: formatMoney(price.Price, 'usd', i18n.language),
                })
              : '—'}
        </p>
        {!pkg.Free && billing === 'year' && monthly && (
          <p className="text-sm text-white/90">{t('plans.savesTwoMonths')}</p>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <PlanFeatures pkg={pkg} />
        <div className="mt-auto">
          {offer === 'current' ? (
            <Link
              href="/bill/subscription"
              className="block rounded-[var(--radius-herald)] bg-slate-100 px-4 py-2 text-center text-sm font-medium text-slate-700"
            >
              {t('plans.currentPlan')}
            </Link>
          ) : offer === 'trial' ? (
            <Button
              className="w-full"
              onClick={() => actor.send({ type: 'plan.claimFree' })}
              disabled={!canClaimFree}
              loading={claiming}
            >
              {t('plans.startTrial')}
            </Button>
          ) : offer === 'trialUsed' ? (
            <p className="rounded-[var(--radius-herald)] bg-slate-50 px-4 py-2 text-center text-sm text-slate-500">
              {t('plans.trialUsed')}
            </p>
          ) : offer === 'afterEnd' ? (
            <p className="rounded-[var(--radius-herald)] bg-slate-50 px-4 py-2 text-center text-sm text-slate-500">
              {t('plans.afterEnd')}
            </p>
          ) : (
            <Link
              href={
                offer === 'upgrade'
                  ? `/bill/upgrade?no=${encodeURIComponent(pkg.SubscriptionNo)}`
                  : `/buyPackage?no=${encodeURIComponent(pkg.SubscriptionNo)}&unit=${unit}`
              }
              className="block rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
            >
              {offer === 'upgrade' ? t('plans.upgrade') : t('plans.buy')}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
