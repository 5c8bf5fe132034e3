import type { ActorRefFrom } from 'xstate';
import type { smsSendMachine } from '../../../machines/sms-send.machine';

/** Every channel's send wizard is the SMS statechart under its own id, so one actor type fits them all. */
export type ChannelSendActor = ActorRefFrom<typeof smsSendMachine>;
