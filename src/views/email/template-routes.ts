import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The e-mail template routes of spec 000 §2 (issue 13 item 3), with the e-mail side menu.
const email = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.email', ...crumbs],
  sideMenu: 'email',
});

const TemplateEditor = lazy(() => import('./templates/TemplateEditorPage'));

export const emailTemplateRoutes: RouteDef[] = [
  email(
    '/email/template',
    lazy(() => import('./templates/TemplatesPage')),
    'emailTemplates:titles.templates',
  ),
  email('/email/new-template', TemplateEditor, 'shell:nav.templates', 'emailTemplates:titles.newTemplate'),
  email(
    '/email/update-template/:templateId/:id',
    TemplateEditor,
    'shell:nav.templates',
    'emailTemplates:titles.updateTemplate',
  ),
];
