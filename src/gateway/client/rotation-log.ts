// Issue 20: the tab that rotates the refresh token leaves the new pair where the next tab in line for the
// refresh lock is sure to read it. localStorage is not that place: Chromium keeps a copy of it in each
// tab's process and tells the others of a write later, so a tab that gets the lock a moment after the
// rotation can still read the old token and refresh a second time. IndexedDB is kept by the browser
// process itself: a write whose transaction has completed is what every tab reads next.

const DATABASE = 'herald.session';
const STORE = 'rotations';
/** A rotation older than this is of no use to a waiting tab (the server's reuse grace is 10 s). */
const KEEP_MS = 60_000;

export interface RotatedPair {
  accessToken: string;
  refreshToken: string;
  adminUserId: number | null;
  loginAt: number;
}

interface Rotation {
  from: string;
  pair: RotatedPair;
  at: number;
}

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    // Private windows and locked-down browsers may refuse IndexedDB: the localStorage check still runs.
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

function settle(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => resolve();
    transaction.onabort = () => resolve();
  });
}

/** Records that `from` was rotated into `pair`; resolves once the write is visible to every tab. */
export async function recordRotation(from: string, pair: RotatedPair): Promise<void> {
  const database = await open();
  if (!database) return;
  try {
    const transaction = database.transaction(STORE, 'readwrite');
    transaction.objectStore(STORE).put({ from, pair, at: Date.now() } satisfies Rotation, 'last');
    await settle(transaction);
  } finally {
    database.close();
  }
}

/** The pair `refreshToken` was rotated into by any tab in the last minute, if it was. */
export async function rotationOf(refreshToken: string): Promise<RotatedPair | null> {
  const database = await open();
  if (!database) return null;
  try {
    const transaction = database.transaction(STORE, 'readonly');
    const request = transaction.objectStore(STORE).get('last');
    await settle(transaction);
    const rotation = request.result as Rotation | undefined;
    if (!rotation || rotation.from !== refreshToken || Date.now() - rotation.at > KEEP_MS) return null;
    return rotation.pair;
  } catch {
    return null;
  } finally {
    database.close();
  }
}
