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

// ---- Across tabs (issue 20): one refresh per browser, and every tab follows the stored session. ----

const REFRESH_LOCK = 'herald.refreshLock';
/** The fallback lease outlives a refresh's 60 s time-out, so a tab closed mid-refresh frees it anyway. */
const LEASE_MS = 65_000;
const LEASE_POLL_MS = 100;

/**
 * Runs `task` while no other tab of this browser runs one under the same lock: the Web Locks API where
 * there is one, else a lease in localStorage (write, read back, wait while another tab holds it).
 */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(REFRESH_LOCK, () => task());
  }
  const owner = Math.random().toString(36).slice(2);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (;;) {
    const [holder, until] = (store.getItem(REFRESH_LOCK) ?? '').split(' ');
    if (!holder || Number(until) < Date.now()) {
      store.setItem(REFRESH_LOCK, `${owner} ${Date.now() + LEASE_MS}`);
      await sleep(LEASE_POLL_MS);
      if (store.getItem(REFRESH_LOCK)?.startsWith(`${owner} `)) break;
    } else await sleep(LEASE_POLL_MS);
  }
  try {
    return await task();
  } finally {
    if (store.getItem(REFRESH_LOCK)?.startsWith(`${owner} `)) store.removeItem(REFRESH_LOCK);
  }
}

const CREDENTIAL_KEYS: readonly string[] = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.loginAt,
  STORAGE_KEYS.adminUserId,
];

/**
 * Calls `listener` with the stored credentials when another tab changes them (a refresh, a sign-in,
 * a sign-out). The storage event fires once per key: the changes of one moment are read once.
 */
export function onStoredCredentialsChange(listener: (credentials: Credentials) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && !CREDENTIAL_KEYS.includes(event.key)) return;
    clearTimeout(pending);
    pending = setTimeout(() => listener(readCredentials()), 0);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    clearTimeout(pending);
    window.removeEventListener('storage', onStorage);
  };
}
