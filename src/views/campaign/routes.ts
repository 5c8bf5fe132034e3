import { lazy } from 'react';
import type { LabelKey, RouteDef } from '../route-types';

// The Campaign routes of spec 000 §2 (issue 14 item 5), behind the MarketingPlan module like the plans
// (spec 000 §4; docs/decisions.md "Campaigns", "Campaigns from AI"). The editor and AI routes come before
// the chooser: all have three segments after /campaign/create/.
const campaign = (path: string, view: RouteDef['view'], title: LabelKey): RouteDef => ({
  path,
  view,
  access: 'protected',
  module: 'MarketingPlan',
  breadcrumb: ['shell:nav.marketingHub', 'shell:nav.campaigns', title],
  sideMenu: 'mkthub',
  layout: 'console',
});

const Editor = lazy(() => import('./CampaignEditorPage'));

export const campaignRoutes: RouteDef[] = [
  campaign('/campaign/create/sms-editor/:name/:aim', Editor, 'mkthub:titles.newCampaign'),
  campaign('/campaign/create/email-editor/:name/:aim', Editor, 'mkthub:titles.newCampaign'),
  campaign(
    '/campaign/create/sms-ai/:name/:aim',
    lazy(() => import('./ai/CampaignSmsAiPage')),
    'mkthub:titles.campaignSmsAi',
  ),
  campaign(
    '/campaign/create/email-ai/:name/:aim',
    lazy(() => import('./ai/CampaignEmailAiPage')),
    'mkthub:titles.campaignEmailAi',
  ),
  campaign(
    '/campaign/create/:name/:aim/:type',
    lazy(() => import('./CampaignCreatePage')),
    'mkthub:titles.newCampaign',
  ),
  campaign(
    '/campaign/edit/:saveId',
    lazy(() => import('./CampaignEditPage')),
    'mkthub:titles.editCampaign',
  ),
  campaign(
    '/campaign/apply/:saveId',
    lazy(() => import('./CampaignApplyPage')),
    'mkthub:titles.applyCampaign',
  ),
  campaign(
    '/campaign/detail/:id/:type',
    lazy(() => import('./CampaignDetailPage')),
    'mkthub:titles.campaignDetail',
  ),
];
