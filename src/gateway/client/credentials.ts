import type { UserInfo } from '../contract/actions/account';

/** Spec 000 §9: each stored value has one named key. */
export const STORAGE_KEYS = {
  accessToken: 'herald.accessToken',
  refreshToken: 'herald.refreshToken',
  loginAt: 'herald.loginAt',
  adminUserId: 'herald.adminUserId',
  email: 'herald.email',
  userInfo: 'herald.userInfo',
} as const;

export interface Credentials {
  accessToken: string | null;
  refreshToken: string | null;
  /** ms since epoch of the last sign-in or refresh */
  loginAt: number | null;
  adminUserId: number | null;
  email: string | null;
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

let store: KeyValueStore = typeof localStorage === 'undefined' ? memoryStore() : localStorage;

/** Tests run without a browser: give them a fresh in-memory store. */
export function useMemoryCredentialStore(): void {
  store = memoryStore();
}

const numberOrNull = (value: string | null) =>
  value === null || value === '' || Number.isNaN(Number(value)) ? null : Number(value);

export function readCredentials(): Credentials {
  return {
    accessToken: store.getItem(STORAGE_KEYS.accessToken),
    refreshToken: store.getItem(STORAGE_KEYS.refreshToken),
    loginAt: numberOrNull(store.getItem(STORAGE_KEYS.loginAt)),
    adminUserId: numberOrNull(store.getItem(STORAGE_KEYS.adminUserId)),
    email: store.getItem(STORAGE_KEYS.email),
  };
}

export function writeCredentials(credentials: Partial<Credentials>): void {
  for (const [name, value] of Object.entries(credentials) as [keyof Credentials, unknown][]) {
    if (value === null || value === undefined) store.removeItem(STORAGE_KEYS[name]);
    else store.setItem(STORAGE_KEYS[name], String(value));
  }
}

export function readUserInfo(): UserInfo | null {
  try {
    const raw = store.getItem(STORAGE_KEYS.userInfo);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

export function writeUserInfo(info: UserInfo): void {
  store.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
}

/** Sign-out: every stored value goes. */
export function clearCredentials(): void {
  for (const key of Object.values(STORAGE_KEYS)) store.removeItem(key);
}
