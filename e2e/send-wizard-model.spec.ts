import { type Page } from '@playwright/test';
import { emailSendMachine } from '../src/machines/email-send.machine';
import { mmsSendMachine } from '../src/machines/mms-send.machine';
import { smsSendMachine } from '../src/machines/sms-send.machine';
import { vmsSendMachine } from '../src/machines/vms-send.machine';
import { emailSendingSetup, type EmailSending } from './email-support';
import { passedMmsTemplate } from './mms-support';
import { sendWizardPathTests } from './send-wizard-paths';
import { passedTemplate } from './sms-support';
import { pickCountry } from './support';
import { approvedVoiceTemplate, toneMp3 } from './vms-support';

// The four send wizards' generated paths, each through its page against the real server (one driver,
// e2e/send-wizard-paths.ts: they are one statechart). The sandbox carrier delivers numbers ending 0-6.

const unitedStates = (page: Page) => pickCountry(page, 'United States');

sendWizardPathTests({
  machine: smsSendMachine,
  page: '/sms/sending',
  template: (request, token) => passedTemplate(request, token),
  fillChannel: unitedStates,
  recipientsLabel: 'Phone numbers',
  recipient: '14155550101',
  previewAction: 'GetUSMSPreviewSmsContent',
  submitAction: 'AddUSMSSendTask',
});

sendWizardPathTests({
  machine: mmsSendMachine,
  page: '/mms/sending',
  template: passedMmsTemplate,
  fillChannel: unitedStates,
  recipientsLabel: 'Phone numbers',
  recipient: '14155550102',
  previewAction: 'GetUMMSTemplate',
  submitAction: 'AddUMMSSendTask',
});

sendWizardPathTests({
  machine: vmsSendMachine,
  page: '/vms/sending',
  template: async (request, token) => (await approvedVoiceTemplate(request, token, await toneMp3())).id,
  fillChannel: unitedStates,
  recipientsLabel: 'Phone numbers',
  recipient: '14155550101',
  previewAction: 'GetUVMSTemplate',
  submitAction: 'AddUVMSSendTask',
});

let emailSending: EmailSending | null = null;

sendWizardPathTests({
  machine: emailSendMachine,
  page: '/email/sending',
  template: async (request, token) => {
    emailSending = await emailSendingSetup(request, token);
    return emailSending.templateId;
  },
  fillChannel: async (page) => {
    await page.getByTestId('send-sender').fill('Shop');
    await page.getByRole('option', { name: emailSending!.senderLabel }).click();
  },
  recipientsLabel: 'E-mail addresses',
  recipient: 'ada@example.com',
  previewAction: 'GetEmailTemplate',
  submitAction: 'AddEmailSendTask',
});
