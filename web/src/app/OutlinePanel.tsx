import { useMemo } from 'react';
import type { Tab } from '../state/types';
import { useServices } from './services';

interface Heading {
  level: number;
  text: string;
  offset: number;
}

/** ATX and setext headings outside fenced code, with their offsets in the source. */
export function headingsOf(markdown: string): Heading[] {
  const headings: Heading[] = [];
  let offset = 0;
  let fence: string | null = null;
  const lines = markdown.split('\n');
  lines.forEach((line, i) => {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) fence = fence === null ? (fenceMatch[1] as string)[0] as string : fence === (fenceMatch[1] as string)[0] ? null : fence;
    else if (fence === null) {
      const atx = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
      const next = lines[i + 1] ?? '';
      if (atx) headings.push({ level: (atx[1] as string).length, text: atx[2] as string, offset });
      else if (line.trim() && /^ {0,3}(=+|-+)\s*$/.test(next) && !/^\s*[-*+]\s/.test(line)) {
        headings.push({ level: next.trim().startsWith('=') ? 1 : 2, text: line.trim(), offset });
      }
    }
    offset += line.length + 1;
  });
  return headings;
}

export function OutlinePanel({ tab, onClose }: { tab: Tab; onClose: () => void }) {
  const { store } = useServices();
  const headings = useMemo(() => (tab.kind === 'markdown' ? headingsOf(tab.content) : []), [tab.content, tab.kind]);
  return (
    <aside className="history-panel" aria-label="Outline">
      <header>
        <h2>Outline</h2>
        <button aria-label="Close outline" onClick={onClose}>
          ×
        </button>
      </header>
      {headings.length === 0 && <p className="muted">No headings.</p>}
      <ul>
        {headings.map((h) => (
          <li key={h.offset} style={{ paddingLeft: `${(h.level - 1) * 12}px` }}>
            <button onClick={() => store.editor(tab.id)?.reveal?.(h.offset)}>{h.text}</button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
