import type { ServerDeps } from '../../context';
import { sandboxPaymentProvider, type SandboxProvider } from './sandbox';
import type { PaymentProvider } from './types';

export type { PaymentProvider } from './types';

// One payment provider per server (keyed by its database, like the job runtime), so ServerDeps keeps
// its shape. The sandbox is the default; a real processor's adapter implements the same interface.

interface PaymentsSetup {
  provider: PaymentProvider;
  webhookUrl?: string;
}
const setups = new WeakMap<ServerDeps['database'], PaymentsSetup>();
/** The path of the gateway's own webhook endpoint. */
export const WEBHOOK_PATH = '/webhooks/payments';

function setupFor(deps: Pick<ServerDeps, 'database' | 'clock' | 'config'>): PaymentsSetup {
  let setup = setups.get(deps.database);
  if (!setup) {
    const made: PaymentsSetup = {
      webhookUrl:
        process.env.HERALD_PAYMENTS_WEBHOOK_URL ??
        (deps.config.publicUrl ? `${deps.config.publicUrl}${WEBHOOK_PATH}` : undefined),
      provider: undefined as unknown as PaymentProvider,
    };
    made.provider = sandboxPaymentProvider({
      db: deps.database.db,
      clock: deps.clock,
      secret: process.env.HERALD_PAYMENTS_WEBHOOK_SECRET,
      webhookUrl: () => made.webhookUrl,
      deliveries: Number(process.env.HERALD_PAYMENTS_SANDBOX_DELIVERIES ?? 1),
    });
    setup = made;
    setups.set(deps.database, setup);
  }
  return setup;
}

export function paymentsFor(deps: Pick<ServerDeps, 'database' | 'clock' | 'config'>): PaymentProvider {
  return setupFor(deps).provider;
}

/** The sandbox, when it is the provider (its card-entry and challenge routes are mounted then). */
export function sandboxFor(deps: Pick<ServerDeps, 'database' | 'clock' | 'config'>): SandboxProvider | undefined {
  const provider = paymentsFor(deps);
  return provider.sandbox ? (provider as SandboxProvider) : undefined;
}

/** Where webhooks go once the server listens (main.ts), unless HERALD_PAYMENTS_WEBHOOK_URL says. */
export function setPaymentsWebhookUrl(deps: Pick<ServerDeps, 'database' | 'clock' | 'config'>, url: string): void {
  const setup = setupFor(deps);
  if (!process.env.HERALD_PAYMENTS_WEBHOOK_URL) setup.webhookUrl = url;
}

/** Tests and the bench: a provider of their own (e.g. a sandbox that delivers every webhook twice). */
export function usePaymentProvider(deps: Pick<ServerDeps, 'database'>, provider: PaymentProvider): void {
  const existing = setups.get(deps.database);
  setups.set(deps.database, { provider, webhookUrl: existing?.webhookUrl });
}
