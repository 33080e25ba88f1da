// ARIA role of an element: the first recognised token of an explicit `role`, else the implicit
// role from the tag (a practical subset of HTML-AAM). `null` means generic or presentational.

const ARIA_ROLES = new Set([
  'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption',
  'cell', 'checkbox', 'code', 'columnheader', 'combobox', 'complementary', 'contentinfo',
  'definition', 'deletion', 'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form',
  'generic', 'grid', 'gridcell', 'group', 'heading', 'img', 'insertion', 'link', 'list', 'listbox',
  'listitem', 'log', 'main', 'marquee', 'math', 'meter', 'menu', 'menubar', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'navigation', 'none', 'note', 'option', 'paragraph',
  'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row', 'rowgroup', 'rowheader',
  'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton', 'status', 'strong',
  'subscript', 'superscript', 'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox',
  'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem',
]);

const NATIVELY_FOCUSABLE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, summary, iframe';
const LANDMARK_SCOPE = 'article, aside, main, nav, section';

export function isNativelyFocusable(element: Element): boolean {
  return element.matches(NATIVELY_FOCUSABLE) || (element as HTMLElement).isContentEditable === true;
}

function explicitRole(element: Element): string | null {
  const attr = element.getAttribute('role');
  if (!attr) return null;
  for (const token of attr.trim().toLowerCase().split(/\s+/)) {
    if (token === 'image') return 'img';
    if (ARIA_ROLES.has(token)) return token;
  }
  return null;
}

// Presentational roles are ignored on focusable elements and on elements with a label, as in
// the ARIA conflict-resolution rules.
function presentationOverridden(element: Element): boolean {
  return (
    isNativelyFocusable(element) ||
    element.hasAttribute('tabindex') ||
    element.hasAttribute('aria-label') ||
    element.hasAttribute('aria-labelledby')
  );
}

function inputRole(input: HTMLInputElement): string | null {
  const hasList = input.hasAttribute('list');
  switch (input.type) {
    case 'hidden':
      return null;
    case 'button':
    case 'submit':
    case 'reset':
    case 'image':
      return 'button';
    case 'checkbox':
      return input.hasAttribute('switch') ? 'switch' : 'checkbox';
    case 'radio':
      return 'radio';
    case 'range':
      return 'slider';
    case 'number':
      return 'spinbutton';
    case 'search':
      return hasList ? 'combobox' : 'searchbox';
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
      return hasList ? 'combobox' : 'textbox';
    default:
      // password, date, color, file … are typed into (or refused) like text fields.
      return 'textbox';
  }
}

function implicitRole(element: Element): string | null {
  switch (element.localName) {
    case 'a':
    case 'area':
      return element.hasAttribute('href') ? 'link' : null;
    case 'button':
      return 'button';
    case 'summary':
      return element.parentElement?.localName === 'details' ? 'button' : null;
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
      return 'heading';
    case 'input':
      return inputRole(element as HTMLInputElement);
    case 'select': {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    case 'textarea':
      return 'textbox';
    case 'img':
      return element.getAttribute('alt') === '' ? null : 'img';
    case 'nav':
      return 'navigation';
    case 'main':
      return 'main';
    case 'aside':
      return 'complementary';
    case 'search':
      return 'search';
    case 'header':
      return element.parentElement?.closest(LANDMARK_SCOPE) ? null : 'banner';
    case 'footer':
      return element.parentElement?.closest(LANDMARK_SCOPE) ? null : 'contentinfo';
    case 'form':
      return 'form';
    case 'section':
      return 'region';
    case 'dialog':
      return 'dialog';
    case 'article':
      return 'article';
    case 'table':
      return 'table';
    case 'figure':
      return 'figure';
    case 'fieldset':
    case 'details':
      return 'group';
    case 'option':
      return 'option';
    case 'progress':
      return 'progressbar';
    case 'meter':
      return 'meter';
    case 'output':
      return 'status';
    default:
      return null;
  }
}

export function roleOf(element: Element): string | null {
  const explicit = explicitRole(element);
  if (explicit === 'none' || explicit === 'presentation') {
    return presentationOverridden(element) ? implicitOrEditable(element) : null;
  }
  if (explicit === 'generic') return null;
  return explicit ?? implicitOrEditable(element);
}

function implicitOrEditable(element: Element): string | null {
  const html = element as HTMLElement;
  if (html.isContentEditable && !(element.parentElement as HTMLElement | null)?.isContentEditable) {
    return 'textbox';
  }
  return implicitRole(element);
}
