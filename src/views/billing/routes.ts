import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// Spec 000 §2: the seven billing routes.
export const billingRoutes: RouteDef[] = [
  // open to every signed-in account: it is where the module gate sends those whose plan lacks a module
  {
    path: '/subscription',
    view: lazy(() => import('./SubscriptionPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.home', 'billing:crumbs.plans'],
  },
  {
    path: '/buyPackage',
    view: lazy(() => import('./BuyPackagePage')),
    access: 'protected',
    breadcrumb: ['shell:nav.home', 'billing:crumbs.plans', 'billing:crumbs.buy'],
  },
  {
    path: '/bill/management',
    view: lazy(() => import('./management/ManagementPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.billing', 'shell:nav.payment'],
    sideMenu: 'billing',
  },
  {
    path: '/bill/payment-method',
    view: lazy(() => import('./cards/PaymentMethodPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.billing', 'shell:nav.paymentMethod'],
    sideMenu: 'billing',
  },
  {
    path: '/bill/payment-status',
    view: lazy(() => import('./checkout/PaymentStatusPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.billing', 'shell:nav.payment', 'shell:nav.paymentStatus'],
    sideMenu: 'billing',
  },
  {
    path: '/bill/usage',
    view: lazy(() => import('./usage/UsagePage')),
    access: 'protected',
    breadcrumb: ['shell:nav.billing', 'shell:nav.usage'],
    sideMenu: 'billing',
  },
  {
    path: '/bill/invoice',
    view: lazy(() => import('./invoice/InvoicePage')),
    access: 'protected',
    breadcrumb: ['shell:nav.billing', 'shell:nav.invoice'],
    sideMenu: 'billing',
  },
  {
    path: '/bill/subscription',
    view: lazy(() => import('./SubscriptionBillPage')),
    access: 'protected',
    breadcrumb: ['shell:nav.billing', 'shell:nav.subscription'],
    sideMenu: 'billing',
  },
  {
    path: '/bill/upgrade',
    view: lazy(() => import('./UpgradePage')),
    access: 'protected',
    breadcrumb: ['shell:nav.billing', 'shell:nav.upgrade'],
    sideMenu: 'billing',
  },
];
