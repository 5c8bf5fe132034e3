import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The library, logo and creative material routes of spec 000 §2 under Tools (issue 16 items 6 and 7). Tools need no module (spec 000 §4).
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
  tool(
    '/tool/creative-material',
    lazy(() => import('./creative/CreativeMaterialPage')),
    'library:titles.creative',
  ),
];
