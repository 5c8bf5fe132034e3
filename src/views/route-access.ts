import type { PermissionKey } from '../gateway/contract/actions/account';
import type { ModuleName } from '../gateway/contract/actions/subscriptions';
import type { RouteDef } from './route-types';

/** What the subscription machine's snapshot answers (SubscriptionActor's snapshot in the console). */
export interface PlanGuard {
  matches: (state: 'ready' | 'loading') => boolean;
  can: (event: { type: 'module.open'; module: ModuleName }) => boolean;
}

export type RouteAccess = 'allow' | 'noPermission' | 'waitForPlan' | 'needsPlan';

/** Where a module-gated route sends an account whose plan lacks the module (spec 000 §4). */
export const PLAN_GATE_PATH = '/subscription';

/**
 * The gate's address for one module: the plans page says which plans include it (issue 18 §12).
 * An unknown or missing `module` in the address shows the plans without the notice.
 */
export const planGatePathFor = (module: ModuleName) => `${PLAN_GATE_PATH}?module=${module}`;

/**
 * The route table's guards, in order: the permission key (spec 000 §6), then the module gate: a route
 * of a module outside the active plan's ModWhitelist is not reachable (the machine's `module.open`).
 */
export function routeAccess(
  route: Pick<RouteDef, 'permission' | 'module' | 'orModule'>,
  permissions: readonly PermissionKey[],
  plan: PlanGuard,
): RouteAccess {
  if (route.permission && !permissions.includes(route.permission)) return 'noPermission';
  if (!route.module) return 'allow';
  if (!plan.matches('ready')) return 'waitForPlan';
  const modules = route.orModule ? [route.module, route.orModule] : [route.module];
  return modules.some((module) => plan.can({ type: 'module.open', module })) ? 'allow' : 'needsPlan';
}
