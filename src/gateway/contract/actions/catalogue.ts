// Every Action of spec 000 §7, grouped by area, built or not. The server answers an Action that is
// listed here but has no schema yet with RetCode.NotImplemented; one not listed at all is UnknownAction.
export const ACTION_CATALOGUE = {
  account: [
    'LoginByPassword', 'RegisterAdminUser', 'SendRegisterPhoneCodeV1', 'LogoutToken', 'ActivateAdminUser',
    'GetUserInfo', 'ChangeEmail', 'SendCurrentEmailVerificationCode', 'UpdateUser', 'SendActivateEmail',
    'SendResetPasswordEmail', 'ResetPassword', 'GetEmailByKey', 'CreateAccessKey', 'ListAccessKeys',
    'ChangePassword', 'SendChangeEmail', 'GetSocialMediaAuthUrl', 'LoginBySocialMedia', 'RegisterBySocialMedia',
    'LoginBindSocialMedia', 'RefreshToken',
  ],
  billing: [
    'CreateSetupIntent', 'GetCardWalletList', 'GetBalance', 'GetTransactionList', 'CreateInpourPayment',
    'GetOrderAmountStatistics', 'GetUSMSBillStatistics', 'GetAccountVerifyCode', 'GetBalanceAlarm',
    'UpdateBalanceAlarmThreshold',
  ],
  tickets: [
    'GetTicketList', 'CreateTicket', 'CreateComment', 'GetTicketInfo', 'SolvedTicket', 'UploadAttachFile',
    'GetNewReplyList', 'GetCDPTags',
  ],
  subscriptions: [
    'DescribeSubscriptionBuyRecord', 'DescribeSubscriptionPackage', 'GetSubscriptionPackagePrice',
    'BuySubscriptionPackage', 'UpgradeSubscriptionPackage',
  ],
  marketing: [
    'ListMKTPlan', 'SaveMKTPlan', 'DeleteMKTPlan', 'GetMKTPlan', 'SendMKTPlanExample', 'QueryPlanNameCheck',
    'ContentGeneration', 'GetImageInfo', 'CreateAIGCContentGenerationTask', 'GetAIGCContentGenerationTaskResult',
    'ListTGTask', 'GetSMMTGFrequentChatId', 'DeleteSMMTGTask', 'CreateTGTask', 'GetMediaFileSign', 'GetMKTPlanTask',
    'GetPlainInsight', 'GetSEQ2Insight', 'ListCalendarEvent',
  ],
  sms: [
    'ListProjects', 'GetTimeZones', 'GetCountryCodeList', 'GetUSMSSendStatistics', 'GetUSMSTemplate',
    'CreateUSMSTemplate', 'UpdateUSMSTemplate', 'DeleteUSMSTemplate', 'GetUSMSSendRecord',
    'GetUSMSSendReceiptCodeStatistics', 'DescribeUSMSTaskStatus', 'AddUSMSSendTask', 'GetUSMSPreviewSmsContent',
    'GetUSMSSendTask', 'CancelUSMSSendTask', 'CreateUSMSSendCountAlarmRule', 'UpdateUSMSSendCountAlarmRule',
    'DeleteUSMSSendCountAlarmRule', 'DescribeUSMSSendCountAlarmRule', 'CreateUSMSLimitAlarmRule',
    'UpdateUSMSLimitAlarmRule', 'GetUSMSLimitAlarmRule', 'GetUSMSPrice', 'GetUSMSCallback', 'SetUSMSCallback',
    'GetUSMSExperientialInfo', 'AddUSMSExperientialPhone', 'SendUSMSExperientialMessage', 'SaveUSMSTag',
    'AddUSMSExportSendRecordTask', 'GetUSMSExportSendRecord', 'GetUSMSExportSendRecordFile', 'QueryUSMSTemplate',
    'PreviewUSMSTemplateInfo', 'DescribeUSMSSendTaskStatistics',
  ],
} as const;

export type CatalogueArea = keyof typeof ACTION_CATALOGUE;
export type CatalogueActionName = (typeof ACTION_CATALOGUE)[CatalogueArea][number];
