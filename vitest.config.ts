import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,bridge,extension,web}/src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
