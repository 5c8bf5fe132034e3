import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The library and logo routes of spec 000 §2 under Tools (issue 16 item 6). Tools need no module (spec 000 §4).
const tool = (path: string, view: RouteDef['view'], crumb: RouteDef['breadcrumb'][number]): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.tools', crumb],
  sideMenu: 'tools',
});

export const libraryRoutes: RouteDef[] = [
  tool(
    '/tool/library',
    lazy(() => import('./LibraryPage')),
    'library:titles.library',
  ),
  tool(
    '/tool/logo',
    lazy(() => import('./LogoPage')),
    'library:titles.logo',
  ),
];
