// Dialogs and menus: action sheets and confirmations that close with an animation, the list's menu.
import { $, afterMotion } from './dom.js';
import { fetchDuplicateCount } from './requests.js';

/** Closes a modal dialog after its closing animation, then calls `then`. */
export function closeDialog(dialog, then) {
  if (!dialog.open || dialog.classList.contains('closing')) return;
  dialog.classList.add('closing');
  afterMotion(dialog, 220, () => {
    dialog.classList.remove('closing');
    dialog.close(); // focus goes back to where it was before the dialog opened
    then?.();
  });
}

/** Escape (the dialog's cancel event) calls `onDismiss`, by default closing with the animation. */
function animateClosing(dialog, onDismiss = () => closeDialog(dialog)) {
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    onDismiss();
  });
}

/** Escape and a tap on the dimmed page (the dialog's own box, outside its groups) call `onDismiss`. */
export function dismissible(dialog, onDismiss) {
  animateClosing(dialog, onDismiss);
  dialog.addEventListener('click', (event) => { if (event.target === dialog) onDismiss(); });
}

/** The list's ⋯ menu (a popover) closes once an item is chosen: Export downloads and stays here. */
export function initListMenu(menu) {
  menu?.addEventListener('click', (event) => {
    if (event.target.closest('a') && menu.matches(':popover-open')) menu.hidePopover();
  });
  // The possible duplicates are counted when the menu opens, not with every list page.
  const badge = $('#duplicates-count', menu);
  menu?.addEventListener('toggle', async (event) => {
    if (event.newState !== 'open' || !badge) return;
    const count = await fetchDuplicateCount().catch(() => null);
    badge.textContent = count ? String(count) : '';
    badge.hidden = !count;
  });
}

/** Log out asks first, in an action sheet. */
export function initLogoutSheet(logout, sheet) {
  if (!logout || !sheet || typeof sheet.showModal !== 'function') return;
  logout.addEventListener('click', (event) => {
    event.preventDefault();
    sheet.classList.remove('closing');
    sheet.showModal();
    $('#cancel-logout', sheet)?.focus(); // the safe choice first, as on iOS
  });
  $('#cancel-logout', sheet)?.addEventListener('click', () => closeDialog(sheet));
  dismissible(sheet, () => closeDialog(sheet));
  sheet.addEventListener('close', () => logout.focus({ preventScroll: true }));
}

/**
 * Wires the "Discard changes?" dialog and returns `confirmDiscard(discard)`, which asks and runs
 * `discard` when the person chooses Discard. Without a usable dialog it asks with confirm().
 */
export function discardConfirmation(dialog) {
  let onDiscard = null;
  if (dialog) {
    const keepEditing = () => { onDiscard = null; closeDialog(dialog); };
    $('#discard-button')?.addEventListener('click', () => {
      const discard = onDiscard;
      onDiscard = null;
      closeDialog(dialog, discard);
    });
    $('#keep-editing-button')?.addEventListener('click', keepEditing);
    animateClosing(dialog, keepEditing);
  }
  return (discard) => {
    if (!dialog || typeof dialog.showModal !== 'function') {
      if (confirm((dialog && $('h2', dialog))?.textContent ?? 'Discard changes?')) discard();
      return;
    }
    onDiscard = discard;
    dialog.classList.remove('closing');
    dialog.showModal();
    $('#keep-editing-button')?.focus();
  };
}
