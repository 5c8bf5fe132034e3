import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The Marketing hub's workflow routes of spec 000 §2 (issue 14), behind the Automation module (spec 000 §4).
const workflow = (
  path: string,
  view: RouteDef['view'],
  layout: RouteDef['layout'],
  ...crumbs: RouteDef['breadcrumb']
): RouteDef => ({
  path,
  view,
  access: 'protected',
  module: 'Automation',
  breadcrumb: ['shell:nav.marketingHub', ...crumbs],
  sideMenu: 'mkthub',
  layout,
});

const Canvas = lazy(() => import('./workflows/WorkflowCanvasPage'));

export const mkthubRoutes: RouteDef[] = [
  workflow(
    '/mkthub/workflowlist',
    lazy(() => import('./workflows/WorkflowListPage')),
    'console',
    'mkthub:titles.workflows',
  ),
  workflow('/mkthub/createworkflow', Canvas, 'editor', 'shell:nav.workflows', 'mkthub:titles.createWorkflow'),
  workflow('/mkthub/editworkflow/:seqId', Canvas, 'editor', 'shell:nav.workflows', 'mkthub:titles.editWorkflow'),
  workflow('/mkthub/copyworkflow/:seqId', Canvas, 'editor', 'shell:nav.workflows', 'mkthub:titles.copyWorkflow'),
  workflow('/mkthub/workflowpreview/:seqId', Canvas, 'editor', 'shell:nav.workflows', 'mkthub:titles.previewWorkflow'),
];
