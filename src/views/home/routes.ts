import { lazy } from 'react';
import type { RouteDef } from '../route-types';

export const homeRoutes: RouteDef[] = [
  {
    path: '/dashboard',
    view: lazy(() => import('./DashboardPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.home'],
  },
  // open to every signed-in account: it is where the module gate sends those whose plan lacks a module
  {
    path: '/subscription',
    view: lazy(() => import('./SubscriptionPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.home', 'billing:crumbs.plans'],
  },
  {
    path: '/buyPackage',
    view: lazy(() => import('./BuyPackagePage')),
    access: 'protected',
    breadcrumb: ['shell:nav.home', 'billing:crumbs.plans', 'billing:crumbs.buy'],
  },
];
