import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { machineRegistry } from '../src/machines/registry';
import { routes } from '../src/views/routes';
import { api, DEMO, signIn, unique } from './support';
import { passedTemplate } from './sms-support';
import { demoInboxMessage } from './telegram-support';
import { connectProfile } from './social-support';
import { expectFitsPhone } from './phone-fit';

// Issue 21: every route of the route table, in both languages, with no WCAG 2.0/2.1/2.2 A or AA
// violation. A route added to the table is checked from its first day, with no test to write.
// Session 22: each route must also fit a phone-width window without scrolling sideways (e2e/phone-fit.ts).
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LANGUAGES = ['en', 'zh'] as const;

/** Real ids of the demo account's data, one per path parameter of the route table. */
type Params = Record<string, string>;

/** The demo account gets one template, one task, one ticket, one contact and one campaign (through the gateway, as other specs do). */
async function demoData(request: APIRequestContext): Promise<Params> {
  const token = (
    await api<{ AccessToken: string }>(request, 'LoginByPassword', { Email: DEMO.email, Password: DEMO.password })
  ).AccessToken;
  const template = await api<{ TemplateId: string; Id: number }>(
    request,
    'CreateUSMSTemplate',
    { TemplateName: unique('a11y'), Purpose: 2, Language: 'en', Content: 'Your Herald order has shipped today' },
    token,
  );
  await expect
    .poll(
      async () =>
        (await api<{ Status: number }>(request, 'GetUSMSTemplate', { TemplateId: template.TemplateId }, token)).Status,
      { timeout: 20_000 },
    )
    .toBe(2);
  const task = await api<{ TaskId: string; AccountId: number; SessionNo: string }>(
    request,
    'AddUSMSSendTask',
    { TaskName: unique('a11y'), TemplateId: template.TemplateId, CountryCode: 'US', Phones: ['14155550601'] },
    token,
  );
  const ticket = await api<{ TicketId: number }>(
    request,
    'CreateTicket',
    { Category: 1, Comment: 'The accessibility check opened this ticket.' },
    token,
  );
  const contact = await api<{ ContactId: number }>(
    request,
    'CreateContact',
    { Email: `${unique('a11y')}@example.com`, FirstName: 'Ada' },
    token,
  );
  const workflow = await api<{ SeqId: string }>(
    request,
    'SaveSEQ2Workflow',
    {
      Name: unique('a11y'),
      Document: {
        nodes: [
          { id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, config: { source: 'event', event: 'signed_up' } },
          { id: 'n2', kind: 'exit', position: { x: 0, y: 140 }, config: {} },
        ],
        edges: [{ id: 'e3', source: 'n1', target: 'n2' }],
      },
    },
    token,
  );
  const plan = await api<{ PlanId: string }>(
    request,
    'SaveMKTPlan',
    {
      Name: unique('a11y'),
      Aim: 1,
      Industry: 'Retail',
      ProductCategory: 'Shoes',
      Type: 'promotion',
      Tone: 'friendly',
      Channels: ['sms'],
      Content: { Goal: 'More buyers', Audience: 'Shoppers', Steps: [{ Channel: 'sms', Day: 0, Text: 'Spring sale' }] },
    },
    token,
  );
  // a saved campaign: an approved template to a list
  const list = await api<{ ListId: number }>(request, 'CreateContactList', { Name: unique('a11y') }, token);
  const campaign = await api<{ CampaignId: string }>(
    request,
    'SaveCampaign',
    {
      Type: 'sms',
      Aim: 1,
      Sms: {
        TaskName: unique('a11y'),
        TemplateId: await passedTemplate(request, token),
        CountryCode: 'US',
        ListId: list.ListId,
      },
    },
    token,
  );
  // a smart-inbox message: a sandbox group member writes to the demo's bot
  const inbox = await demoInboxMessage(request, 720_000_000 + (Date.now() % 10_000_000), unique('a11y'));
  // a draft Telegram post to that group (its edit and copy pages)
  await api(request, 'VerifyTGGroup', { ChatId: inbox.group.ChatId }, token);
  const tgPost = await api<{ PostId: string }>(
    request,
    'CreateTGTask',
    { Text: 'Accessibility check draft', ChatIds: [inbox.group.ChatId], Draft: true },
    token,
  );
  // a draft social post of the demo's sandbox Facebook profile
  const profileId = await connectProfile(request, token, 1, 'Model path page');
  const social = await api<{ PostId: string }>(
    request,
    'SaveSocialPost',
    { ProfileIds: [profileId], Text: 'Accessibility check draft', Mode: 'draft' },
    token,
  );
  return {
    postId: social.PostId,
    tgPostId: tgPost.PostId,
    copyid: tgPost.PostId,
    // the platform of /analysis/media_performance/:postId/:platform (the draft above is Facebook's)
    platform: '1',
    // the return page of a platform's consent (no code: it says the connection did not come back)
    Id: '1',
    messageId: inbox.messageId,
    seqId: workflow.SeqId,
    planId: plan.PlanId,
    saveId: campaign.CampaignId,
    name: 'Spring_sale',
    type: 'sms',
    aim: '1',
    contactId: String(contact.ContactId),
    templateId: template.TemplateId,
    recreateTemplateId: template.TemplateId,
    id: String(template.Id),
    taskId: task.TaskId,
    accountId: String(task.AccountId),
    sessionNo: task.SessionNo,
    ticketId: String(ticket.TicketId),
    // the smallest diagram: the check is about the page, not the layout's speed
    machineId: (machineRegistry.find((entry) => entry.id === 'resendCountdown') ?? machineRegistry[0]).id,
  };
}

/** The route's pattern with its parameters filled, or the names it has no value for. */
function fill(pattern: string, params: Params): { path: string; missing: string[] } {
  const missing: string[] = [];
  const path = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined) missing.push(segment);
      return encodeURIComponent(value ?? '');
    })
    .join('/');
  return { path, missing };
}

/** How many requests the tab has in flight: the console's own queries, lazy pages and namespaces. */
function requestsInFlight(page: Page): () => number {
  let count = 0;
  const finished = () => (count = Math.max(0, count - 1));
  page.on('request', () => count++);
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return () => count;
}

/**
 * Opens a route in the console already loaded in the tab, as a click on a link would (wouter follows
 * history.pushState): loading the whole console again for each of the ~170 checks cost minutes of CI.
 * Then waits until it has painted, its lazy page, namespaces and first queries have arrived (a quiet
 * network for a moment; some pages poll, so only briefly) and no spinner is visible.
 */
async function visit(page: Page, inFlight: () => number, path: string) {
  if (page.url() === 'about:blank') await page.goto(path);
  else await page.evaluate((to) => window.history.pushState(null, '', to), path);
  await page.locator('#root > :visible').first().waitFor();
  const quietSince = { at: Date.now() };
  await expect
    .poll(
      () => {
        if (inFlight() > 0) quietSince.at = Date.now();
        return Date.now() - quietSince.at >= 300;
      },
      { timeout: 3_000, intervals: [50] },
    )
    .toBe(true)
    .catch(() => undefined);
  await expect(page.locator('.animate-spin:visible')).toHaveCount(0, { timeout: 45_000 });
}

async function expectNoViolations(page: Page, label: string) {
  // Legacy mode runs axe in the page itself; the default opens a blank page per check to merge frame
  // results, which doubled the time of every check (the console has no cross-origin frames).
  const results = await new AxeBuilder({ page }).setLegacyMode().withTags(WCAG_TAGS).analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} ${node.html.slice(0, 160)}`,
    ),
  );
  expect(found, `${label}\n${found.join('\n')}`).toEqual([]);
}

const signedInRoutes = routes.filter((route) => route.access === 'protected');
const signedOutRoutes = routes.filter((route) => route.access !== 'protected');

let params: Params = {};

test.beforeAll(async ({ request }) => {
  params = await demoData(request);
});

for (const lang of LANGUAGES) {
  test.describe(`axe, signed in, ${lang}`, () => {
    let context: BrowserContext;
    let page: Page;
    let inFlight: () => number;
    // One sign-in per language, then every route in the same tab: each session keeps its own tokens
    // (a refresh token shared by two contexts would count as reuse and end both).
    test.beforeAll(async ({ browser, baseURL }) => {
      context = await browser.newContext();
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      page = await context.newPage();
      inFlight = requestsInFlight(page);
      await page.goto('/signin');
      await signIn(page);
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    });
    test.afterAll(() => context.close());

    for (const route of signedInRoutes) {
      test(route.path, async () => {
        test.slow();
        const { path, missing } = fill(route.path, params);
        test.skip(missing.length > 0, `no demo data for ${missing.join(', ')}`);
        await visit(page, inFlight, path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
        await expectNoViolations(page, `${lang} ${path}`);
        await expectFitsPhone(page, `${lang} ${path}`);
      });
    }
  });

  test.describe(`axe, signed out, ${lang}`, () => {
    let context: BrowserContext;
    let page: Page;
    let inFlight: () => number;
    test.beforeAll(async ({ browser, baseURL }) => {
      context = await browser.newContext();
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      page = await context.newPage();
      inFlight = requestsInFlight(page);
    });
    test.afterAll(() => context.close());

    for (const route of signedOutRoutes) {
      test(route.path, async () => {
        test.slow();
        const { path, missing } = fill(route.path, params);
        test.skip(missing.length > 0, `no demo data for ${missing.join(', ')}`);
        await visit(page, inFlight, path);
        await expectNoViolations(page, `${lang} ${path}`);
        await expectFitsPhone(page, `${lang} ${path}`);
      });
    }
  });
}
