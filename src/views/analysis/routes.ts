import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// Spec 000 §2 Analysis routes; spec 000 §4: each is behind the Analysis module of the plan.
export const analysisRoutes: RouteDef[] = [
  {
    path: '/analysis/marketing_analysis',
    view: lazy(() => import('./MarketingAnalysisPage')),
    access: 'protected',
    module: 'Analysis',
    breadcrumb: ['shell:nav.analysis', 'analysis:title'],
    sideMenu: 'analysis',
  },
  {
    path: '/analysis/media_detail',
    view: lazy(() => import('./MediaDetailPage')),
    access: 'protected',
    module: 'Analysis',
    breadcrumb: ['shell:nav.analysis', 'analysis:media.title'],
    sideMenu: 'analysis',
  },
  {
    path: '/analysis/media_performance/:postId/:platform',
    view: lazy(() => import('./MediaPerformancePage')),
    access: 'protected',
    module: 'Analysis',
    breadcrumb: ['shell:nav.analysis', 'analysis:media.title', 'analysis:media.performance.title'],
    sideMenu: 'analysis',
  },
];
