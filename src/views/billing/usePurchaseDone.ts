import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SessionActor, SubscriptionActor, useNotify } from '../shell/actors';

/**
 * After a purchase (whose mutation already refreshed the queries it changed: plan, records, balance,
 * bills): refresh the plan machine and the user info (a paid plan upgrades a trial account), then show
 * the plan.
 */
export function usePurchaseDone() {
  const { t } = useTranslation('billing');
  const subscription = SubscriptionActor.useActorRef();
  const session = SessionActor.useActorRef();
  const upgraded = SessionActor.useSelector((s) => s.context.userInfo?.Upgrade ?? false);
  const notify = useNotify();
  const [, navigate] = useLocation();
  return (message: 'bought' | 'upgraded', paid: boolean) => {
    subscription.send({ type: 'plan.refresh' });
    notify(t(`purchase.${message}`), 'success');
    navigate('/bill/subscription');
    if (paid && !upgraded) session.send({ type: 'user.reload' });
  };
}
