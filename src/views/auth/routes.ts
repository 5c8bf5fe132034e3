import { lazy } from 'react';
import type { RouteDef } from '../route-types';

export const authRoutes: RouteDef[] = [
  { path: '/signin', view: lazy(() => import('./SignInPage')), access: 'guest', breadcrumb: [] },
  { path: '/signup', view: lazy(() => import('./SignUpPage')), access: 'guest', breadcrumb: [] },
  { path: '/retrieve', view: lazy(() => import('./RetrievePage')), access: 'guest', breadcrumb: [] },
  // The links in mails work whatever the session: someone signed in may still open them.
  { path: '/reset', view: lazy(() => import('./ResetPasswordPage')), access: 'public', breadcrumb: [] },
  { path: '/active', view: lazy(() => import('./ActivatePage')), access: 'public', breadcrumb: [] },
];
