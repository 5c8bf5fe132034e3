import { adPlatformBySlug, type AdPlatform } from '../../gateway/contract/advertising';

/** The platform a per-platform advertising route names (/advertising/<slug>/…), or null for the all-platform ones. */
export function routePlatform(location: string): AdPlatform | null {
  return adPlatformBySlug(location.split('/')[2] ?? '') ?? null;
}
