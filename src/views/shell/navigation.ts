import type { ModuleName } from '../../gateway/contract/actions/subscriptions';
import type { PermissionKey } from '../../gateway/contract/actions/account';
import type { LabelKey } from '../route-types';
import { findRoute } from '../routes';

export interface NavItem {
  path: string;
  label: LabelKey;
  /** Leads to an account upgrade: hidden for accounts that cannot upgrade (spec 000 §6, Type 4). */
  upgrade?: boolean;
}

export interface NavGroup {
  id: string;
  label: LabelKey;
  items: NavItem[];
}

/** Spec 000 §1 navigation groups, in order. Items whose page is not built stay out of the menus. */
const NAVIGATION: NavGroup[] = [
  { id: 'home', label: 'shell:nav.home', items: [{ path: '/dashboard', label: 'shell:nav.dashboard' }] },
  {
    id: 'audience',
    label: 'shell:nav.audience',
    items: [
      { path: '/audience/contact', label: 'shell:nav.contacts' },
      { path: '/audience/group', label: 'shell:nav.lists' },
      { path: '/audience/segment', label: 'shell:nav.segments' },
    ],
  },
  {
    id: 'sms',
    label: 'shell:nav.sms',
    items: [
      { path: '/sms/overview', label: 'shell:nav.overview' },
      { path: '/sms/sending', label: 'shell:nav.send' },
      { path: '/sms/message', label: 'shell:nav.tasks' },
      { path: '/sms/template', label: 'shell:nav.templates' },
      { path: '/sms/search', label: 'shell:nav.records' },
      { path: '/sms/analytics', label: 'shell:nav.analytics' },
      { path: '/sms/setting', label: 'shell:nav.settings' },
    ],
  },
  {
    id: 'mms',
    label: 'shell:nav.mms',
    items: [
      { path: '/mms/overview', label: 'shell:nav.overview' },
      { path: '/mms/sending', label: 'shell:nav.send' },
      { path: '/mms/message', label: 'shell:nav.tasks' },
      { path: '/mms/template', label: 'shell:nav.templates' },
      { path: '/mms/search', label: 'shell:nav.records' },
      { path: '/mms/analytics', label: 'shell:nav.analytics' },
      { path: '/mms/setting', label: 'shell:nav.settings' },
    ],
  },
  {
    id: 'email',
    label: 'shell:nav.email',
    items: [
      { path: '/email/overview', label: 'shell:nav.overview' },
      { path: '/email/sending', label: 'shell:nav.send' },
      { path: '/email/message/email-ai', label: 'shell:nav.aiEmail' },
      { path: '/email/message', label: 'shell:nav.tasks' },
      { path: '/email/template', label: 'shell:nav.templates' },
      { path: '/email/search', label: 'shell:nav.records' },
      { path: '/email/analytics', label: 'shell:nav.analytics' },
      { path: '/email/setting', label: 'shell:nav.settings' },
    ],
  },
  {
    id: 'vms',
    label: 'shell:nav.voice',
    items: [
      { path: '/vms/audio', label: 'shell:nav.audioFiles' },
      { path: '/vms/template', label: 'shell:nav.templates' },
      { path: '/vms/sending', label: 'shell:nav.send' },
      { path: '/vms/message', label: 'shell:nav.tasks' },
      { path: '/vms/search', label: 'shell:nav.records' },
      // Spec 000 §2: the voice settings page is /vms/overview.
      { path: '/vms/overview', label: 'shell:nav.settings' },
    ],
  },
  {
    id: 'whatsapp',
    label: 'shell:nav.whatsapp',
    items: [
      { path: '/whatsapp/overview', label: 'shell:nav.overview' },
      { path: '/whatsapp/sending', label: 'shell:nav.send' },
      { path: '/whatsapp/number', label: 'shell:nav.numbers' },
      { path: '/whatsapp/template', label: 'shell:nav.templates' },
      { path: '/whatsapp/search', label: 'shell:nav.records' },
      { path: '/whatsapp/analytics', label: 'shell:nav.analytics' },
      { path: '/whatsapp/agent', label: 'shell:nav.agentCampaigns' },
      { path: '/whatsapp/setting', label: 'shell:nav.settings' },
    ],
  },
  {
    id: 'mkthub',
    label: 'shell:nav.marketingHub',
    items: [
      { path: '/mkthub/planlist', label: 'shell:nav.plans' },
      { path: '/mkthub/smsEmail', label: 'shell:nav.campaigns' },
      { path: '/mkthub/workflowlist', label: 'shell:nav.workflows' },
      { path: '/mkthub/calendar', label: 'shell:nav.calendar' },
      { path: '/mkthub/inbox', label: 'shell:nav.inbox' },
      { path: '/mkthub/socialMedialist', label: 'shell:nav.socialMedia' },
      { path: '/mkthub/tglist', label: 'shell:nav.telegram' },
    ],
  },
  {
    id: 'analysis',
    label: 'shell:nav.analysis',
    items: [
      { path: '/analysis/marketing_analysis', label: 'shell:nav.marketingAnalysis' },
      { path: '/analysis/media_detail', label: 'shell:nav.mediaDetail' },
    ],
  },
  {
    id: 'tools',
    label: 'shell:nav.tools',
    items: [
      { path: '/tool/short-link', label: 'shell:nav.shortLinks' },
      { path: '/tool/library', label: 'shell:nav.library' },
      { path: '/tool/logo', label: 'shell:nav.logo' },
      { path: '/tool/creative-material', label: 'shell:nav.creativeMaterial' },
    ],
  },
  {
    id: 'billing',
    label: 'shell:nav.billing',
    items: [
      { path: '/bill/management', label: 'shell:nav.payment' },
      { path: '/bill/payment-method', label: 'shell:nav.paymentMethod' },
      { path: '/bill/usage', label: 'shell:nav.usage' },
      { path: '/bill/invoice', label: 'shell:nav.invoice' },
      { path: '/bill/subscription', label: 'shell:nav.subscription' },
      { path: '/bill/upgrade', label: 'shell:nav.upgrade', upgrade: true },
    ],
  },
  {
    id: 'settings',
    label: 'shell:nav.settings',
    items: [
      { path: '/setting/user-setting', label: 'shell:nav.userSettings' },
      { path: '/setting/work-order', label: 'shell:nav.workOrders' },
      { path: '/setting/profile_list', label: 'shell:nav.socialProfiles' },
    ],
  },
  {
    id: 'advertising',
    label: 'shell:nav.advertising',
    items: [
      { path: '/advertising/home-page', label: 'shell:nav.overview' },
      { path: '/advertising/facebook/account-list', label: 'shell:nav.adFacebook' },
      { path: '/advertising/google/account-list', label: 'shell:nav.adGoogle' },
      { path: '/advertising/tiktok/account-list', label: 'shell:nav.adTiktok' },
      { path: '/advertising/twitter/account-list', label: 'shell:nav.adTwitter' },
      { path: '/advertising/snapchat/account-list', label: 'shell:nav.adSnapchat' },
      { path: '/advertising/huawei/account-list', label: 'shell:nav.adHuawei' },
      { path: '/advertising/appstore/account-list', label: 'shell:nav.adAppstore' },
      { path: '/advertising/data-report', label: 'shell:nav.adReport' },
      { path: '/advertising/operation-record', label: 'shell:nav.adOperations' },
      { path: '/advertising/authorize-list', label: 'shell:nav.adAuthorizations' },
    ],
  },
];

export interface VisibleNavItem extends NavItem {
  /** The plan lacks the item's module: shown with an upgrade icon (spec 000 §4). */
  needsUpgrade: boolean;
}

export interface VisibleNavGroup extends Omit<NavGroup, 'items'> {
  items: VisibleNavItem[];
}

/**
 * The menus as this user sees them: built pages only, items needing a missing key hidden, upgrade
 * items hidden when the account cannot upgrade (the upgrade prompt's `upgrade.open` is not possible).
 */
export function visibleNavigation(
  permissions: readonly PermissionKey[],
  modules: readonly ModuleName[],
  options: { upgradable?: boolean } = {},
): VisibleNavGroup[] {
  return NAVIGATION.map((group) => ({
    ...group,
    items: group.items.flatMap((item) => {
      const route = findRoute(item.path);
      if (!route) return [];
      if (route.permission && !permissions.includes(route.permission)) return [];
      if (item.upgrade && options.upgradable === false) return [];
      const opens = [route.module, route.orModule].filter((module) => module !== undefined);
      return [{ ...item, needsUpgrade: opens.length > 0 && !opens.some((module) => modules.includes(module)) }];
    }),
  })).filter((group) => group.items.length > 0);
}

/** Whether a page is built (in the route table): areas ask here, as they do not import the route table. */
export function isPageBuilt(path: string): boolean {
  return findRoute(path) !== undefined;
}

export function navGroupOfPath(path: string): NavGroup | undefined {
  return NAVIGATION.find((group) => group.items.some((item) => path === item.path || path.startsWith(`${item.path}/`)));
}

/** Spec 000 §1 Quick start: six shortcuts, each shown once its page is built. */
export const QUICK_START: NavItem[] = [
  { path: '/mkthub/createplan/1', label: 'shell:quickStart.marketingPlan' },
  { path: '/mkthub/createworkflow', label: 'shell:quickStart.automation' },
  { path: '/mkthub/post/social/message', label: 'shell:quickStart.socialPosts' },
  { path: '/advertising/home-page', label: 'shell:quickStart.advertising' },
  { path: '/sms/sending', label: 'shell:quickStart.sms' },
  { path: '/email/sending', label: 'shell:quickStart.email' },
];
