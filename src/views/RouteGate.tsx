import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { SessionActor, SubscriptionActor } from './shell/actors';
import { PageLoading } from './ui/Spinner';
import { SessionOffline } from './shell/SessionOffline';
import { safeServicePath, signInPathFor } from './safe-redirect';
import type { RouteDef } from './route-types';
import { NoPermission } from './home/NoPermission';
import { PLAN_GATE_PATH, planGatePathFor, routeAccess } from './route-access';
import { useDocumentTitle } from './shell/useDocumentTitle';
import { buyRecordsQuery } from '../gateway/client/queries/account';
import { packagesQuery } from '../gateway/client/queries/billing';

// The console frame (menus, Headless UI) loads with the first protected page, not with sign-in.
const ConsoleLayout = lazy(() => import('./shell/ConsoleLayout'));

/** Decides, from the session machine's state, whether a route shows, waits or redirects. */
export function RouteGate({ route }: { route: RouteDef }) {
  const { t } = useTranslation('shell');
  const [location] = useLocation();
  const search = useSearch();
  const signedIn = SessionActor.useSelector((s) => s.matches('signedIn'));
  // a reload of the user info (after an upgrade) keeps the page: only the first load shows the spinner
  const userReady = SessionActor.useSelector(
    (s) =>
      s.matches({ signedIn: { user: 'ready' } }) ||
      (s.matches({ signedIn: { user: 'loading' } }) && s.context.userInfo !== null),
  );
  const loggingOut = SessionActor.useSelector((s) => s.matches('loggingOut'));
  const offline = SessionActor.useSelector((s) => s.matches({ signedIn: { user: 'offline' } }));
  const View = route.view;
  useDocumentTitle(route.title ?? route.breadcrumb.at(-1));

  if (route.access === 'guest' && signedIn) return <Redirect to={safeServicePath(search)} replace />;
  if (route.access !== 'protected') {
    return (
      <Suspense fallback={<PageLoading label={t('loading')} />}>
        <View />
      </Suspense>
    );
  }
  if (loggingOut) return <PageLoading label={t('signingOut')} />;
  if (!signedIn) return <Redirect to={signInPathFor(location, search)} replace />;
  if (offline) return <SessionOffline />;
  if (!userReady) {
    return (
      <>
        <PlanPrefetch />
        <PageLoading label={t('loading')} />
      </>
    );
  }
  return (
    <Suspense fallback={<PageLoading label={t('loading')} />}>
      <ConsoleLayout route={route}>
        <AccessGate route={route}>
          <View />
        </AccessGate>
      </ConsoleLayout>
    </Suspense>
  );
}

/**
 * The plan is asked for in the same round trip as the user info (the token is all it needs), so the
 * banner and the welcome dialog are decided as soon as the console frame appears.
 */
function PlanPrefetch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(buyRecordsQuery({ silent: true }));
    void queryClient.prefetchQuery(packagesQuery({ silent: true }));
  }, [queryClient]);
  return null;
}

/** The route table's permission key and module gate, asked of the session and subscription machines. */
function AccessGate({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const permissions = SessionActor.useSelector((s) => s.context.userInfo?.Permissions ?? []);
  const access = SubscriptionActor.useSelector((s) => routeAccess(route, permissions, s));
  switch (access) {
    case 'noPermission':
      return <NoPermission />;
    case 'waitForPlan':
      return <PageLoading label={t('loading')} />;
    case 'needsPlan':
      return <Redirect to={route.module ? planGatePathFor(route.module) : PLAN_GATE_PATH} replace />;
    default:
      return <>{children}</>;
  }
}
