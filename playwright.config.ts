import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  // real Chromium on a loaded two-core machine: one retry, and the list names every test that needed it
  retries: 1,
  reporter: [['list']],
  use: { trace: 'off' },
});
