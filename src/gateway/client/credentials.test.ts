import { describe, expect, it } from 'vitest';
import { useMemoryCredentialStore, withRefreshLock } from './credentials';

useMemoryCredentialStore();

// Where the Web Locks API is missing (as in Node here), a lease in storage serialises the refreshes.
describe('withRefreshLock, the storage-lease fallback', () => {
  it('runs one task at a time and gives each its own result', async () => {
    expect(typeof navigator === 'undefined' || !navigator.locks).toBe(true);
    const running: number[] = [];
    let overlapped = false;
    const task = (id: number) => async () => {
      if (running.length > 0) overlapped = true;
      running.push(id);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running.pop();
      return id;
    };
    const results = await Promise.all([1, 2, 3].map((id) => withRefreshLock(task(id))));
    expect(results).toEqual([1, 2, 3]);
    expect(overlapped).toBe(false);
  });

  it('lets the lease go when the task fails', async () => {
    await expect(withRefreshLock(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(withRefreshLock(async () => 'next')).resolves.toBe('next');
  });
});
