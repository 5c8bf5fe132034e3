import type { RouteDef } from '../route-types';

export const smsRoutes: RouteDef[] = [];
