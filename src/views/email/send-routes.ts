import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The e-mail sending routes of spec 000 §2 (issue 13 items 4 and 6), with the e-mail side menu: sending,
// tasks, records, overview and analytics, and the AI e-mail page (item 8, MarketingPlan module). Not here
// yet: /email/message/apply/{TaskId}.
const email = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.email', ...crumbs],
  sideMenu: 'email',
});

export const emailSendRoutes: RouteDef[] = [
  email(
    '/email/overview',
    lazy(() => import('./stats/EmailOverviewPage')),
    'emailSend:titles.overview',
  ),
  email(
    '/email/sending',
    lazy(() => import('./send/EmailSendingPage')),
    'emailSend:titles.sending',
  ),
  email(
    '/email/message',
    lazy(() => import('./tasks/EmailTasksPage')),
    'emailSend:titles.tasks',
  ),
  email(
    '/email/task/:taskId/:accountId/:sessionNo',
    lazy(() => import('./tasks/EmailTaskDetailPage')),
    'shell:nav.tasks',
    'emailSend:titles.task',
  ),
  {
    ...email(
      '/email/message/email-ai',
      lazy(() => import('./ai/EmailAiPage')),
      'emailSend:titles.tasks',
      'emailSend:titles.ai',
    ),
    module: 'MarketingPlan',
  },
  email(
    '/email/search',
    lazy(() => import('./records/EmailRecordsPage')),
    'emailSend:titles.records',
  ),
  email(
    '/email/analytics',
    lazy(() => import('./stats/EmailAnalyticsPage')),
    'emailSend:titles.analytics',
  ),
];
