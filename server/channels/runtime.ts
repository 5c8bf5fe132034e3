import type { ServerDeps } from '../context';
import type { ChannelDescription, ChannelProvider } from './channel';

/** What the kernel's jobs in a working process need: the server's dependencies and each channel's provider. */
export interface ChannelRuntime {
  deps: ServerDeps;
  providerOf(channel: ChannelDescription): ChannelProvider;
}
