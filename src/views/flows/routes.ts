import type { RouteDef } from '../route-types';

export const flowsRoutes: RouteDef[] = [];
