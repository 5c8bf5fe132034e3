import type { ServerDeps } from '../context';
import { sandboxTemplatePlatform } from './sandbox-platform';
import type { WaTemplateDeps } from './store';

// Where the template platform comes from: the sandbox until the WhatsApp Graph adapter is wired in
// (docs/decisions.md "WhatsApp templates").
export function waTemplateDeps(deps: Pick<ServerDeps, 'database' | 'clock' | 'jobs'>): WaTemplateDeps {
  return { ...deps, platform: sandboxTemplatePlatform(deps.database.db, deps.clock) };
}
