import { isConsolePath } from '../gateway/contract/service-path';
import { DEFAULT_PATH } from './routes';

/** The `service` parameter is only followed to a path of this console, never to another site. */
export function safeServicePath(search: string): string {
  return consolePathOr(new URLSearchParams(search).get('service'));
}

/** A path of this console, or the console's home. */
export function consolePathOr(path: string | null | undefined): string {
  return path && isConsolePath(path) ? path : DEFAULT_PATH;
}

export function signInPathFor(location: string, search: string): string {
  const wanted = search ? `${location}?${search}` : location;
  return `/signin?service=${encodeURIComponent(wanted)}`;
}
