import type { ChannelDescription } from './channel';
import { emailChannel } from './email';
import { mmsChannel } from './mms';
import { smsChannel } from './sms';
import { voiceChannel } from './voice';
import { whatsappChannel } from './whatsapp';

// Every channel the kernel runs, by id. A new channel is one description added here.
const channels = new Map<string, ChannelDescription>([
  [smsChannel.id, smsChannel],
  [mmsChannel.id, mmsChannel],
  [emailChannel.id, emailChannel],
  [voiceChannel.id, voiceChannel],
  [whatsappChannel.id, whatsappChannel],
]);

export function channelOf(id: string): ChannelDescription {
  const channel = channels.get(id);
  if (!channel) throw new Error(`unknown channel "${id}"`);
  return channel;
}

export function allChannels(): ChannelDescription[] {
  return [...channels.values()];
}

/** Adds a channel at run time: the kernel tests' test-only channel. */
export function registerChannel(channel: ChannelDescription): void {
  channels.set(channel.id, channel);
}
