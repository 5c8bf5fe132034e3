import { expect, test } from '@playwright/test';
import { signIn } from './support';

// Issue 19 item 7: the built console runs under the gateway's Content-Security-Policy (no inline
// script): signing in, the dashboard and the flows inspector (its layout runs in a worker) raise no
// CSP violation.
test('the console works under the CSP, with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|create)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Refused to load (CSP ${event.violatedDirective}): ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} on ${location.pathname}`,
      ),
    );
  });

  const response = await page.goto('/signin');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // The built index.html has no inline script: every script is loaded by URL.
  const inline = await page.locator('script:not([src])').count();
  expect(inline).toBe(0);

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/flows/session');
  await expect(page.getByTestId('flow-diagram').locator('[data-state-id]').first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/sms/sending');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
