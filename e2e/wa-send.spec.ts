import { expect, test, type APIRequestContext } from '@playwright/test';
import { waSendMachine } from '../src/machines/wa-send.machine';
import { waTaskCancelMachine } from '../src/machines/wa-task-cancel.machine';
import { sendWizardPathTests } from './send-wizard-paths';
import { demoToken, signInDemo } from './sms-support';
import { taskCancelPathTests, tomorrowMorning } from './task-cancel-paths';
import { api, pickCountry, unique } from './support';
import { approvedTemplate, connectShopNumber } from './whatsapp-support';

// WhatsApp sending (docs/decisions.md "WhatsApp sending"): an approved template sent from the demo account's
// connected number to two customers shows in /whatsapp/search as delivered; then the send wizard's paths on
// /whatsapp/sending and the task cancel machine's on /whatsapp/overview.

interface Sender {
  phoneNumberId: string;
  templateId: string;
}

/** Connects the demo account to the sandbox shop and makes an approved template under it. */
async function demoSender(request: APIRequestContext): Promise<Sender> {
  const token = await demoToken(request);
  const phoneNumberId = await connectShopNumber(request, token);
  const templateId = await approvedTemplate(request, token, {
    Name: unique('wa_ready'),
    Body: 'Your order is ready for pickup today.',
  });
  return { phoneNumberId, templateId };
}

let sender: Promise<Sender> | null = null;

test('an approved template sent to two numbers shows in the records as delivered', async ({ page, request }) => {
  sender ??= demoSender(request);
  const { phoneNumberId, templateId } = await sender;
  const taskName = unique('wa-task');
  const token = await demoToken(request);
  const { TaskId } = await api<{ TaskId: string }>(
    request,
    'AddWhatsAppSendTask',
    {
      TaskName: taskName,
      TemplateId: templateId,
      PhoneNumberId: phoneNumberId,
      CountryCode: 'US',
      Phones: ['14155550801', '14155550802'],
    },
    token,
  );
  // the kernel parses, sends and records the platform's statuses; the records page then shows them
  await expect
    .poll(
      async () =>
        (await api<{ Tasks: { SuccessCount: number }[] }>(request, 'GetWhatsAppSendTask', { TaskId }, token)).Tasks[0]
          ?.SuccessCount,
      { timeout: 30_000 },
    )
    .toBe(2);
  await signInDemo(page, '/whatsapp/search');
  const rows = page.getByTestId('table-row').filter({ hasText: 'Your order is ready for pickup today.' });
  await expect(rows.filter({ hasText: '+14155550801' })).toContainText('Delivered', { timeout: 20_000 });
  await expect(rows.filter({ hasText: '+14155550802' })).toContainText('Delivered', { timeout: 20_000 });
  await expect(rows.first()).toContainText('Utility');
  await page.getByRole('link', { name: 'Overview' }).first().click();
  await expect(page.getByTestId('table-row').filter({ hasText: taskName })).toContainText('Success', {
    timeout: 20_000,
  });
  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page.getByRole('heading', { name: 'WhatsApp analytics' })).toBeVisible();
});

taskCancelPathTests({
  machine: waTaskCancelMachine,
  tasksPage: '/whatsapp/overview',
  addWaitingTask: async (request, token, name) => {
    sender ??= demoSender(request);
    const { phoneNumberId, templateId } = await sender;
    await api(
      request,
      'AddWhatsAppSendTask',
      {
        TaskName: name,
        TemplateId: templateId,
        PhoneNumberId: phoneNumberId,
        CountryCode: 'US',
        Phones: ['14155550811'],
        ...tomorrowMorning(),
      },
      token,
    );
  },
  cancelAction: 'CancelWhatsAppSendTask',
});

sendWizardPathTests({
  machine: waSendMachine,
  page: '/whatsapp/sending',
  template: async (request) => {
    sender ??= demoSender(request);
    return (await sender).templateId;
  },
  fillChannel: async (page) => {
    await page.getByTestId('send-wa-number').click();
    await page.getByRole('option', { name: /555-010-0040/ }).click();
    await pickCountry(page, 'United States');
  },
  recipientsLabel: 'Phone numbers',
  recipient: '14155550821',
  previewAction: 'GetWhatsAppTemplate',
  submitAction: 'AddWhatsAppSendTask',
});
