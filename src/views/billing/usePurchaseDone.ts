import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { invalidatePlanQueries } from '../../gateway/client/queries/billing';
import { SessionActor, SubscriptionActor, useNotify } from '../shell/actors';

/**
 * After a purchase: refresh every query it changed (plan, records, balance, bills), the plan machine,
 * and the user info (a paid plan upgrades a trial account), then show the plan.
 */
export function usePurchaseDone() {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const subscription = SubscriptionActor.useActorRef();
  const session = SessionActor.useActorRef();
  const upgraded = SessionActor.useSelector((s) => s.context.userInfo?.Upgrade ?? false);
  const notify = useNotify();
  const [, navigate] = useLocation();
  return async (message: 'bought' | 'upgraded', paid: boolean) => {
    await invalidatePlanQueries(queryClient);
    subscription.send({ type: 'plan.refresh' });
    notify(t(`purchase.${message}`), 'success');
    navigate('/bill/subscription');
    if (paid && !upgraded) session.send({ type: 'user.reload' });
  };
}
