import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The WhatsApp routes built so far (spec 000 §2). WhatsApp has no module gate (spec 000 §4 names none).
const whatsapp = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.whatsapp', ...crumbs],
  sideMenu: 'whatsapp',
});

export const whatsappRoutes: RouteDef[] = [
  whatsapp(
    '/whatsapp/overview',
    lazy(() => import('./overview/WaOverviewPage')),
    'whatsapp:titles.overview',
  ),
  whatsapp(
    '/whatsapp/sending',
    lazy(() => import('./send/WaSendingPage')),
    'whatsapp:titles.sending',
  ),
  whatsapp(
    '/whatsapp/task/:taskId/:accountId/:sessionNo',
    lazy(() => import('./send/WaTaskRedirect')),
    'whatsapp:titles.records',
  ),
  whatsapp(
    '/whatsapp/analytics',
    lazy(() => import('./analytics/WaAnalyticsPage')),
    'whatsapp:titles.analytics',
  ),
  whatsapp(
    '/whatsapp/search',
    lazy(() => import('./search/WaRecordsPage')),
    'whatsapp:titles.records',
  ),
  whatsapp(
    '/whatsapp/number',
    lazy(() => import('./numbers/NumbersPage')),
    'whatsapp:titles.numbers',
  ),
];
