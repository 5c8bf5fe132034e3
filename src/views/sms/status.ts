// How each SMS status looks: a label key in the sms namespace and a badge tone. Which actions a
// status allows is the lifecycle machines' business, never decided here. Task, template and message
// statuses are shared with MMS (common/channel-status).
export { messageResultView, TASK_STATUS_VALUES, taskStatusView, templateStatusView } from '../common/channel-status';
