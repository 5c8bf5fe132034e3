import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { currentRecord, freePackage, planDaysLeft } from '../../machines/subscription.machine';
import { Button } from '../ui/Button';
import { SubscriptionActor } from './actors';

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-sky-200 bg-sky-50 text-sky-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
} as const;

type Kind = keyof typeof tones;

/** Spec 000 §4: the error, info or warning banner the subscription machine decided on. */
export function PlanBanner() {
  const { t, i18n } = useTranslation('billing');
  const actor = SubscriptionActor.useActorRef();
  const kind = SubscriptionActor.useSelector((s): Kind | null => {
    for (const candidate of ['error', 'info', 'warning'] as const)
      if (s.matches({ ready: { banner: candidate } })) return candidate;
    return null;
  });
  const expiredFree = SubscriptionActor.useSelector((s) => s.matches({ ready: { plan: { expired: 'free' } } }));
  const underOneDay = SubscriptionActor.useSelector((s) => s.matches({ ready: { plan: 'underOneDay' } }));
  const daysLeft = SubscriptionActor.useSelector((s) => planDaysLeft(s.context));
  const plan = SubscriptionActor.useSelector((s) => currentRecord(s.context) ?? s.context.records[0]);
  const freeDays = SubscriptionActor.useSelector((s) => freePackage(s.context)?.Price[0]?.Period ?? 0);
  const canClaimFree = SubscriptionActor.useSelector((s) => s.can({ type: 'plan.claimFree' }));
  const claiming = SubscriptionActor.useSelector((s) => s.matches({ ready: { purchase: 'claiming' } }));
  // The info banner says what the welcome dialog says: it waits until the dialog is closed (issue 18 §13).
  const welcomeOpen = SubscriptionActor.useSelector((s) => s.matches({ ready: { welcome: 'open' } }));
  if (!kind || (kind === 'info' && welcomeOpen)) return null;
  const planName = plan ? (i18n.language === 'zh' ? plan.CnName : plan.EnName) : '';
  const message =
    kind === 'error'
      ? expiredFree
        ? t('banner.expiredFree')
        : t('banner.expiredPaid', { plan: planName })
      : kind === 'info'
        ? t('banner.info', { days: freeDays })
        : underOneDay
          ? t('banner.underOneDay', { plan: planName })
          : t('banner.warning', { plan: planName, count: daysLeft });

  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid="plan-banner"
      data-kind={kind}
      className={`mb-4 flex flex-wrap items-center gap-3 rounded-[var(--radius-herald)] border px-4 py-3 text-sm ${tones[kind]}`}
    >
      <p className="min-w-0 flex-1">{message}</p>
      {kind === 'info' ? (
        <Button onClick={() => actor.send({ type: 'plan.claimFree' })} disabled={!canClaimFree} loading={claiming}>
          {t('banner.claimFree', { days: freeDays })}
        </Button>
      ) : (
        <Link
          href={kind === 'error' ? '/subscription' : '/bill/subscription'}
          className="rounded-[var(--radius-herald)] bg-white px-3 py-1.5 font-medium ring-1 ring-current/20 hover:bg-white/70"
        >
          {kind === 'error' ? t('banner.choosePlan') : t('banner.renew')}
        </Link>
      )}
      <button
        type="button"
        onClick={() => actor.send({ type: 'banner.dismiss' })}
        className="rounded px-2 py-1 hover:bg-black/5"
        aria-label={t('banner.close')}
        data-testid="plan-banner-close"
      >
        ×
      </button>
    </div>
  );
}
