import { lazy } from 'react';
import type { RouteDef } from '../route-types';

export const authRoutes: RouteDef[] = [
  {
    path: '/signin',
    view: lazy(() => import('./SignInPage')),
    access: 'guest',
    breadcrumb: [],
    title: 'auth:signin.title',
  },
  {
    path: '/signup',
    view: lazy(() => import('./SignUpPage')),
    access: 'guest',
    breadcrumb: [],
    title: 'auth:signup.title',
  },
  {
    path: '/retrieve',
    view: lazy(() => import('./RetrievePage')),
    access: 'guest',
    breadcrumb: [],
    title: 'auth:retrieve.title',
  },
  // Where a platform sends the browser back after a social sign-in (spec 000 §2: public).
  {
    path: '/medialogin/:type',
    view: lazy(() => import('./MediaLoginPage')),
    access: 'public',
    breadcrumb: [],
    title: 'auth:social.pageTitle',
  },
  // The links in mails work whatever the session: someone signed in may still open them.
  {
    path: '/reset',
    view: lazy(() => import('./ResetPasswordPage')),
    access: 'public',
    breadcrumb: [],
    title: 'auth:reset.title',
  },
  {
    path: '/active',
    view: lazy(() => import('./ActivatePage')),
    access: 'public',
    breadcrumb: [],
    title: 'auth:active.title',
  },
];
