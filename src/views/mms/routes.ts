import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The MMS routes built so far (spec 000 §2), with the MMS side menu. MMS has no module gate or
// permission key (spec 000 §4 and §6 gate other modules), as SMS has none.
const mms = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.mms', ...crumbs],
  sideMenu: 'mms',
});

export const mmsRoutes: RouteDef[] = [
  mms(
    '/mms/overview',
    lazy(() => import('./overview/MmsOverviewPage')),
    'mms:titles.overview',
  ),
  mms(
    '/mms/sending',
    lazy(() => import('./send/MmsSendingPage')),
    'mms:titles.sending',
  ),
  mms(
    '/mms/message',
    lazy(() => import('./tasks/MmsTasksPage')),
    'mms:titles.tasks',
  ),
  mms(
    '/mms/task/:taskId/:accountId/:sessionNo',
    lazy(() => import('./tasks/MmsTaskDetailPage')),
    'shell:nav.tasks',
    'mms:titles.task',
  ),
  mms(
    '/mms/search',
    lazy(() => import('./records/MmsRecordsPage')),
    'mms:titles.records',
  ),
  mms(
    '/mms/analytics',
    lazy(() => import('./analytics/MmsAnalyticsPage')),
    'mms:titles.analytics',
  ),
  mms(
    '/mms/template',
    lazy(() => import('./templates/MmsTemplatesPage')),
    'mms:titles.templates',
  ),
  ...['/mms/new-template', '/mms/update-template/:templateId/:id'].map((path) =>
    mms(
      path,
      lazy(() => import('./templates/MmsTemplateEditorPage')),
      'shell:nav.templates',
      path.startsWith('/mms/update') ? 'mms:titles.updateTemplate' : 'mms:titles.newTemplate',
    ),
  ),
  mms(
    '/mms/setting',
    lazy(() => import('./settings/MmsSettingsPage')),
    'mms:titles.settings',
  ),
];
