import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { freePackage } from '../../machines/subscription.machine';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { SubscriptionActor } from './actors';

/** Spec 000 §4: shown without a plan or an expired one, once a day; the backdrop does not close it. */
export function WelcomeDialog() {
  const { t } = useTranslation('billing');
  const [, navigate] = useLocation();
  const actor = SubscriptionActor.useActorRef();
  const open = SubscriptionActor.useSelector((s) => s.matches({ ready: { welcome: 'open' } }));
  const freeDays = SubscriptionActor.useSelector((s) => freePackage(s.context)?.Price[0]?.Period ?? 0);
  const canClaimFree = SubscriptionActor.useSelector((s) => s.can({ type: 'plan.claimFree' }));
  const claiming = SubscriptionActor.useSelector((s) => s.matches({ ready: { purchase: 'claiming' } }));
  const claimFailed = SubscriptionActor.useSelector((s) => s.matches({ ready: { purchase: 'failed' } }));
  return (
    <Dialog
      open={open}
      onClose={() => actor.send({ type: 'welcome.close' })}
      dismissible={false}
      testId="welcome-dialog"
      title={t('welcome.title')}
      description={canClaimFree ? t('welcome.withTrial', { days: freeDays }) : t('welcome.withoutTrial')}
      footer={
        <>
          <Button variant="ghost" onClick={() => actor.send({ type: 'welcome.close' })}>
            {t('welcome.later')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              actor.send({ type: 'welcome.close' });
              navigate('/subscription');
            }}
          >
            {t('welcome.comparePlans')}
          </Button>
          <Button
            onClick={() => actor.send({ type: 'plan.claimFree' })}
            disabled={!canClaimFree}
            loading={claiming}
            data-testid="welcome-free-days"
          >
            {t('welcome.claimFree', { days: freeDays })}
          </Button>
        </>
      }
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
        <li>{t('welcome.pointNoCard')}</li>
        <li>{t('welcome.pointModules')}</li>
        <li>{t('welcome.pointLater')}</li>
      </ul>
      {claimFailed && <p className="mt-3 text-sm text-red-600">{t('welcome.claimFailed')}</p>}
    </Dialog>
  );
}
