import { expect, type APIRequestContext } from '@playwright/test';
import { api, unique } from './support';

// MMS helpers shared by the MMS journeys, the send wizard's and the task cancel's model paths.

/** A passed (2) MMS template of the demo account, made through the gateway (the reviewer decides soon). */
export async function passedMmsTemplate(request: APIRequestContext, token: string): Promise<string> {
  const { TemplateId } = await api<{ TemplateId: string }>(
    request,
    'CreateUMMSTemplate',
    { TemplateName: unique('mms-tpl'), Language: 'en', Subject: 'Spring', Text: 'See the spring collection' },
    token,
  );
  await expect
    .poll(async () => (await api<{ Status: number }>(request, 'GetUMMSTemplate', { TemplateId }, token)).Status, {
      timeout: 20_000,
    })
    .toBe(2);
  return TemplateId;
}
