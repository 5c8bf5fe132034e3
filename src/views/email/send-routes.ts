import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The e-mail sending routes of spec 000 §2 (issue 13 items 4 and 6), with the e-mail side menu: sending,
// tasks, records, overview and analytics. Not here yet: the AI e-mail page, and /email/message/email-editor
// (templates/MailDesignPage.tsx is written; its e2e, e2e/email-editor.spec.ts, has not passed yet: add
// the route with 'emailSend:titles.sending', 'emailTemplates:titles.designMail' and the link on EmailSendingPage).
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
  email('/email/task/:taskId/:accountId/:sessionNo', TaskDetail, 'shell:nav.tasks', 'emailSend:titles.task'),
  // Spec 000 §2's own form: the signed-in account's task, without the account id (the same page).
  email('/email/task/:taskId/:sessionNo', TaskDetail, 'shell:nav.tasks', 'emailSend:titles.task'),
  email(
    '/email/message/apply/:taskId',
    lazy(() => import('./send/EmailSendAgainPage')),
    'shell:nav.tasks',
    'emailSend:titles.sendAgain',
  ),
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
