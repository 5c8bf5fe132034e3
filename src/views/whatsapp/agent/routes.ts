import { lazy } from 'react';
import type { RouteDef } from '../../route-types';

// WhatsApp agent campaigns (issue 15 item 5; spec 000 §2 routes behind the WhatsAppAgent key).
const route = (path: string, view: RouteDef['view'], crumb: RouteDef['breadcrumb'][number]): RouteDef => ({
  path,
  view,
  access: 'protected',
  permission: 'WhatsAppAgent',
  breadcrumb: ['shell:nav.whatsapp', crumb],
  sideMenu: 'whatsapp',
  layout: 'console',
});

export const waAgentRoutes: RouteDef[] = [
  route(
    '/whatsapp/agent',
    lazy(() => import('./WaAgentListPage')),
    'waAgent:titles.list',
  ),
  route(
    '/whatsapp/agent-create',
    lazy(() => import('./WaAgentCreatePage')),
    'waAgent:titles.create',
  ),
  route(
    '/whatsapp/agent-detail/:taskId',
    lazy(() => import('./WaAgentDetailPage')),
    'waAgent:titles.detail',
  ),
];
