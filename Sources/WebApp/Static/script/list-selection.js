// Edit mode's checkboxes: a shift-click checks (or unchecks) every row from the one clicked last
// to this one, as lists on a desktop do. The form and its buttons work without this.

/** Wires range selection on the list's row checkboxes (rows added later included). */
export function initListSelection(list) {
  let last = null;
  list.addEventListener('click', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.classList.contains('row-select')) return;
    if (event.shiftKey && last && last !== box && list.contains(last)) {
      const boxes = Array.from(list.querySelectorAll('.row-select'));
      const [from, to] = [boxes.indexOf(last), boxes.indexOf(box)].sort((a, b) => a - b);
      for (const other of boxes.slice(from, to + 1)) other.checked = box.checked;
    }
    last = box;
  });
}
