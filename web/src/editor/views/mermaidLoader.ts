import type { Mermaid } from 'mermaid';

let loading: Promise<Mermaid> | undefined;
let renders = 0;

/** Mermaid is large: a lazy chunk, loaded with the first diagram. */
function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', suppressErrorRendering: true, theme: dark ? 'dark' : 'default' });
    return mermaid;
  });
  return loading;
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
