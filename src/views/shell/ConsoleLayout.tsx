import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from './TopBar';
import { SideMenu } from './SideMenu';
import { SkipLink } from './SkipLink';
import { NotForMobileNotice } from './NotForMobileNotice';
import { Breadcrumbs } from './Breadcrumbs';
import { visibleNavigation } from './navigation';
import { SessionActor, SubscriptionActor } from './actors';
import { SubscriptionProvider } from './SubscriptionProvider';
import { PlanBanner } from './PlanBanner';
import { WelcomeDialog } from './WelcomeDialog';
import { useUpgradePrompt } from './useUpgradePrompt';
import { PageLoading } from '../ui/Spinner';
import type { RouteDef } from '../route-types';
import { planModules } from '../../machines/subscription.machine';
import type { ModuleName } from '../../gateway/contract/actions/subscriptions';

const NO_MODULES: readonly ModuleName[] = [];
const MAIN_ID = 'main-content';

/** Top bar, plan banner, breadcrumbs (not on the dashboard), optional side menu, 150 px bottom padding except editors. */
export default function ConsoleLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  return (
    <SubscriptionProvider>
      <ConsoleFrame route={route}>{children}</ConsoleFrame>
      <WelcomeDialog />
    </SubscriptionProvider>
  );
}

function ConsoleFrame({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const permissions = SessionActor.useSelector((s) => s.context.userInfo?.Permissions ?? []);
  const modulesKey = SubscriptionActor.useSelector((s) => planModules(s.context).join(','));
  const modules = modulesKey ? (modulesKey.split(',') as ModuleName[]) : NO_MODULES;
  const upgrade = useUpgradePrompt();
  const groups = visibleNavigation(permissions, modules, { upgradable: upgrade.canOpenUpgrade });
  const sideGroup = route.sideMenu ? groups.find((group) => group.id === route.sideMenu) : undefined;
  const isDashboard = route.path === '/dashboard';
  return (
    <div className="flex min-h-full flex-col">
      <SkipLink target={MAIN_ID} />
      <TopBar groups={groups} />
      <NotForMobileNotice />
      <div className="flex flex-1">
        {sideGroup && <SideMenu group={sideGroup} />}
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className={`min-w-0 flex-1 px-4 pt-5 md:px-6 ${route.layout === 'editor' ? 'pb-0' : 'pb-[150px]'}`}
        >
          <PlanBanner />
          {!isDashboard && <Breadcrumbs trail={route.breadcrumb} />}
          <Suspense fallback={<PageLoading label={t('loading')} />}>{children}</Suspense>
        </main>
      </div>
    </div>
  );
}
