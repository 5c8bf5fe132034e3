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

// Telegram (issue 15 item 6) has no module gate: spec 000 §4 names none for it, and trial accounts have
// 5 Telegram groups as test targets (spec 001 §9), so it is reachable without a paid plan.
const telegram = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.marketingHub', ...crumbs],
  sideMenu: 'mkthub',
  layout: 'console',
});
const TgPost = lazy(() => import('./telegram/TgPostPage'));

// The calendar (issue 14 item 6) opens with either Marketing hub module (spec 000 §4; docs/decisions.md "Calendar").
const calendar: RouteDef = {
  path: '/mkthub/calendar',
  view: lazy(() => import('./calendar/CalendarPage')),
  access: 'protected',
  module: 'Automation',
  orModule: 'MarketingPlan',
  breadcrumb: ['shell:nav.marketingHub', 'mkthub:titles.calendar'],
  sideMenu: 'mkthub',
  layout: 'console',
};

// Marketing plans (issue 14 item 4) behind the MarketingPlan module (spec 000 §4).
const plan = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  module: 'MarketingPlan',
  breadcrumb: ['shell:nav.marketingHub', ...crumbs],
  sideMenu: 'mkthub',
  layout: 'console',
});
const PlanForm = lazy(() => import('./plans/PlanFormPage'));

// Social profiles and posts (issue 16 items 1 and 3) behind the SocialMedia module (spec 000 §4). The
// settings page of social accounts shows the same profiles card, so it lives here with a settings menu.
const social = (
  path: string,
  view: RouteDef['view'],
  sideMenu: RouteDef['sideMenu'],
  ...crumbs: RouteDef['breadcrumb']
): RouteDef => ({
  path,
  view,
  access: 'protected',
  module: 'SocialMedia',
  breadcrumb: crumbs,
  sideMenu,
  layout: 'console',
});
const SocialPost = lazy(() => import('./social/SocialPostPage'));

export const mkthubRoutes: RouteDef[] = [
  plan(
    '/mkthub/planlist',
    lazy(() => import('./plans/PlanListPage')),
    'mkthub:titles.plans',
  ),
  plan(
    '/mkthub/smsEmail',
    lazy(() => import('./campaigns/CampaignListPage')),
    'mkthub:titles.campaigns',
  ),
  plan('/mkthub/createplan/:aim', PlanForm, 'shell:nav.plans', 'mkthub:titles.createPlan'),
  plan('/mkthub/editplan/:planId', PlanForm, 'shell:nav.plans', 'mkthub:titles.editPlan'),
  plan(
    '/mkthub/applyplan/:planId',
    lazy(() => import('./plans/PlanApplyPage')),
    'shell:nav.plans',
    'mkthub:titles.applyPlan',
  ),
  plan(
    '/mkthub/overviewplan/:planId',
    lazy(() => import('./plans/PlanOverviewPage')),
    'shell:nav.plans',
    'mkthub:titles.planOverview',
  ),
  plan(
    '/mkthub/detailsplan/:planId',
    lazy(() => import('./plans/PlanDetailPage')),
    'shell:nav.plans',
    'mkthub:titles.planDetail',
  ),
  workflow(
    '/mkthub/workflowlist',
    lazy(() => import('./workflows/WorkflowListPage')),
    'console',
    'mkthub:titles.workflows',
  ),
  workflow('/mkthub/createworkflow', Canvas, 'editor', 'shell:nav.workflows', 'mkthub:titles.createWorkflow'),
  workflow('/mkthub/editworkflow/:seqId', Canvas, 'editor', 'shell:nav.workflows', 'mkthub:titles.editWorkflow'),
  workflow('/mkthub/copyworkflow/:seqId', Canvas, 'editor', 'shell:nav.workflows', 'mkthub:titles.copyWorkflow'),
  workflow(
    '/mkthub/workflowdetail/:seqId',
    lazy(() => import('./workflows/WorkflowDetailPage')),
    'console',
    'shell:nav.workflows',
    'mkthub:titles.workflowDetail',
  ),
  workflow('/mkthub/workflowpreview/:seqId', Canvas, 'editor', 'shell:nav.workflows', 'mkthub:titles.previewWorkflow'),
  calendar,
  telegram(
    '/mkthub/tglist',
    lazy(() => import('./telegram/TelegramPage')),
    'mkthub:titles.telegram',
  ),
  telegram('/mkthub/post/tg/message', TgPost, 'shell:nav.telegram', 'mkthub:titles.newTgPost'),
  telegram('/mkthub/post/tg/message/:tgPostId', TgPost, 'shell:nav.telegram', 'mkthub:titles.editTgPost'),
  telegram('/mkthub/copypost/tg/message/:copyid', TgPost, 'shell:nav.telegram', 'mkthub:titles.copyTgPost'),
  // The smart inbox (issue 15 item 7): no module, like Telegram, whose messages it shows first.
  telegram(
    '/mkthub/inbox',
    lazy(() => import('./inbox/InboxPage')),
    'shell:nav.inbox',
  ),
  telegram(
    '/mkthub/inbox/detail/:messageId',
    lazy(() => import('./inbox/InboxDetailPage')),
    'shell:nav.inbox',
    'mkthub:titles.inboxDetail',
  ),
  social(
    '/mkthub/socialMedialist',
    lazy(() => import('./social/SocialMediaPage')),
    'mkthub',
    'shell:nav.marketingHub',
    'mkthub:titles.socialMedia',
  ),
  social(
    '/mkthub/authmediapage/:Id',
    lazy(() => import('./social/AuthMediaPage')),
    'mkthub',
    'shell:nav.marketingHub',
    'mkthub:titles.authMedia',
  ),
  social(
    '/mkthub/post/social/message',
    SocialPost,
    'mkthub',
    'shell:nav.marketingHub',
    'shell:nav.socialMedia',
    'mkthub:titles.newSocialPost',
  ),
  social(
    '/mkthub/post/social/message/:postId',
    SocialPost,
    'mkthub',
    'shell:nav.marketingHub',
    'shell:nav.socialMedia',
    'mkthub:titles.editSocialPost',
  ),
  social(
    '/setting/profile_list',
    lazy(() => import('./social/ProfileListPage')),
    'settings',
    'shell:nav.settings',
    'mkthub:titles.socialProfiles',
  ),
];
