import { lazy } from 'react';
import type { RouteDef } from '../route-types';

export const authRoutes: RouteDef[] = [
  { path: '/signin', view: lazy(() => import('./SignInPage')), access: 'guest', breadcrumb: [] },
];
