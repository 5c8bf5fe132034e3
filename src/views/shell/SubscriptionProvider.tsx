import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { subscriptionMachine, type PlanData } from '../../machines/subscription.machine';
import { buyRecordsQuery } from '../../gateway/client/queries/account';
import { invalidatePlanQueries, packagesQuery } from '../../gateway/client/queries/billing';
import { SessionActor, SubscriptionActor, useNotify } from './actors';

// Spec 000 §4: the banner and the welcome dialog show at most once per calendar day, per account.
const storageKey = (what: 'bannerClosedOn' | 'welcomeShownOn', userId: number) => `herald.plan.${what}.${userId}`;

function readDay(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeDay(key: string, day: string): void {
  try {
    localStorage.setItem(key, day);
  } catch {
    // private mode without storage: the rule then holds for this page's life only
  }
}

/** Runs the subscription machine for the signed-in account, loading through the shared query cache. */
export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userId = SessionActor.useSelector((s) => s.context.userInfo?.AdminUserId ?? 0);
  const logic = useMemo(
    () =>
      subscriptionMachine.provide({
        actors: {
          loadPlan: fromPromise(async (): Promise<PlanData> => {
            const [records, packages] = await Promise.all([
              queryClient.fetchQuery(buyRecordsQuery()),
              queryClient.fetchQuery(packagesQuery()),
            ]);
            return { records: records.Records, packages: packages.Packages };
          }),
        },
      }),
    [queryClient],
  );
  const input = useMemo(
    () => ({
      bannerClosedOn: readDay(storageKey('bannerClosedOn', userId)),
      welcomeShownOn: readDay(storageKey('welcomeShownOn', userId)),
    }),
    [userId],
  );
  return (
    <SubscriptionActor.Provider key={userId} logic={logic} options={{ input }}>
      <SubscriptionEffects userId={userId} />
      {children}
    </SubscriptionActor.Provider>
  );
}

/** Stores what the machine says to remember, and refreshes what a purchase changed. */
function SubscriptionEffects({ userId }: { userId: number }) {
  const actor = SubscriptionActor.useActorRef();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation('billing');
  useEffect(() => {
    const subscriptions = [
      actor.on('banner.closed', (event) => writeDay(storageKey('bannerClosedOn', userId), event.day)),
      actor.on('welcome.shown', (event) => writeDay(storageKey('welcomeShownOn', userId), event.day)),
      actor.on('plan.changed', () => void invalidatePlanQueries(queryClient)),
      actor.on('trial.started', (event) => notify(t('welcome.started', { count: event.days }), 'success')),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, queryClient, userId, notify, t]);
  return null;
}
