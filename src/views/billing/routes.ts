import { lazy } from 'react';
import type { RouteDef } from '../route-types';

export const billingRoutes: RouteDef[] = [
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
