import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The e-mail sending routes of spec 000 §2 (issue 13 items 4 and 6), with the e-mail side menu: sending,
// tasks, records, overview and analytics, the task's send-again page, the AI e-mail page (item 8,
// MarketingPlan module) and the one-off mail designed in the drag-and-drop editor.
const TaskDetail = lazy(() => import('./tasks/EmailTaskDetailPage'));

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
  // A one-off mail designed in the template editor's drag-and-drop editor, reviewed, then sent.
  email(
    '/email/message/email-editor',
    lazy(() => import('./templates/MailDesignPage')),
    'emailSend:titles.sending',
    'emailTemplates:titles.designMail',
  ),
  email('/email/task/:taskId/:accountId/:sessionNo', TaskDetail, 'shell:nav.tasks', 'emailSend:titles.task'),
  // Spec 000 §2's own form: the signed-in account's task, without the account id (the same page).
  email('/email/task/:taskId/:sessionNo', TaskDetail, 'shell:nav.tasks', 'emailSend:titles.task'),
  email(
    '/email/message/apply/:taskId',
    lazy(() => import('./send/EmailSendAgainPage')),
    'shell:nav.tasks',
    'emailSend:titles.sendAgain',
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
