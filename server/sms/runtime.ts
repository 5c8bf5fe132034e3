import type { ServerDeps } from '../context';
import type { CarrierAdapter } from '../providers/carrier';

/** What the SMS work of a worker process needs: the server's dependencies and the carrier. */
export interface SmsRuntime {
  deps: ServerDeps;
  carrier: CarrierAdapter;
}
