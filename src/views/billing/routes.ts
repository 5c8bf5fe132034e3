import type { RouteDef } from '../route-types';

export const billingRoutes: RouteDef[] = [];
