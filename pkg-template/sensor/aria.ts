/**
 * An element's ARIA role and accessible name as the sensor compares them with an action's declared
 * `control: { role, name }` (docs/session.md §33). The common cases of WAI-ARIA's implicit roles and of
 * the accessible-name computation, not all of it: an explicit `role`, the native controls' roles;
 * the name from `aria-labelledby`, `aria-label`, a form control's `<label>`, an input's `value` or
 * `alt`, the element's text, then `title`. White space is collapsed, as the graph stores the name.
 *
 * DOM reads only, on the element given; used by sensor/index.ts.
 */

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image']);

/** The element's role: its explicit `role` (first token), else the native one; '' for none. */
export function roleOf(element: Element): string {
  const explicit = element.getAttribute('role');
  if (explicit !== null && explicit.trim() !== '') return explicit.trim().split(/\s+/)[0]!.toLowerCase();
  switch (element.tagName) {
    case 'BUTTON':
    case 'SUMMARY':
      return 'button';
    case 'A':
    case 'AREA':
      return element.hasAttribute('href') ? 'link' : '';
    case 'INPUT': {
      const type = (element.getAttribute('type') ?? 'text').toLowerCase();
      if (BUTTON_INPUTS.has(type)) return 'button';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'range') return 'slider';
      if (type === 'hidden') return '';
      return 'textbox';
    }
    case 'SELECT':
      return element.hasAttribute('multiple') ? 'listbox' : 'combobox';
    case 'TEXTAREA':
      return 'textbox';
    case 'FORM':
      return 'form';
    case 'OPTION':
      return 'option';
    default:
      return '';
  }
}

function textOf(element: Element): string {
  return collapse(element.textContent ?? '');
}

/** The element's accessible name (see the file comment), white space collapsed; '' for none. */
export function accessibleName(element: Element): string {
  const doc = element.ownerDocument;
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy !== null && doc) {
    const parts = labelledBy
      .split(/\s+/)
      .map((id) => doc.getElementById(id))
      .filter((e): e is HTMLElement => e !== null)
      .map(textOf);
    const joined = collapse(parts.join(' '));
    if (joined !== '') return joined;
  }
  const label = element.getAttribute('aria-label');
  if (label !== null && collapse(label) !== '') return collapse(label);
  const tag = element.tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
    const type = (element.getAttribute('type') ?? '').toLowerCase();
    if (tag === 'INPUT' && BUTTON_INPUTS.has(type)) {
      const value = type === 'image' ? element.getAttribute('alt') : element.getAttribute('value');
      if (value !== null && collapse(value) !== '') return collapse(value);
      if (type === 'submit') return 'Submit';
      if (type === 'reset') return 'Reset';
    }
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return collapse(Array.from(labels, textOf).join(' '));
  } else {
    const text = textOf(element);
    if (text !== '') return text;
  }
  const title = element.getAttribute('title');
  return title === null ? '' : collapse(title);
}
