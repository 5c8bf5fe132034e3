import { lazy } from 'react';
import type { LabelKey, RouteDef } from '../route-types';
import { AD_PLATFORMS, type AdPlatformSlug } from '../../gateway/contract/advertising';

// The advertising routes of spec 000 §2 (issue 17 items 2-5 and 7): the home page and each platform's
// account-list, one page driven by the platform table; the data report; operation records (all platforms,
// and each platform's but Twitter's); authorisation (all platforms, and Facebook's). Facebook's ad pages
// (ad-list, ad-create, ad-edit, ad-generate) are in ./facebook (docs/decisions.md "Advertising", "Ad
// operations and data report", "Facebook campaigns, ad sets and ads").
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
const OperationRecordPage = lazy(() => import('./AdOperationRecordPage'));
const AuthorizeListPage = lazy(() => import('./AdAuthorizeListPage'));
const AuthorizePage = lazy(() => import('./AdAuthorizePage'));

/** Spec 000 §2: every platform but Twitter ("account-list only") has an operation-record page. */
const OPERATION_RECORD_PLATFORMS = AD_PLATFORMS.filter((platform) => platform.slug !== 'twitter');

export const advertisingRoutes: RouteDef[] = [
  advertising(
    '/advertising/home-page',
    lazy(() => import('./AdHomePage')),
    'shell:nav.overview',
  ),
  ...AD_PLATFORMS.map((platform) =>
    advertising(`/advertising/${platform.slug}/account-list`, AccountListPage, MENU_LABEL[platform.slug]),
  ),
  advertising(
    '/advertising/data-report',
    lazy(() => import('./AdDataReportPage')),
    'shell:nav.adReport',
  ),
  advertising('/advertising/operation-record', OperationRecordPage, 'shell:nav.adOperations'),
  ...OPERATION_RECORD_PLATFORMS.map((platform) =>
    advertising(
      `/advertising/${platform.slug}/operation-record`,
      OperationRecordPage,
      MENU_LABEL[platform.slug],
      'shell:nav.adOperations',
    ),
  ),
  advertising('/advertising/authorize-list', AuthorizeListPage, 'shell:nav.adAuthorizations'),
  advertising('/advertising/authorize-authpage', AuthorizePage, 'shell:nav.adAuthorizations', 'shell:nav.adAuthorize'),
  advertising(
    '/advertising/facebook/authorize-list',
    AuthorizeListPage,
    'shell:nav.adFacebook',
    'shell:nav.adAuthorizations',
  ),
  advertising(
    '/advertising/facebook/authorize-authpage',
    AuthorizePage,
    'shell:nav.adFacebook',
    'shell:nav.adAuthorize',
  ),
];
