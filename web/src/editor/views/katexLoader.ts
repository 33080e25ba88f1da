import type katex from 'katex';

export type Katex = typeof katex;

let loading: Promise<Katex> | undefined;

/** KaTeX and its stylesheet (fonts included) as a lazy chunk, loaded with the first math node. */
export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([module]) => module.default);
  return loading;
}

export type TexRendering = { html: string } | { error: string };

/** TeX → KaTeX HTML, or KaTeX's message for TeX it cannot typeset (never throws). */
export function renderTex(katex: Katex, latex: string, displayMode: boolean): TexRendering {
  try {
    return { html: katex.renderToString(latex, { displayMode, throwOnError: true, output: 'htmlAndMathml' }) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
