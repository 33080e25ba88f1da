import { useEffect, useRef } from 'react';
import type { LucideIcon } from 'lucide-react';

export interface MenuItem {
  label: string;
  hint?: string;
  icon: LucideIcon;
  disabled?: boolean;
  run(): void;
}

/** A menu at the pointer: arrow keys move, Enter runs, Escape or a click elsewhere closes it. */
export function ContextMenu({ label, at, items, onClose }: { label: string; at: { x: number; y: number }; items: MenuItem[]; onClose: () => void }) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus();
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node)) onClose();
    };
    window.addEventListener('pointerdown', away);
    return () => window.removeEventListener('pointerdown', away);
  }, [onClose]);

  const move = (e: React.KeyboardEvent) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowDown') entries[(index + 1) % entries.length]?.focus();
    else if (e.key === 'ArrowUp') entries[(index - 1 + entries.length) % entries.length]?.focus();
    else return;
    e.preventDefault();
  };

  return (
    <div ref={menu} className="context-menu" role="menu" aria-label={label} style={{ left: at.x, top: at.y }} onKeyDown={move}>
      {items.map(({ label: itemLabel, icon: Icon, disabled, run }) => (
        <button
          key={itemLabel}
          role="menuitem"
          tabIndex={-1}
          disabled={disabled}
          onClick={() => {
            onClose();
            run();
          }}
        >
          <Icon size={15} aria-hidden />
          {itemLabel}
        </button>
      ))}
    </div>
  );
}
