// Edit mode (a selection control on every row, and the actions on those selected) and, on a
// touch screen, a swipe left on a row that shows its Delete.
import { $ } from './dom.js';
import { listAddress } from './requests.js';

/** Swipe left on a row reveals its Delete. One set of listeners for all rows. */
class RowSwipes {
  constructor(list) {
    this.list = list;
    this.gesture = null;     // the swipe under way
    this.openRow = null;     // the row showing its Delete
    this.swallowClick = false;
  }

  close() {
    this.openRow?.classList.remove('swiped');
    this.openRow = null;
  }

  /** The row left the list (deleted): it is no longer the open one. */
  forget(row) {
    if (this.openRow === row) this.openRow = null;
  }

  /** The click that ends a swipe or closes a row must not also follow the row's link. */
  swallowClicksFor(milliseconds) {
    this.swallowClick = true;
    setTimeout(() => { this.swallowClick = false; }, milliseconds);
  }

  start(event) {
    if (event.pointerType === 'mouse' || this.list.classList.contains('editing')) return;
    const row = event.target.closest('.row');
    if (!row || event.target.closest('.row-delete')) return;
    const width = $('.row-delete', row).offsetWidth || 88;
    this.gesture = {
      row, width, id: event.pointerId,
      link: $('.row-link', row),
      button: $('.row-delete', row),
      x: event.clientX, y: event.clientY,
      start: row.classList.contains('swiped') ? -width : 0,
      offset: 0, active: false,
    };
  }

  move(event) {
    const swipe = this.gesture;
    if (!swipe || event.pointerId !== swipe.id) return;
    const dx = event.clientX - swipe.x;
    const dy = event.clientY - swipe.y;
    if (!swipe.active) {
      if (Math.abs(dy) > 10 && Math.abs(dy) > Math.abs(dx)) { this.gesture = null; return; } // a scroll
      if (Math.abs(dx) < 10) return;
      swipe.active = true;
      swipe.row.classList.add('swiping');
      try { swipe.row.setPointerCapture(event.pointerId); } catch { /* pointer already gone */ }
    }
    swipe.offset = Math.min(0, Math.max(-1.5 * swipe.width, swipe.start + dx));
    swipe.link.style.transform = `translateX(${swipe.offset}px)`;
    swipe.button.style.width = Math.max(swipe.width, -swipe.offset) + 'px'; // Delete fills the gap
  }

  end(event) {
    if (!this.gesture || event.pointerId !== this.gesture.id) return;
    const { row, link, button, width, offset, active } = this.gesture;
    this.gesture = null;
    if (!active) return;
    const open = event.type === 'pointerup' && offset < -width / 2;
    // Same frame: drop the drag's transform and set the class, so the CSS transition settles it.
    row.classList.remove('swiping');
    link.style.transform = '';
    button.style.width = '';
    row.classList.toggle('swiped', open);
    this.openRow = open ? row : null;
    this.swallowClicksFor(300);
  }
}

function listenForSwipes(list, swipes) {
  list.addEventListener('pointerdown', (event) => swipes.start(event));
  list.addEventListener('pointermove', (event) => swipes.move(event));
  list.addEventListener('pointerup', (event) => swipes.end(event));
  list.addEventListener('pointercancel', (event) => swipes.end(event));
  // While a row is open, a tap anywhere but on its Delete only closes it.
  document.addEventListener('pointerdown', (event) => {
    const openRow = swipes.openRow;
    if (!openRow || (openRow.contains(event.target) && event.target.closest('.row-delete'))) return;
    swipes.close();
    swipes.swallowClicksFor(600);
  }, true);
  document.addEventListener('click', (event) => {
    if (!swipes.swallowClick) return;
    swipes.swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
}

/** Edit mode on and off, without a reload. */
function toggleEditMode(list, editToggle, swipes) {
  editToggle?.addEventListener('click', (event) => {
    event.preventDefault();
    const on = !list.classList.contains('editing');
    list.classList.toggle('editing', on);
    editToggle.textContent = on ? editToggle.dataset.done : editToggle.dataset.edit;
    editToggle.setAttribute('aria-pressed', String(on));
    editToggle.href = on ? listAddress() : listAddress({ edit: '1' });
    swipes.close();
  });
}

/** Wires Edit and swiping; returns the swipes, to `close()` and `forget(row)` an open row. */
export function initListEditing(list) {
  const swipes = new RowSwipes(list);
  toggleEditMode(list, $('#edit-toggle'), swipes);
  listenForSwipes(list, swipes);
  return swipes;
}
