import { lazy } from 'react';
import type { RouteDef } from '../route-types';

export const settingsRoutes: RouteDef[] = [
  {
    path: '/setting/user-setting',
    view: lazy(() => import('./UserSettingsPage')),
    access: 'protected',
    breadcrumb: ['settings:crumbs.settings', 'settings:crumbs.userSettings'],
    sideMenu: 'settings',
  },
  {
    path: '/setting/work-order',
    view: lazy(() => import('./tickets/WorkOrdersPage')),
    access: 'protected',
    breadcrumb: ['settings:crumbs.settings', 'settings:crumbs.workOrders'],
    sideMenu: 'settings',
  },
  {
    path: '/setting/work-order-create',
    view: lazy(() => import('./tickets/WorkOrderCreatePage')),
    access: 'protected',
    breadcrumb: ['settings:crumbs.settings', 'settings:crumbs.workOrders', 'settings:crumbs.workOrderCreate'],
    sideMenu: 'settings',
  },
  {
    path: '/setting/work-order/:ticketId',
    view: lazy(() => import('./tickets/WorkOrderDetailPage')),
    access: 'protected',
    breadcrumb: ['settings:crumbs.settings', 'settings:crumbs.workOrders', 'settings:crumbs.workOrderDetail'],
    sideMenu: 'settings',
  },
  {
    path: '/notification',
    view: lazy(() => import('./NotificationsPage')),
    access: 'protected',
    breadcrumb: ['settings:crumbs.notifications'],
  },
  {
    path: '/mail',
    view: lazy(() => import('./MailConfirmPage')),
    access: 'public',
    breadcrumb: [],
    title: 'settings:mail.title',
  },
];
