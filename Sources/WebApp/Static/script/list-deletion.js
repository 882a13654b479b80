// Deleting a row with an Undo toast. The deleted row stays in the page, hidden, until the toast
// goes: Undo puts it back.
import { $, afterMotion, parse } from './dom.js';
import { fetchRows, LoggedOut, post } from './requests.js';

/** Collapses a row's height to nothing, then hides it (and its section if now empty). */
function collapse(row) {
  row.style.height = row.offsetHeight + 'px';
  row.classList.add('animating');
  void row.offsetHeight;
  row.classList.add('gone');
  row.style.height = '0px';
  afterMotion(row, 300, () => {
    if (!row.classList.contains('gone')) return; // undone meanwhile
    row.hidden = true;
    row.classList.remove('animating');
    row.style.height = '';
    const section = row.closest('section');
    if (section && !$('.row:not([hidden])', section)) section.hidden = true;
  });
}

/** Shows a hidden row again, growing it back to its height. */
function expand(row) {
  const section = row.closest('section');
  if (section) section.hidden = false;
  row.hidden = false;
  row.classList.remove('animating', 'gone');
  row.style.height = '';
  const height = row.offsetHeight;
  row.style.height = '0px';
  row.classList.add('animating', 'gone');
  void row.offsetHeight;
  row.classList.remove('gone');
  row.style.height = height + 'px';
  afterMotion(row, 300, () => {
    if (row.classList.contains('gone')) return;
    row.classList.remove('animating');
    row.style.height = '';
  });
}

/** The response to a POST, or null when it could not be sent. */
async function postOrNull(url, body) {
  try {
    return await post(url, body);
  } catch {
    return null;
  }
}

/** The server's current row for a deleted one, or null when it cannot be had; throws LoggedOut. */
async function fetchFreshRow(list, deleted) {
  try {
    const q = list.dataset.query;
    const page = await fetchRows(new URLSearchParams(q ? { q } : { section: deleted.section }));
    return parse(page.html).querySelector(`.row[data-id="${CSS.escape(deleted.id)}"]`);
  } catch (error) {
    if (error instanceof LoggedOut) throw error;
    return null;
  }
}

/** The Undo toast: up for 5 s, longer while read with the keyboard; `onGone` runs once it went. */
class UndoToast {
  constructor(element, onGone) {
    this.element = element;
    this.onGone = onGone;
    this.timer = 0;
    this.shown = 0; // counts showings, so that a timer of an earlier one does nothing
  }

  show() {
    const shown = ++this.shown;
    this.element.classList.remove('leaving');
    this.element.hidden = false;
    clearTimeout(this.timer);
    this.hideAfter(shown, 5000);
  }

  hideAfter(shown, milliseconds) {
    this.timer = setTimeout(() => this.hide(shown), milliseconds);
  }

  hide(shown = this.shown, force = false) {
    const toast = this.element;
    clearTimeout(this.timer);
    if (toast.hidden || shown !== this.shown) return;
    // Someone reading it with the keyboard keeps it until they move on.
    if (!force && $(':focus-visible', toast)) {
      toast.addEventListener('focusout', () => this.hideAfter(shown, 2000), { once: true });
      return;
    }
    toast.classList.add('leaving');
    afterMotion(toast, 200, () => {
      if (shown !== this.shown) return;
      toast.hidden = true;
      toast.classList.remove('leaving');
      this.onGone();
    });
  }
}

/** Deletes rows through their Delete forms, and puts the last one back on Undo. */
class Deletions {
  constructor(list, rows, swipes, toast, undoButton) {
    this.list = list;
    this.rows = rows;
    this.swipes = swipes;
    this.undoButton = undoButton;
    this.toast = new UndoToast(toast, () => this.finish());
    this.pending = null; // the deleted row { id, row, section } while Undo can bring it back
  }

  /** The toast's time is up (or a new deletion came): the row leaves the page for good. */
  finish() {
    if (!this.pending) return;
    const { row } = this.pending;
    this.pending = null;
    const section = row.closest('section');
    row.remove();
    if (section && !$('.row', section)) section.remove();
  }

  async delete(form) {
    const row = form.closest('.row');
    const button = $('button', form);
    if (button.disabled) return;
    button.disabled = true;
    const hadKeyboardFocus = row.contains(document.activeElement) && document.activeElement.matches(':focus-visible');
    const response = await postOrNull(form.action, new URLSearchParams(new FormData(form)));
    if (response?.status !== 204) {
      // The session or the form's token ended: the plain form shows why.
      button.disabled = false;
      form.submit();
      return;
    }
    this.finish();
    row.classList.remove('swiped');
    this.swipes.forget(row);
    this.pending = { id: row.dataset.id, row, section: row.closest('section')?.dataset.section ?? '' };
    collapse(row);
    this.rows.count.set(Math.max(0, this.rows.count.current - 1));
    this.toast.show();
    if (hadKeyboardFocus) this.undoButton.focus();
  }

  async undo() {
    const deleted = this.pending;
    if (!deleted) return;
    this.pending = null;
    const keyboard = this.undoButton.matches(':focus-visible');
    this.toast.hide(this.toast.shown, true);
    const response = await postOrNull(`/contacts/${deleted.id}/restore`);
    if (response?.status !== 204) { location.reload(); return; }
    // Re-fetch the rows around it, so that what comes back is the server's current row.
    let fresh;
    try {
      fresh = await fetchFreshRow(this.list, deleted);
    } catch {
      location.assign('/login');
      return;
    }
    if (deleted.row.isConnected) this.putBack(deleted.row, fresh, keyboard);
    else this.rows.runSearch(true); // the list was replaced meanwhile: show it afresh
  }

  putBack(row, fresh, keyboard) {
    if (fresh) { row.replaceWith(fresh); row = fresh; fresh.hidden = true; }
    $('.row-delete button', row).disabled = false;
    expand(row);
    this.rows.count.set(this.rows.count.current + 1);
    if (keyboard) $('.row-link', row).focus();
  }
}

/**
 * The server's own toast (after a delete without script) goes away too, and a reload does not
 * bring it back.
 */
function dismissServerToast(toast, undoButton) {
  const query = new URLSearchParams(location.search);
  if (query.has('deleted')) {
    query.delete('deleted');
    history.replaceState(history.state, '', location.pathname + (String(query) ? '?' + query : '') + location.hash);
  }
  if (toast && !toast.hidden && !undoButton) {
    setTimeout(() => {
      toast.classList.add('leaving');
      afterMotion(toast, 200, () => { toast.hidden = true; });
    }, 8000);
  }
}

/**
 * Wires the rows' Delete forms, Undo and the toast. `rows` and `swipes` are the list's rows and
 * swipes (list-rows.js, list-editing.js). Returns `finish()`, which makes the pending deletion final.
 */
export function initListDeletion(list, rows, swipes) {
  const toast = $('#toast');
  const undoButton = $('#undo-button');
  const deletions = new Deletions(list, rows, swipes, toast, undoButton);
  list.addEventListener('submit', (event) => {
    const form = event.target.closest('.row-delete');
    if (!form || !toast || !undoButton) return;
    event.preventDefault();
    deletions.delete(form);
  });
  undoButton?.addEventListener('click', () => deletions.undo());
  toast?.addEventListener('pointerenter', () => clearTimeout(deletions.toast.timer));
  toast?.addEventListener('pointerleave', () => {
    if (toast.hidden || !deletions.pending) return;
    deletions.toast.hideAfter(deletions.toast.shown, 2000);
  });
  dismissServerToast(toast, undoButton);
  return { finish: () => deletions.finish() };
}
