import { DEFAULT_PATH } from './routes';

/** The `service` parameter is only followed to a path of this console, never to another site. */
export function safeServicePath(search: string): string {
  const service = new URLSearchParams(search).get('service');
  if (!service || !service.startsWith('/') || service.startsWith('//') || service.startsWith('/\\'))
    return DEFAULT_PATH;
  return service;
}

export function signInPathFor(location: string, search: string): string {
  const wanted = search ? `${location}?${search}` : location;
  return `/signin?service=${encodeURIComponent(wanted)}`;
}
