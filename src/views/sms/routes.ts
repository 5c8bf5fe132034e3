import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// Every SMS route of spec 000 §2, with the SMS side menu; /experience is the trial's page (Home).
const sms = (path: string, view: RouteDef['view'], crumb: RouteDef['breadcrumb'][number]): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.sms', crumb],
  sideMenu: 'sms',
});

export const smsRoutes: RouteDef[] = [
  sms('/sms/overview', lazy(() => import('./overview/OverviewPage')), 'sms:titles.overview'),
  sms('/sms/sending', lazy(() => import('./send/SendingPage')), 'sms:titles.sending'),
  sms('/sms/message', lazy(() => import('./tasks/TasksPage')), 'sms:titles.tasks'),
  sms('/sms/task/:taskId/:accountId/:sessionNo', lazy(() => import('./tasks/TaskDetailPage')), 'sms:titles.task'),
  sms('/sms/search', lazy(() => import('./records/RecordsPage')), 'sms:titles.records'),
  sms('/sms/analytics', lazy(() => import('./analytics/AnalyticsPage')), 'sms:titles.analytics'),
];
