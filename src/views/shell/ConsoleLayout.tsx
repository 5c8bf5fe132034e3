import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from './TopBar';
import { SideMenu } from './SideMenu';
import { Breadcrumbs } from './Breadcrumbs';
import { visibleNavigation } from './navigation';
import { SessionActor } from './actors';
import { PageLoading } from '../ui/Spinner';
import type { RouteDef } from '../route-types';
import type { ModuleName } from '../../gateway/actions/subscriptions';

const NO_MODULES: readonly ModuleName[] = [];

/** Top bar, breadcrumbs (not on the dashboard), optional side menu, 150 px bottom padding except editors. */
export default function ConsoleLayout({ route, modules = NO_MODULES, children }: { route: RouteDef; modules?: readonly ModuleName[]; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const permissions = SessionActor.useSelector((s) => s.context.userInfo?.Permissions ?? []);
  const groups = visibleNavigation(permissions, modules);
  const sideGroup = route.sideMenu ? groups.find((group) => group.id === route.sideMenu) : undefined;
  const isDashboard = route.path === '/dashboard';
  return (
    <div className="flex min-h-full flex-col">
      <TopBar groups={groups} />
      <div className="flex flex-1">
        {sideGroup && <SideMenu group={sideGroup} />}
        <main className={`min-w-0 flex-1 px-6 pt-5 ${route.layout === 'editor' ? 'pb-0' : 'pb-[150px]'}`}>
          {!isDashboard && <Breadcrumbs trail={route.breadcrumb} />}
          <Suspense fallback={<PageLoading label={t('loading')} />}>{children}</Suspense>
        </main>
      </div>
    </div>
  );
}
