import type { ServerDeps } from '../context';
import type { WaAgentDeps } from './store';

// What the agent campaign domain needs of the server: the database, the clock and the job queue.
export const waAgentDepsOf = (deps: Pick<ServerDeps, 'database' | 'clock' | 'jobs'>): WaAgentDeps => deps;
