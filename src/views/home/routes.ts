import { lazy } from 'react';
import type { RouteDef } from '../route-types';

export const homeRoutes: RouteDef[] = [
  {
    path: '/dashboard',
    view: lazy(() => import('./DashboardPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.home'],
  },
];
