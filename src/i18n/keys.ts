import type { Resources } from './resources';

type Paths<T> = {
  [K in keyof T & string]: T[K] extends Record<string, unknown> ? `${K}.${Paths<T[K]>}` : K;
}[keyof T & string];

/** Every translation key as `namespace:path`, checked against the English files. */
export type TranslationKey = { [NS in keyof Resources]: `${NS}:${Paths<Resources[NS]>}` }[keyof Resources];
