import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { NotificationsActor, SessionActor } from './shell/actors';
import { FocusFirstInvalidField } from './shell/FocusFirstInvalidField';
import { GatewayBridge } from './shell/GatewayBridge';
import { Notifications } from './shell/Notifications';
import { RouteGate } from './RouteGate';
import { DEFAULT_PATH, routes } from './routes';
import { PageLoading } from './ui/Spinner';

const NotFoundPage = lazy(() => import('./home/NotFoundPage'));

/**
 * A signed-out console must not show the last account's cached data to the next one, nor keep its send
 * drafts (pasted recipients) in this browser.
 */
function ClearCacheOnSignOut({ client }: { client: QueryClient }) {
  const signedOut = SessionActor.useSelector((s) => s.matches('signedOut'));
  useEffect(() => {
    if (!signedOut) return;
    client.clear();
    void import('./common/send/draft').then((drafts) => drafts.forgetSendDrafts()).catch(() => undefined);
  }, [signedOut, client]);
  return null;
}

export function App() {
  const { t } = useTranslation('shell');
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsActor.Provider>
        <SessionActor.Provider>
          <GatewayBridge />
          <FocusFirstInvalidField />
          <ClearCacheOnSignOut client={queryClient} />
          <Notifications />
          <Switch>
            <Route path="/">
              <Redirect to={DEFAULT_PATH} replace />
            </Route>
            {routes.map((route) => (
              <Route key={route.path} path={route.path}>
                <RouteGate route={route} />
              </Route>
            ))}
            <Route>
              <Suspense fallback={<PageLoading label={t('loading')} />}>
                <NotFoundPage />
              </Suspense>
            </Route>
          </Switch>
        </SessionActor.Provider>
      </NotificationsActor.Provider>
    </QueryClientProvider>
  );
}
