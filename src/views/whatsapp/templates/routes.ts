import { lazy } from 'react';
import type { RouteDef } from '../../route-types';

// WhatsApp templates (issue 15 item 3; spec 000 §2 routes).
const route = (path: string, view: RouteDef['view'], crumb: RouteDef['breadcrumb'][number]): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.whatsapp', crumb],
  sideMenu: 'whatsapp',
  layout: 'console',
});

export const waTemplateRoutes: RouteDef[] = [
  route(
    '/whatsapp/template',
    lazy(() => import('./WaTemplatesPage')),
    'waTemplates:titles.list',
  ),
  route(
    '/whatsapp/new-template',
    lazy(() => import('./WaTemplateEditorPage').then((m) => ({ default: m.WaNewTemplatePage }))),
    'waTemplates:titles.new',
  ),
  route(
    '/whatsapp/update-template/:templateName/:templateId/:account/:phone',
    lazy(() => import('./WaTemplateEditorPage').then((m) => ({ default: m.WaUpdateTemplatePage }))),
    'waTemplates:titles.edit',
  ),
];
