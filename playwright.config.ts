import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: {
    timeout: 15_000,
    // the screens of look.spec.ts: a fixed viewport, bundled Inter and Debian's DejaVu/Liberation fonts keep them stable
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' },
  },
  // the guarded screenshots are the ones the README shows (`npm run screenshots` rewrites them)
  snapshotPathTemplate: 'docs/screenshots/{arg}{ext}',
  fullyParallel: false,
  workers: 2,
  // real Chromium on a loaded two-core machine: one retry, and the list names every test that needed it
  retries: 1,
  reporter: [['list']],
  use: { trace: 'off' },
});
