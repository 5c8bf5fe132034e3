import { lazy } from 'react';
import type { RouteDef } from '../route-types';

// The /audience/ routes of spec 000 §2 with the Audience side menu, plus a contact's page and the
// attributes page (docs/decisions.md, "Audience"). A page under a list names the list too.
const audience = (path: string, view: RouteDef['view'], ...crumbs: RouteDef['breadcrumb']): RouteDef => ({
  path,
  view,
  access: 'protected',
  breadcrumb: ['shell:nav.audience', ...crumbs],
  sideMenu: 'audience',
});

export const audienceRoutes: RouteDef[] = [
  audience(
    '/audience/contact',
    lazy(() => import('./ContactsPage')),
    'audience:titles.contacts',
  ),
  audience(
    '/audience/contact/:contactId',
    lazy(() => import('./ContactDetailPage')),
    'shell:nav.contacts',
    'audience:titles.contact',
  ),
  audience(
    '/audience/attributes',
    lazy(() => import('./AttributesPage')),
    'shell:nav.contacts',
    'audience:titles.attributes',
  ),
  audience(
    '/audience/group',
    lazy(() => import('./ListsPage')),
    'audience:titles.lists',
  ),
  audience(
    '/audience/list/create',
    lazy(() => import('./ListCreatePage')),
    'shell:nav.lists',
    'audience:titles.newList',
  ),
  audience(
    '/audience/list/detail',
    lazy(() => import('./ListDetailPage')),
    'shell:nav.lists',
    'audience:titles.list',
  ),
  audience(
    '/audience/contacts/import',
    lazy(() => import('./ImportPage')),
    'shell:nav.contacts',
    'audience:titles.import',
  ),
  audience(
    '/audience/segment',
    lazy(() => import('./SegmentsPage')),
    'audience:titles.segments',
  ),
  audience(
    '/audience/segment/create',
    lazy(() => import('./SegmentEditorPage')),
    'shell:nav.segments',
    'audience:titles.newSegment',
  ),
];
