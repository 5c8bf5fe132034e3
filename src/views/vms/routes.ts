import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The voice (VMS) routes built so far (spec 000 §2), with the Voice side menu. Voice has no module
// gate or permission key (spec 000 §4 and §6 gate other modules): every signed-in user reaches it.
const vms = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.voice', ...crumbs],
  sideMenu: 'vms',
});

export const vmsRoutes: RouteDef[] = [
  // Spec 000 §2: /vms/overview is the voice settings page.
  vms(
    '/vms/overview',
    lazy(() => import('./settings/VmsSettingsPage')),
    'vms:titles.settings',
  ),
  vms(
    '/vms/audio',
    lazy(() => import('./audio/AudioFilesPage')),
    'vms:titles.audio',
  ),
  vms(
    '/vms/template',
    lazy(() => import('./templates/VoiceTemplatesPage')),
    'vms:titles.templates',
  ),
  ...['/vms/new-template', '/vms/new-template/:recreateTemplateId', '/vms/update-template/:templateId/:id'].map(
    (path) =>
      vms(
        path,
        lazy(() => import('./templates/VoiceTemplateEditorPage')),
        'vms:titles.templates',
        path.startsWith('/vms/update') ? 'vms:titles.updateTemplate' : 'vms:titles.newTemplate',
      ),
  ),
  vms(
    '/vms/sending',
    lazy(() => import('./send/VmsSendingPage')),
    'vms:titles.sending',
  ),
  vms(
    '/vms/message',
    lazy(() => import('./tasks/VmsTasksPage')),
    'vms:titles.tasks',
  ),
  vms(
    '/vms/task/:taskId/:accountId/:sessionNo',
    lazy(() => import('./tasks/VmsTaskDetailPage')),
    'vms:titles.tasks',
    'vms:titles.task',
  ),
  vms(
    '/vms/search',
    lazy(() => import('./records/VmsRecordsPage')),
    'vms:titles.records',
  ),
];
