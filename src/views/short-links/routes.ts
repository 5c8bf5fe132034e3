import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The short-link routes of spec 000 §2 under Tools (issue 16 item 5). Tools need no module (spec 000 §4).
const tool = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.tools', ...crumbs],
  sideMenu: 'tools',
});

export const shortLinkRoutes: RouteDef[] = [
  tool(
    '/tool/short-link',
    lazy(() => import('./ShortLinkListPage')),
    'shortLinks:titles.list',
  ),
  tool(
    '/tool/short-link/create',
    lazy(() => import('./ShortLinkCreatePage')),
    'shortLinks:titles.list',
    'shortLinks:titles.create',
  ),
  tool(
    '/tool/short-link/detail',
    lazy(() => import('./ShortLinkDetailPage')),
    'shortLinks:titles.list',
    'shortLinks:titles.detail',
  ),
];
