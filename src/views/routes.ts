import type { RouteDef } from './route-types';
import { authRoutes } from './auth/routes';
import { homeRoutes } from './home/routes';
import { billingRoutes } from './billing/routes';
import { flowsRoutes } from './flows/routes';
import { settingsRoutes } from './settings/routes';
import { smsRoutes } from './sms/routes';
import { mmsRoutes } from './mms/routes';
import { analysisRoutes } from './analysis/routes';
import { vmsRoutes } from './vms/routes';
import { audienceRoutes } from './audience/routes';
import { emailSettingRoutes } from './email-setting/routes';
import { emailTemplateRoutes } from './email/template-routes';
import { mkthubRoutes } from './mkthub/routes';
import { campaignRoutes } from './campaign/routes';
import { emailSendRoutes } from './email/send-routes';
import { shortLinkRoutes } from './short-links/routes';
import { advertisingRoutes } from './advertising/routes';
import { libraryRoutes } from './library/routes';
import { whatsappRoutes } from './whatsapp/routes';
import { waTemplateRoutes } from './whatsapp/templates/routes';
import { fbAdRoutes } from './advertising/facebook/routes';
import { waAgentRoutes } from './whatsapp/agent/routes';

/** The route table: every built page, with its access, module and permission requirements. */
export const routes: RouteDef[] = [
  ...authRoutes,
  ...homeRoutes,
  ...billingRoutes,
  ...flowsRoutes,
  ...settingsRoutes,
  ...smsRoutes,
  ...mmsRoutes,
  ...analysisRoutes,
  ...vmsRoutes,
  ...audienceRoutes,
  ...emailSettingRoutes,
  ...emailTemplateRoutes,
  ...mkthubRoutes,
  ...campaignRoutes,
  ...emailSendRoutes,
  ...shortLinkRoutes,
  ...advertisingRoutes,
  ...libraryRoutes,
  ...whatsappRoutes,
  ...waAgentRoutes,
  ...waTemplateRoutes,
  ...fbAdRoutes,
];

export const DEFAULT_PATH = '/dashboard';

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('?')[0].split('/');
  return (
    want.length === have.length &&
    want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]))
  );
}

/** The route a concrete path (or a pattern) belongs to. */
export function findRoute(path: string): RouteDef | undefined {
  return routes.find((route) => route.path === path || matches(route.path, path));
}
