import { lazy } from 'react';
import type { LabelKey, RouteDef } from '../route-types';
import { AD_PLATFORMS, type AdPlatformSlug } from '../../gateway/contract/advertising';

// The advertising routes of spec 000 §2 built this round (issue 17 items 2-4): the home page and each
// platform's account-list, one page driven by the platform table. The data report, operation records,
// authorisation and Facebook's ad pages are not built yet and stay out (docs/decisions.md "Advertising").
const advertising = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.advertising', ...crumbs],
  sideMenu: 'advertising',
});

const MENU_LABEL: Record<AdPlatformSlug, LabelKey> = {
  facebook: 'shell:nav.adFacebook',
  google: 'shell:nav.adGoogle',
  tiktok: 'shell:nav.adTiktok',
  twitter: 'shell:nav.adTwitter',
  snapchat: 'shell:nav.adSnapchat',
  huawei: 'shell:nav.adHuawei',
  appstore: 'shell:nav.adAppstore',
};

const AccountListPage = lazy(() => import('./AdAccountListPage'));

export const advertisingRoutes: RouteDef[] = [
  advertising(
    '/advertising/home-page',
    lazy(() => import('./AdHomePage')),
    'shell:nav.overview',
  ),
  ...AD_PLATFORMS.map((platform) =>
    advertising(`/advertising/${platform.slug}/account-list`, AccountListPage, MENU_LABEL[platform.slug]),
  ),
];
