import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// STACK.md: use Debian's Chromium with these flags; on a laptop without it, Playwright's own browser.
const systemChromium = '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// Each run gets its own port, database folder and console build, so two runs never share state.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
const dataDir = `.data-e2e-${E2E_PORT}`;
const distDir = `dist-e2e-${E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // one retry everywhere: a test that passes on its retry is reported as flaky, not hidden
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    locale: 'en-US',
    launchOptions: existsSync(systemChromium) ? { executablePath: systemChromium, args: chromiumArgs } : {},
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A fresh embedded database per run: the run proves first-start migration and seeding too.
    command: `rm -rf ${dataDir} && npx vite build --logLevel warn --outDir ${distDir} && tsx server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    // the build and the first start: ~1 min on a quiet 2-core machine, over 3 min at load 12
    timeout: 600_000,
    reuseExistingServer: false,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      HERALD_TEST_CLOCK: '1',
      HERALD_DEV_TOOLS: '1',
      HERALD_E2E_FIXTURES: '1',
      // Fixture accounts have documented passwords: the server refuses them unless it listens on loopback.
      HOST: '127.0.0.1',
      HERALD_ALLOW_PRIVATE_CALLBACKS: '1',
      SMS_TEMPLATE_REVIEW_DELAY_MS: '1500',
      SMS_CARRIER_LATENCY_MS: '500',
      // the sandbox ad platforms' review and top-up delays (docs/decisions.md "Advertising")
      HERALD_AD_REVIEW_DELAY_MS: '1000',
      HERALD_AD_RECHARGE_DELAY_MS: '1500',
      HERALD_AD_OPERATION_DELAY_MS: '1000',
      // the spend sweep (daily figures paid from the balances) every 2 s: the data report reads what it wrote
      HERALD_AD_STATS_SWEEP_MS: '2000',
      // the sandbox Marketing API reviews a Facebook ad in 1 s (docs/decisions.md "Facebook campaigns, ad sets and ads")
      HERALD_FB_AD_REVIEW_DELAY_MS: '1000',
      // the smart inbox reads the sandbox bots' new messages every second (docs/decisions.md "Smart inbox")
      TELEGRAM_INBOX_POLL_MS: '1000',
      SOCIAL_INBOX_POLL_MS: '1000',
      // e-mail domains verify against a loopback DNS server whose records the tests set (PUT /dev/dns)
      HERALD_DNS_SANDBOX: '1',
      // the sandbox AI answers in 0.3 s ([slow] still takes 30 s; docs/decisions.md "AI text")
      HERALD_AI_SANDBOX_DELAY_MS: '300',
      // an AI image takes 5 s: the creative page's wait, resume after a reload and still-running poll are seen
      HERALD_AI_IMAGE_SANDBOX_DELAY_MS: '5000',
      // the sandbox WhatsApp template platform reviews in 1 s (docs/decisions.md "WhatsApp templates")
      WA_TEMPLATE_REVIEW_DELAY_MS: '1000',
      // social statistics are pulled every 3 s (docs/decisions.md "Post statistics and social sign-in")
      SOCIAL_STATS_PULL_MS: '3000',
    },
    stdout: 'pipe',
  },
});
