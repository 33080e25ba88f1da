/** Builds dist/page.js (ISOLATED world, defines globalThis.__vmarkPage) and dist/consoleShim.js (MAIN world) into `outDir`. */
export declare function buildPageScripts(outDir: string): Promise<{ page: string; consoleShim: string }>;
