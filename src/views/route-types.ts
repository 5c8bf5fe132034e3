import type { ComponentType, LazyExoticComponent } from 'react';
import type { ModuleName } from '../gateway/contract/actions/subscriptions';
import type { PermissionKey } from '../gateway/contract/actions/account';

import type { TranslationKey } from '../i18n/keys';

/** An i18n key in `ns:key` form, for breadcrumbs and menu labels. */
export type LabelKey = TranslationKey;

export interface RouteDef {
  /** wouter pattern, e.g. /sms/task/:taskId/:accountId/:sessionNo */
  path: string;
  view: LazyExoticComponent<ComponentType>;
  /**
   * public: anyone; guest: signed-out visitors only (sign-in, sign-up: a signed-in visitor goes on to
   * the service address or the dashboard); protected: signed-in only, else /signin?service=….
   */
  access: 'public' | 'guest' | 'protected';
  /** Spec 000 §4 module gate: reachable only when the active plan's ModWhitelist has it. */
  module?: ModuleName;
  /** A second module that opens the route as well (the calendar: Automation or MarketingPlan, issue 14 item 7). */
  orModule?: ModuleName;
  /** Spec 000 §6: hidden or blocked without the key. */
  permission?: PermissionKey;
  /** Breadcrumb trail as label keys (hidden on the dashboard; at most 8 shown). */
  breadcrumb: LabelKey[];
  /** The page's name in document.title; by default the last breadcrumb. */
  title?: LabelKey;
  /** editor pages have no bottom padding (spec 000 §2). */
  layout?: 'console' | 'editor';
  /** The navigation group whose side menu this page shows. */
  sideMenu?: string;
}
