import type { Mermaid } from 'mermaid';

let loading: Promise<Mermaid> | undefined;
let renders = 0;
let initializedTheme: MermaidTheme | undefined;

type MermaidTheme = 'dark' | 'default';

const darkScheme = (): MediaQueryList | undefined => window.matchMedia?.('(prefers-color-scheme: dark)');
const currentTheme = (): MermaidTheme => (darkScheme()?.matches ? 'dark' : 'default');

/** Mermaid is large: a lazy chunk, loaded with the first diagram; set to the current light or dark theme. */
async function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => mermaid);
  const mermaid = await loading;
  const theme = currentTheme();
  if (theme !== initializedTheme) {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', suppressErrorRendering: true, theme });
    initializedTheme = theme;
  }
  return mermaid;
}

/** Calls `redraw` when the system switches between light and dark; returns the unsubscribe. */
export function onColorSchemeChange(redraw: () => void): () => void {
  const query = darkScheme();
  query?.addEventListener('change', redraw);
  return () => query?.removeEventListener('change', redraw);
}

export type DiagramRendering = { svg: string } | { error: string };

/** A diagram's SVG, or Mermaid's message for a diagram it cannot draw (never throws). */
export async function renderDiagram(text: string): Promise<DiagramRendering> {
  let mermaid: Mermaid;
  try {
    mermaid = await loadMermaid();
  } catch (error) {
    loading = undefined;
    return { error: `Mermaid could not be loaded: ${messageOf(error)}` };
  }
  const id = `vmark-mermaid-${++renders}`;
  try {
    return { svg: (await mermaid.render(id, text)).svg };
  } catch (error) {
    return { error: messageOf(error) };
  } finally {
    // a failed render can leave its scratch element in the page
    document.getElementById(id)?.remove();
    document.getElementById(`d${id}`)?.remove();
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}
