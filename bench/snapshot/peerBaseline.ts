/**
 * Recorded peer figures from the kit's reference/snapshot-baseline.md (run 1, 2026-11-29, same 16
 * pages, Chromium 156, o200k): @playwright/mcp 0.0.83 `browser_snapshot` and chrome-devtools-mcp
 * 1.11.0 `take_snapshot`, full response text. Shown only when a peer cannot start in this run.
 */
export interface PeerFigures {
  playwrightTokens: number;
  playwrightMs: number;
  devtoolsTokens: number;
  devtoolsMs: number;
}

export const PEER_BASELINE: Record<string, PeerFigures> = {
  wikipedia: { playwrightTokens: 56_694, playwrightMs: 269, devtoolsTokens: 55_071, devtoolsMs: 672 },
  'wikipedia-2': { playwrightTokens: 205_004, playwrightMs: 944, devtoolsTokens: 200_737, devtoolsMs: 3005 },
  'guardian-1': { playwrightTokens: 12_157, playwrightMs: 133, devtoolsTokens: 9_110, devtoolsMs: 162 },
  'nytimes-1': { playwrightTokens: 14_639, playwrightMs: 147, devtoolsTokens: 8_409, devtoolsMs: 213 },
  'bbc-1': { playwrightTokens: 25_641, playwrightMs: 223, devtoolsTokens: 11_534, devtoolsMs: 272 },
  cnn: { playwrightTokens: 10_130, playwrightMs: 257, devtoolsTokens: 7_738, devtoolsMs: 133 },
  'lwn-1': { playwrightTokens: 15_457, playwrightMs: 98, devtoolsTokens: 12_080, devtoolsMs: 187 },
  'medium-1': { playwrightTokens: 6_349, playwrightMs: 57, devtoolsTokens: 5_506, devtoolsMs: 70 },
  'firefox-nightly-blog': { playwrightTokens: 15_862, playwrightMs: 89, devtoolsTokens: 11_362, devtoolsMs: 219 },
  'gitlab-blog': { playwrightTokens: 3_824, playwrightMs: 55, devtoolsTokens: 3_627, devtoolsMs: 43 },
  'google-sre-book-1': { playwrightTokens: 11_728, playwrightMs: 63, devtoolsTokens: 9_938, devtoolsMs: 87 },
  mercurial: { playwrightTokens: 12_846, playwrightMs: 97, devtoolsTokens: 11_803, devtoolsMs: 115 },
  'ietf-1': { playwrightTokens: 17_190, playwrightMs: 70, devtoolsTokens: 19_894, devtoolsMs: 170 },
  wordpress: { playwrightTokens: 13_330, playwrightMs: 374, devtoolsTokens: 11_203, devtoolsMs: 89 },
  aclu: { playwrightTokens: 14_354, playwrightMs: 186, devtoolsTokens: 11_178, devtoolsMs: 106 },
  'archive-of-our-own': { playwrightTokens: 166_420, playwrightMs: 774, devtoolsTokens: 177_958, devtoolsMs: 1306 },
};

/** 0.5 × playwright-mcp's per-page median (snapshot-baseline.md, "Key figures"). */
export const TARGET_MEDIAN_TOKENS = 7_248;
export const MCP_RESPONSE_CAP_TOKENS = 25_000;
