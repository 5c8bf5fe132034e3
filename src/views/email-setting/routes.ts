import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// /email/setting (spec 000 §2; spec 001 §3 "domain setting and verification, sender setting"), with the
// Email side menu. E-mail has no module gate (spec 000 §4 gates other modules).
export const emailSettingRoutes: RouteDef[] = [
  {
    path: '/email/setting',
    view: lazy(() => import('./EmailSettingPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.email', 'emailSetting:title'],
    sideMenu: 'email',
  },
];
