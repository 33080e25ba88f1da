import type { createLowlight } from 'lowlight';

export type Lowlight = ReturnType<typeof createLowlight>;

let instance: Lowlight | undefined;
let loading: Promise<Lowlight> | undefined;

/** The highlighter once loaded; undefined before (it is a lazy chunk, not part of startup). */
export function loadedLowlight(): Lowlight | undefined {
  return instance;
}

/** Loads lowlight with highlight.js's common grammars (about 35 languages) once. */
export function loadLowlight(): Promise<Lowlight> {
  loading ??= import('lowlight').then(({ createLowlight, common }) => (instance = createLowlight(common)));
  return loading;
}
