import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { api, DEMO, signIn, unique } from './support';

// SMS helpers shared by the SMS journeys and the SMS model paths.

export const demoToken = async (request: APIRequestContext) =>
  (await api<{ AccessToken: string }>(request, 'LoginByPassword', { Email: DEMO.email, Password: DEMO.password }))
    .AccessToken;

/** A passed template made through the gateway (the reviewer decides after a short delay). */
export async function passedTemplate(
  request: APIRequestContext,
  token: string,
  content = 'Your Herald order has shipped and will arrive soon',
): Promise<string> {
  const { TemplateId } = await api<{ TemplateId: string }>(
    request,
    'CreateUSMSTemplate',
    { TemplateName: unique('tpl'), Purpose: 2, Language: 'en', Content: content },
    token,
  );
  await expect
    .poll(async () => (await api<{ Status: number }>(request, 'GetUSMSTemplate', { TemplateId }, token)).Status, {
      timeout: 20_000,
    })
    .toBe(2);
  return TemplateId;
}

export async function signInDemo(page: Page, path: string) {
  await page.goto(`/signin?service=${encodeURIComponent(path)}`);
  await signIn(page);
  // patient: the first sign-in of a fresh server, or one on a loaded machine, can take a while
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`), { timeout: 30_000 });
}

/** A task scheduled at 09:00 UTC `inDays` from now (tomorrow by default): waiting, so the lifecycle allows cancelling or moving it. */
export async function scheduledTask(
  request: APIRequestContext,
  token: string,
  templateId: string,
  name: string,
  inDays = 1,
): Promise<string> {
  const day = new Date(Date.now() + inDays * 86_400_000).toISOString().slice(0, 10);
  const { TaskId } = await api<{ TaskId: string }>(
    request,
    'AddUSMSSendTask',
    {
      TaskName: name,
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['14155550601'],
      SendType: 'scheduled',
      ScheduledTime: `${day} 09:00`,
      TimeZone: 'UTC',
    },
    token,
  );
  return TaskId;
}

/** Makes the gateway unreachable for one Action, so the console meets a network failure on it. */
export async function failAction(page: Page, action: string) {
  await page.route('**/api', async (route) => {
    const body = route.request().postDataJSON() as { Action?: string } | null;
    if (body?.Action === action) await route.abort('connectionreset');
    else await route.continue();
  });
}
