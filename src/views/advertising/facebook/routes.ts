import { lazy } from 'react';
import type { RouteDef } from '../../route-types';

// Facebook's ad pages (issue 17 item 6; spec 000 §2: ad-list, ad-create/{adsAccountId}/{platformId},
// ad-edit/{adsAccountId}/{type}/{id}/{platformId}, ad-generate/{adsAccountId}/{platformId}), under the
// Advertising menu like the platform's account-list.
const route = (path: string, view: RouteDef['view'], crumb: RouteDef['breadcrumb'][number]): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.advertising', 'shell:nav.adFacebook', crumb],
  sideMenu: 'advertising',
});

export const fbAdRoutes: RouteDef[] = [
  route(
    '/advertising/facebook/ad-list',
    lazy(() => import('./FbAdListPage')),
    'fbAds:titles.list',
  ),
  route(
    '/advertising/facebook/ad-create/:accountId/:platformId',
    lazy(() => import('./FbAdCreatePage')),
    'fbAds:titles.create',
  ),
  route(
    '/advertising/facebook/ad-edit/:accountId/:type/:id/:platformId',
    lazy(() => import('./FbAdEditPage')),
    'fbAds:titles.list',
  ),
  route(
    '/advertising/facebook/ad-generate/:accountId/:platformId',
    lazy(() => import('./FbAdGeneratePage')),
    'fbAds:titles.generate',
  ),
];
