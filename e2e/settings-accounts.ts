import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { freshAccount as freshAccountWith, signIn } from './support';

export const PASSWORD = 'Settings-2026';

/** A fresh, activated account with the settings tests' password. */
export const freshAccount = (request: APIRequestContext, prefix: string) => freshAccountWith(request, prefix, PASSWORD);

export async function signInFresh(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const email = await freshAccount(request, prefix);
  await page.goto('/signin');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A new account without a plan meets the once-a-day welcome dialog; it is not what these tests are about.
  const later = page.getByRole('button', { name: 'Later' });
  await later
    .waitFor({ timeout: 5_000 })
    .then(() => later.click())
    .catch(() => undefined);
  return email;
}

const run = promisify(execFile);

/** Runs one of the repository's scripts with tsx, against the e2e server. */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  baseURL: string,
): Promise<{ stdout: string; code: number }> {
  try {
    const { stdout } = await run('npx', ['tsx', script, ...args], {
      env: { ...process.env, HERALD_URL: baseURL, ...env },
      timeout: 60_000,
    });
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; code?: number };
    return { stdout: failed.stdout ?? '', code: failed.code ?? 1 };
  }
}

/** A small valid PNG, padded so each picture has its own bytes. */
export function png(seed: number, padding = 2048): Buffer {
  const header = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
    'hex',
  );
  return Buffer.concat([header, Buffer.alloc(padding, seed)]);
}
