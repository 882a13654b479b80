// Edit mode's round selection controls: a tap anywhere on a row selects it (as on iOS) instead of
// opening the contact; a shift-click selects (or clears) every row from the one clicked last to
// this one, as lists on a desktop do; the bar's actions wait until a row is selected. The form
// and its buttons work without this.
import { $$ } from './dom.js';

/** Enables the bulk form's buttons and menus only while a row is selected. */
function enableActions(list, form) {
  const any = $$('.row-select', list).some((box) => box.checked);
  for (const control of form.querySelectorAll('button, select')) control.disabled = !any;
}

/** Wires selection on the list's row boxes (rows added later included). */
export function initListSelection(list, form) {
  let last = null;
  list.addEventListener('click', (event) => {
    const link = event.target.closest('.row-link');
    if (link && list.classList.contains('editing')) {
      event.preventDefault();
      const box = link.closest('.row')?.querySelector('.row-select');
      if (box) box.click();
      return;
    }
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.classList.contains('row-select')) return;
    if (event.shiftKey && last && last !== box && list.contains(last)) {
      const boxes = $$('.row-select', list);
      const [from, to] = [boxes.indexOf(last), boxes.indexOf(box)].sort((a, b) => a - b);
      for (const other of boxes.slice(from, to + 1)) other.checked = box.checked;
    }
    last = box;
  });
  if (!form) return;
  list.addEventListener('change', () => enableActions(list, form));
  // A page the browser restores keeps the boxes it had checked.
  addEventListener('pageshow', () => enableActions(list, form));
  enableActions(list, form);
}
