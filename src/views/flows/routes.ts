import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// Everything under /flows loads on demand: React Flow and elkjs never reach another route's bundle.
export const flowsRoutes: RouteDef[] = [
  {
    path: '/flows',
    view: lazy(() => import('./FlowsPage')),
    access: 'protected',
    permission: 'FlowInspector',
    breadcrumb: ['flows:breadcrumb.flows'],
  },
  {
    path: '/flows/:machineId',
    view: lazy(() => import('./MachinePage')),
    access: 'protected',
    permission: 'FlowInspector',
    breadcrumb: ['flows:breadcrumb.flows', 'flows:breadcrumb.machine'],
    layout: 'editor',
  },
];
