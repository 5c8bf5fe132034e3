import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// Every SMS route of spec 000 §2, with the SMS side menu; /experience is the trial's page (Home).
// A page under a list names the list too: SMS / Templates / New template.
const sms = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.sms', ...crumbs],
  sideMenu: 'sms',
});

const TemplateEditor = lazy(() => import('./templates/TemplateEditorPage'));

export const smsRoutes: RouteDef[] = [
  sms(
    '/sms/overview',
    lazy(() => import('./overview/OverviewPage')),
    'sms:titles.overview',
  ),
  sms(
    '/sms/sending',
    lazy(() => import('./send/SendingPage')),
    'sms:titles.sending',
  ),
  sms(
    '/sms/message',
    lazy(() => import('./tasks/TasksPage')),
    'sms:titles.tasks',
  ),
  sms(
    '/sms/task/:taskId/:accountId/:sessionNo',
    lazy(() => import('./tasks/TaskDetailPage')),
    'shell:nav.tasks',
    'sms:titles.task',
  ),
  sms(
    '/sms/search',
    lazy(() => import('./records/RecordsPage')),
    'sms:titles.records',
  ),
  sms(
    '/sms/template',
    lazy(() => import('./templates/TemplatesPage')),
    'sms:titles.templates',
  ),
  sms('/sms/new-template', TemplateEditor, 'shell:nav.templates', 'sms:titles.newTemplate'),
  sms('/sms/new-template/:recreateTemplateId', TemplateEditor, 'shell:nav.templates', 'sms:titles.recreateTemplate'),
  sms('/sms/update-template/:templateId/:id', TemplateEditor, 'shell:nav.templates', 'sms:titles.updateTemplate'),
  sms(
    '/sms/analytics',
    lazy(() => import('./analytics/AnalyticsPage')),
    'sms:titles.analytics',
  ),
  sms(
    '/sms/setting',
    lazy(() => import('./settings/SettingsPage')),
    'sms:titles.settings',
  ),
  {
    path: '/experience',
    view: lazy(() => import('./experience/ExperiencePage')),
    access: 'protected',
    breadcrumb: ['shell:nav.home', 'sms:titles.experience'],
  },
];
