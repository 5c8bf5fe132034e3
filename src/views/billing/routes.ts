import { lazy } from 'react';
import type { RouteDef } from '../route-types';

export const billingRoutes: RouteDef[] = [
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
  {
    path: '/bill/subscription',
    view: lazy(() => import('./SubscriptionBillPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.billing', 'shell:nav.subscription'],
    sideMenu: 'billing',
  },
  {
    path: '/bill/upgrade',
    view: lazy(() => import('./UpgradePage')),
    access: 'protected',
    breadcrumb: ['shell:nav.billing', 'shell:nav.upgrade'],
    sideMenu: 'billing',
  },
];
