import type { RouteDef } from '../route-types';

export const settingsRoutes: RouteDef[] = [];
