import type { AnyStateMachine } from 'xstate';
import type { TranslationKey } from '../i18n/keys';
import { sessionMachine } from './session.machine';
import { notificationsMachine } from './notifications.machine';
import { subscriptionMachine } from './subscription.machine';
import { upgradePromptMachine } from './upgrade-prompt.machine';
import { signInMachine } from './signin.machine';
import { resendCountdownMachine } from './resend-countdown.machine';
import { resendMachine } from './resend.machine';
import { signUpMachine } from './signup.machine';
import { retrieveMachine } from './retrieve.machine';
import { resetPasswordMachine } from './reset-password.machine';
import { activationMachine } from './activation.machine';
import { smsTemplateMachine } from './lifecycles/sms-template.machine';
import { emailTemplateMachine } from './lifecycles/email-template.machine';
import { smsTaskMachine } from './lifecycles/sms-task.machine';
import { smsMessageMachine } from './lifecycles/sms-message.machine';
import { emailTaskMachine } from './lifecycles/email-task.machine';
import { emailMessageMachine } from './lifecycles/email-message.machine';
import { uploadMachine } from './upload.machine';
import { ticketComposeMachine } from './ticket-compose.machine';
import { shortLinkCreateMachine } from './short-link-create.machine';
import { aigcGenerationMachine } from './aigc-generation.machine';
import { emailChangeMachine } from './email-change.machine';
import { ticketLifecycle } from './lifecycles/ticket.machine';
import { smsSendMachine } from './sms-send.machine';
import { smsTemplateEditorMachine } from './sms-template-editor.machine';
import { emailTemplateEditorMachine } from './email-template-editor.machine';
import { smsExperienceMachine } from './sms-experience.machine';
import { smsTaskCancelMachine } from './sms-task-cancel.machine';
import { smsTrialSendMachine } from './sms-trial-send.machine';
import { packagePurchaseMachine } from './package-purchase.machine';
import { checkoutMachine } from './checkout.machine';
import { cardBindingMachine } from './card-binding.machine';
import { voiceAudioMachine } from './lifecycles/voice-audio.machine';
import { voiceTemplateMachine } from './lifecycles/voice-template.machine';
import { voiceTaskMachine } from './lifecycles/voice-task.machine';
import { vmsTemplateEditorMachine } from './vms-template-editor.machine';
import { contactImportMachine } from './contact-import.machine';
import { mmsSendMachine } from './mms-send.machine';
import { vmsSendMachine } from './vms-send.machine';
import { vmsTaskCancelMachine } from './vms-task-cancel.machine';
import { mmsTemplateEditorMachine } from './mms-template-editor.machine';
import { mmsTaskCancelMachine } from './mms-task-cancel.machine';
import { waTaskCancelMachine } from './wa-task-cancel.machine';
import { waSendMachine } from './wa-send.machine';
import { emailDomainVerifyMachine } from './email-domain-verify.machine';
import { emailDomainMachine } from './lifecycles/email-domain.machine';
import { emailSenderMachine } from './lifecycles/email-sender.machine';
import { workflowCanvasMachine } from './workflow-canvas.machine';
import { emailSendMachine } from './email-send.machine';
import { emailTaskCancelMachine } from './email-task-cancel.machine';
import { workflowMachine } from './lifecycles/workflow.machine';
import { tgPostMachine } from './lifecycles/tg-post.machine';
import { socialPostMachine } from './lifecycles/social-post.machine';
import { socialPostComposerMachine } from './social-post-composer.machine';
import { mktPlanMachine } from './lifecycles/mkt-plan.machine';
import { campaignMachine } from './lifecycles/campaign.machine';
import { emailCampaignMachine, smsCampaignMachine } from './campaign-editor.machine';
import { campaignApplyMachine } from './campaign-apply.machine';
import { inboxMessageMachine } from './lifecycles/inbox-message.machine';
import { templateReplyMachine } from './template-reply.machine';
import { waTemplateMachine } from './lifecycles/wa-template.machine';
import { waTemplateEditorMachine } from './wa-template-editor.machine';
import { waAgentTaskMachine } from './lifecycles/wa-agent-task.machine';
import { waAgentCreateMachine } from './wa-agent-create.machine';
import { planApplyMachine } from './plan-apply.machine';
import { mktPlanEditorMachine } from './mkt-plan-editor.machine';
import { tgPostComposerMachine } from './tg-post-composer.machine';
import { whatsappSignUpMachine } from './whatsapp-sign-up.machine';
import { socialSignInMachine } from './social-signin.machine';
import { adAccountMachine } from './lifecycles/ad-account.machine';
import { adOperationMachine } from './lifecycles/ad-operation.machine';
import { adOpeningMachine } from './ad-opening.machine';
import { fbCampaignMachine } from './lifecycles/fb-campaign.machine';
import { fbAdSetMachine } from './lifecycles/fb-adset.machine';
import { fbAdMachine } from './lifecycles/fb-ad.machine';
import { fbAdCreateMachine } from './fb-ad-create.machine';
import { emailAiMachine } from './email-ai.machine';
import { smsAiMachine } from './sms-ai.machine';
import { calendarRescheduleMachine } from './calendar-reschedule.machine';
import { workflowSimulationMachine } from './workflow-simulation.machine';

export interface MachineEntry {
  /** equals the machine's own id */
  id: string;
  machine: AnyStateMachine;
  title: TranslationKey;
  description: TranslationKey;
  /** the spec area it belongs to (groups the inspector's list) */
  area:
    | 'account'
    | 'shell'
    | 'billing'
    | 'tickets'
    | 'uploads'
    | 'settings'
    | 'sms'
    | 'mms'
    | 'voice'
    | 'audience'
    | 'email'
    | 'mkthub'
    | 'whatsapp'
    | 'tools'
    | 'advertising';
  /** lifecycle: a pure status machine shared with the server; screen: drives a view */
  kind: 'screen' | 'lifecycle';
}

/**
 * Every machine of the console. Adding a machine here is the one step that puts it in the flows
 * inspector, in `npm run paths`, and under the check that it has a model-based test.
 */
export const machineRegistry: MachineEntry[] = [
  {
    id: 'session',
    machine: sessionMachine,
    title: 'flows:machines.session.title',
    description: 'flows:machines.session.description',
    area: 'account',
    kind: 'screen',
  },
  {
    id: 'signIn',
    machine: signInMachine,
    title: 'flows:machines.signIn.title',
    description: 'flows:machines.signIn.description',
    area: 'account',
    kind: 'screen',
  },
  {
    id: 'resendCountdown',
    machine: resendCountdownMachine,
    title: 'flows:machines.resendCountdown.title',
    description: 'flows:machines.resendCountdown.description',
    area: 'account',
    kind: 'screen',
  },
  {
    id: 'resend',
    machine: resendMachine,
    title: 'flows:machines.resend.title',
    description: 'flows:machines.resend.description',
    area: 'account',
    kind: 'screen',
  },
  {
    id: 'signUp',
    machine: signUpMachine,
    title: 'flows:machines.signUp.title',
    description: 'flows:machines.signUp.description',
    area: 'account',
    kind: 'screen',
  },
  {
    id: 'retrieve',
    machine: retrieveMachine,
    title: 'flows:machines.retrieve.title',
    description: 'flows:machines.retrieve.description',
    area: 'account',
    kind: 'screen',
  },
  {
    id: 'resetPassword',
    machine: resetPasswordMachine,
    title: 'flows:machines.resetPassword.title',
    description: 'flows:machines.resetPassword.description',
    area: 'account',
    kind: 'screen',
  },
  {
    id: 'activation',
    machine: activationMachine,
    title: 'flows:machines.activation.title',
    description: 'flows:machines.activation.description',
    area: 'account',
    kind: 'screen',
  },
  {
    id: 'notifications',
    machine: notificationsMachine,
    title: 'flows:machines.notifications.title',
    description: 'flows:machines.notifications.description',
    area: 'shell',
    kind: 'screen',
  },
  {
    id: 'subscription',
    machine: subscriptionMachine,
    title: 'flows:machines.subscription.title',
    description: 'flows:machines.subscription.description',
    area: 'billing',
    kind: 'screen',
  },
  {
    id: 'upgradePrompt',
    machine: upgradePromptMachine,
    title: 'flows:machines.upgradePrompt.title',
    description: 'flows:machines.upgradePrompt.description',
    area: 'billing',
    kind: 'screen',
  },
  {
    id: 'emailTemplate',
    machine: emailTemplateMachine,
    title: 'flows:machines.emailTemplate.title',
    description: 'flows:machines.emailTemplate.description',
    area: 'email',
    kind: 'lifecycle',
  },
  {
    id: 'emailTask',
    machine: emailTaskMachine,
    title: 'flows:machines.emailTask.title',
    description: 'flows:machines.emailTask.description',
    area: 'email',
    kind: 'lifecycle',
  },
  {
    id: 'emailMessage',
    machine: emailMessageMachine,
    title: 'flows:machines.emailMessage.title',
    description: 'flows:machines.emailMessage.description',
    area: 'email',
    kind: 'lifecycle',
  },
  {
    id: 'smsTemplate',
    machine: smsTemplateMachine,
    title: 'flows:machines.smsTemplate.title',
    description: 'flows:machines.smsTemplate.description',
    area: 'sms',
    kind: 'lifecycle',
  },
  {
    id: 'smsTask',
    machine: smsTaskMachine,
    title: 'flows:machines.smsTask.title',
    description: 'flows:machines.smsTask.description',
    area: 'sms',
    kind: 'lifecycle',
  },
  {
    id: 'smsMessage',
    machine: smsMessageMachine,
    title: 'flows:machines.smsMessage.title',
    description: 'flows:machines.smsMessage.description',
    area: 'sms',
    kind: 'lifecycle',
  },
  {
    id: 'upload',
    machine: uploadMachine,
    title: 'flows:machines.upload.title',
    description: 'flows:machines.upload.description',
    area: 'uploads',
    kind: 'screen',
  },
  {
    id: 'ticketCompose',
    machine: ticketComposeMachine,
    title: 'flows:machines.ticketCompose.title',
    description: 'flows:machines.ticketCompose.description',
    area: 'tickets',
    kind: 'screen',
  },
  {
    id: 'ticketLifecycle',
    machine: ticketLifecycle,
    title: 'flows:machines.ticketLifecycle.title',
    description: 'flows:machines.ticketLifecycle.description',
    area: 'tickets',
    kind: 'lifecycle',
  },
  {
    id: 'emailChange',
    machine: emailChangeMachine,
    title: 'flows:machines.emailChange.title',
    description: 'flows:machines.emailChange.description',
    area: 'settings',
    kind: 'screen',
  },
  {
    id: 'smsSend',
    machine: smsSendMachine,
    title: 'flows:machines.smsSend.title',
    description: 'flows:machines.smsSend.description',
    area: 'sms',
    kind: 'screen',
  },
  {
    id: 'smsTemplateEditor',
    machine: smsTemplateEditorMachine,
    title: 'flows:machines.smsTemplateEditor.title',
    description: 'flows:machines.smsTemplateEditor.description',
    area: 'sms',
    kind: 'screen',
  },
  {
    id: 'emailTemplateEditor',
    machine: emailTemplateEditorMachine,
    title: 'flows:machines.emailTemplateEditor.title',
    description: 'flows:machines.emailTemplateEditor.description',
    area: 'email',
    kind: 'screen',
  },
  {
    id: 'mmsSend',
    machine: mmsSendMachine,
    title: 'flows:machines.mmsSend.title',
    description: 'flows:machines.mmsSend.description',
    area: 'mms',
    kind: 'screen',
  },
  {
    id: 'vmsSend',
    machine: vmsSendMachine,
    title: 'flows:machines.vmsSend.title',
    description: 'flows:machines.vmsSend.description',
    area: 'voice',
    kind: 'screen',
  },
  {
    id: 'vmsTaskCancel',
    machine: vmsTaskCancelMachine,
    title: 'flows:machines.vmsTaskCancel.title',
    description: 'flows:machines.vmsTaskCancel.description',
    area: 'voice',
    kind: 'screen',
  },
  {
    id: 'mmsTemplateEditor',
    machine: mmsTemplateEditorMachine,
    title: 'flows:machines.mmsTemplateEditor.title',
    description: 'flows:machines.mmsTemplateEditor.description',
    area: 'mms',
    kind: 'screen',
  },
  {
    id: 'mmsTaskCancel',
    machine: mmsTaskCancelMachine,
    title: 'flows:machines.mmsTaskCancel.title',
    description: 'flows:machines.mmsTaskCancel.description',
    area: 'mms',
    kind: 'screen',
  },
  {
    id: 'waSend',
    machine: waSendMachine,
    title: 'flows:machines.waSend.title',
    description: 'flows:machines.waSend.description',
    area: 'whatsapp',
    kind: 'screen',
  },
  {
    id: 'waTaskCancel',
    machine: waTaskCancelMachine,
    title: 'flows:machines.waTaskCancel.title',
    description: 'flows:machines.waTaskCancel.description',
    area: 'whatsapp',
    kind: 'screen',
  },
  {
    id: 'smsExperience',
    machine: smsExperienceMachine,
    title: 'flows:machines.smsExperience.title',
    description: 'flows:machines.smsExperience.description',
    area: 'sms',
    kind: 'screen',
  },
  {
    id: 'smsTaskCancel',
    machine: smsTaskCancelMachine,
    title: 'flows:machines.smsTaskCancel.title',
    description: 'flows:machines.smsTaskCancel.description',
    area: 'sms',
    kind: 'screen',
  },
  {
    id: 'smsTrialSend',
    machine: smsTrialSendMachine,
    title: 'flows:machines.smsTrialSend.title',
    description: 'flows:machines.smsTrialSend.description',
    area: 'sms',
    kind: 'screen',
  },
  {
    id: 'packagePurchase',
    machine: packagePurchaseMachine,
    title: 'flows:machines.packagePurchase.title',
    description: 'flows:machines.packagePurchase.description',
    area: 'billing',
    kind: 'screen',
  },
  {
    id: 'cardBinding',
    machine: cardBindingMachine,
    title: 'flows:machines.cardBinding.title',
    description: 'flows:machines.cardBinding.description',
    area: 'billing',
    kind: 'screen',
  },
  {
    id: 'checkout',
    machine: checkoutMachine,
    title: 'flows:machines.checkout.title',
    description: 'flows:machines.checkout.description',
    area: 'billing',
    kind: 'screen',
  },
  {
    id: 'voiceAudio',
    machine: voiceAudioMachine,
    title: 'flows:machines.voiceAudio.title',
    description: 'flows:machines.voiceAudio.description',
    area: 'voice',
    kind: 'lifecycle',
  },
  {
    id: 'voiceTemplate',
    machine: voiceTemplateMachine,
    title: 'flows:machines.voiceTemplate.title',
    description: 'flows:machines.voiceTemplate.description',
    area: 'voice',
    kind: 'lifecycle',
  },
  {
    id: 'voiceTask',
    machine: voiceTaskMachine,
    title: 'flows:machines.voiceTask.title',
    description: 'flows:machines.voiceTask.description',
    area: 'voice',
    kind: 'lifecycle',
  },
  {
    id: 'vmsTemplateEditor',
    machine: vmsTemplateEditorMachine,
    title: 'flows:machines.vmsTemplateEditor.title',
    description: 'flows:machines.vmsTemplateEditor.description',
    area: 'voice',
    kind: 'screen',
  },
  {
    id: 'contactImport',
    machine: contactImportMachine,
    title: 'flows:machines.contactImport.title',
    description: 'flows:machines.contactImport.description',
    area: 'audience',
    kind: 'screen',
  },
  {
    id: 'emailSend',
    machine: emailSendMachine,
    title: 'flows:machines.emailSend.title',
    description: 'flows:machines.emailSend.description',
    area: 'email',
    kind: 'screen',
  },
  {
    id: 'emailTaskCancel',
    machine: emailTaskCancelMachine,
    title: 'flows:machines.emailTaskCancel.title',
    description: 'flows:machines.emailTaskCancel.description',
    area: 'email',
    kind: 'screen',
  },
  {
    id: 'emailDomainVerify',
    machine: emailDomainVerifyMachine,
    title: 'flows:machines.emailDomainVerify.title',
    description: 'flows:machines.emailDomainVerify.description',
    area: 'email',
    kind: 'screen',
  },
  {
    id: 'emailDomain',
    machine: emailDomainMachine,
    title: 'flows:machines.emailDomain.title',
    description: 'flows:machines.emailDomain.description',
    area: 'email',
    kind: 'lifecycle',
  },
  {
    id: 'emailSender',
    machine: emailSenderMachine,
    title: 'flows:machines.emailSender.title',
    description: 'flows:machines.emailSender.description',
    area: 'email',
    kind: 'lifecycle',
  },
  {
    id: 'workflowCanvas',
    machine: workflowCanvasMachine,
    title: 'flows:machines.workflowCanvas.title',
    description: 'flows:machines.workflowCanvas.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'workflow',
    machine: workflowMachine,
    title: 'flows:machines.workflow.title',
    description: 'flows:machines.workflow.description',
    area: 'mkthub',
    kind: 'lifecycle',
  },
  {
    id: 'shortLinkCreate',
    machine: shortLinkCreateMachine,
    title: 'flows:machines.shortLinkCreate.title',
    description: 'flows:machines.shortLinkCreate.description',
    area: 'tools',
    kind: 'screen',
  },
  {
    id: 'tgPost',
    machine: tgPostMachine,
    title: 'flows:machines.tgPost.title',
    description: 'flows:machines.tgPost.description',
    area: 'mkthub',
    kind: 'lifecycle',
  },
  {
    id: 'tgPostComposer',
    machine: tgPostComposerMachine,
    title: 'flows:machines.tgPostComposer.title',
    description: 'flows:machines.tgPostComposer.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'socialPost',
    machine: socialPostMachine,
    title: 'flows:machines.socialPost.title',
    description: 'flows:machines.socialPost.description',
    area: 'mkthub',
    kind: 'lifecycle',
  },
  {
    id: 'socialPostComposer',
    machine: socialPostComposerMachine,
    title: 'flows:machines.socialPostComposer.title',
    description: 'flows:machines.socialPostComposer.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'mktPlan',
    machine: mktPlanMachine,
    title: 'flows:machines.mktPlan.title',
    description: 'flows:machines.mktPlan.description',
    area: 'mkthub',
    kind: 'lifecycle',
  },
  {
    id: 'campaign',
    machine: campaignMachine,
    title: 'flows:machines.campaign.title',
    description: 'flows:machines.campaign.description',
    area: 'mkthub',
    kind: 'lifecycle',
  },
  {
    id: 'inboxMessage',
    machine: inboxMessageMachine,
    title: 'flows:machines.inboxMessage.title',
    description: 'flows:machines.inboxMessage.description',
    area: 'mkthub',
    kind: 'lifecycle',
  },
  {
    id: 'templateReply',
    machine: templateReplyMachine,
    title: 'flows:machines.templateReply.title',
    description: 'flows:machines.templateReply.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'waTemplate',
    machine: waTemplateMachine,
    title: 'flows:machines.waTemplate.title',
    description: 'flows:machines.waTemplate.description',
    area: 'whatsapp',
    kind: 'lifecycle',
  },
  {
    id: 'waTemplateEditor',
    machine: waTemplateEditorMachine,
    title: 'flows:machines.waTemplateEditor.title',
    description: 'flows:machines.waTemplateEditor.description',
    area: 'whatsapp',
    kind: 'screen',
  },
  {
    id: 'waAgentTask',
    machine: waAgentTaskMachine,
    title: 'flows:machines.waAgentTask.title',
    description: 'flows:machines.waAgentTask.description',
    area: 'whatsapp',
    kind: 'lifecycle',
  },
  {
    id: 'waAgentCreate',
    machine: waAgentCreateMachine,
    title: 'flows:machines.waAgentCreate.title',
    description: 'flows:machines.waAgentCreate.description',
    area: 'whatsapp',
    kind: 'screen',
  },
  {
    id: 'smsCampaign',
    machine: smsCampaignMachine,
    title: 'flows:machines.smsCampaign.title',
    description: 'flows:machines.smsCampaign.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'emailCampaign',
    machine: emailCampaignMachine,
    title: 'flows:machines.emailCampaign.title',
    description: 'flows:machines.emailCampaign.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'campaignApply',
    machine: campaignApplyMachine,
    title: 'flows:machines.campaignApply.title',
    description: 'flows:machines.campaignApply.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'planApply',
    machine: planApplyMachine,
    title: 'flows:machines.planApply.title',
    description: 'flows:machines.planApply.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'mktPlanEditor',
    machine: mktPlanEditorMachine,
    title: 'flows:machines.mktPlanEditor.title',
    description: 'flows:machines.mktPlanEditor.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'calendarReschedule',
    machine: calendarRescheduleMachine,
    title: 'flows:machines.calendarReschedule.title',
    description: 'flows:machines.calendarReschedule.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'workflowSimulation',
    machine: workflowSimulationMachine,
    title: 'flows:machines.workflowSimulation.title',
    description: 'flows:machines.workflowSimulation.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'adAccount',
    machine: adAccountMachine,
    title: 'flows:machines.adAccount.title',
    description: 'flows:machines.adAccount.description',
    area: 'advertising',
    kind: 'lifecycle',
  },
  {
    id: 'adOperation',
    machine: adOperationMachine,
    title: 'flows:machines.adOperation.title',
    description: 'flows:machines.adOperation.description',
    area: 'advertising',
    kind: 'lifecycle',
  },
  {
    id: 'fbCampaign',
    machine: fbCampaignMachine,
    title: 'flows:machines.fbCampaign.title',
    description: 'flows:machines.fbCampaign.description',
    area: 'advertising',
    kind: 'lifecycle',
  },
  {
    id: 'fbAdSet',
    machine: fbAdSetMachine,
    title: 'flows:machines.fbAdSet.title',
    description: 'flows:machines.fbAdSet.description',
    area: 'advertising',
    kind: 'lifecycle',
  },
  {
    id: 'fbAd',
    machine: fbAdMachine,
    title: 'flows:machines.fbAd.title',
    description: 'flows:machines.fbAd.description',
    area: 'advertising',
    kind: 'lifecycle',
  },
  {
    id: 'fbAdCreate',
    machine: fbAdCreateMachine,
    title: 'flows:machines.fbAdCreate.title',
    description: 'flows:machines.fbAdCreate.description',
    area: 'advertising',
    kind: 'screen',
  },
  {
    id: 'adOpening',
    machine: adOpeningMachine,
    title: 'flows:machines.adOpening.title',
    description: 'flows:machines.adOpening.description',
    area: 'advertising',
    kind: 'screen',
  },
  {
    id: 'emailAi',
    machine: emailAiMachine,
    title: 'flows:machines.emailAi.title',
    description: 'flows:machines.emailAi.description',
    area: 'email',
    kind: 'screen',
  },
  {
    id: 'smsAi',
    machine: smsAiMachine,
    title: 'flows:machines.smsAi.title',
    description: 'flows:machines.smsAi.description',
    area: 'mkthub',
    kind: 'screen',
  },
  {
    id: 'aigcGeneration',
    machine: aigcGenerationMachine,
    title: 'flows:machines.aigcGeneration.title',
    description: 'flows:machines.aigcGeneration.description',
    area: 'tools',
    kind: 'screen',
  },
  {
    id: 'whatsappSignUp',
    machine: whatsappSignUpMachine,
    title: 'flows:machines.whatsappSignUp.title',
    description: 'flows:machines.whatsappSignUp.description',
    area: 'whatsapp',
    kind: 'screen',
  },
  {
    id: 'socialSignIn',
    machine: socialSignInMachine,
    title: 'flows:machines.socialSignIn.title',
    description: 'flows:machines.socialSignIn.description',
    area: 'account',
    kind: 'screen',
  },
];

export function findMachine(id: string): MachineEntry | undefined {
  return machineRegistry.find((entry) => entry.id === id);
}
