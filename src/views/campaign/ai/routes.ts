import { lazy } from 'react';
import type { RouteDef } from '../../route-types';

// Campaigns from AI (issue 14 item 5; spec 000 §2 Campaign): a campaign's SMS or e-mail written from a
// brief, then used in the campaign's editor of that channel. Behind the MarketingPlan module, as plans
// and ContentGeneration are (spec 000 §4; docs/decisions.md "Campaigns from AI").
const campaignAi = (path: string, view: RouteDef['view'], crumb: RouteDef['breadcrumb'][number]): RouteDef => ({
  path,
  view,
  access: 'protected',
  module: 'MarketingPlan',
  breadcrumb: ['shell:nav.marketingHub', crumb],
  sideMenu: 'mkthub',
  layout: 'console',
});

export const campaignAiRoutes: RouteDef[] = [
  campaignAi(
    '/campaign/create/sms-ai/:name/:aim',
    lazy(() => import('./CampaignSmsAiPage')),
    'mkthub:titles.campaignSmsAi',
  ),
  campaignAi(
    '/campaign/create/email-ai/:name/:aim',
    lazy(() => import('./CampaignEmailAiPage')),
    'mkthub:titles.campaignEmailAi',
  ),
];
