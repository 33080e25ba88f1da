// Type stubs for the few Node APIs the tests use: shared/ is type-checked without @types/node.
declare module 'node:fs' {
  export function readFileSync(path: string, encoding: 'utf8'): string;
  export function readdirSync(path: string): string[];
}

interface ImportMeta {
  readonly url: string;
}
