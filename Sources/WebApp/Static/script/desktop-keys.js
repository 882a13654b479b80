// Keys for a keyboard: / focuses the search field, n opens a new contact, and on a wide screen
// (the two panes) ↑/↓ open the previous/next contact of the list. None fires while typing in a
// field, with a dialog or menu open, or while a contact is being edited.
import { isOffline } from './app-shell.js';
import { $, $$ } from './dom.js';
import { inBook } from './requests.js';

const twoPanes = matchMedia('(min-width: 900px)');

function isBusy(target) {
  return target instanceof Element && (target.closest('input, textarea, select, [contenteditable]') !== null
    || $('dialog[open], :popover-open, #contact-form:not([data-mode="view"])') !== null);
}

/** The contact after (step 1) or before (step −1) the open or focused one; from the list, the first or last. */
function neighbour(step) {
  const links = $$('.list .row-link');
  const from = links.findIndex((link) => link.getAttribute('aria-current') === 'page' || link === document.activeElement);
  if (from < 0) return step > 0 ? links[0] : links.at(-1);
  return links[from + step];
}

function act(key) {
  if (key === '/') {
    const search = $$('input[type="search"]').find((field) => field.checkVisibility());
    search?.focus();
    return search !== undefined;
  }
  if (key === 'n' && !isOffline()) {
    location.assign(inBook('/contacts/new'));
    return true;
  }
  if ((key === 'ArrowDown' || key === 'ArrowUp') && twoPanes.matches) {
    const link = neighbour(key === 'ArrowDown' ? 1 : -1);
    if (link) location.assign(link.href);
    return link !== undefined;
  }
  return false;
}

export function initDesktopKeys() {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isBusy(event.target)) return;
    if (act(event.key)) event.preventDefault();
  });
  if (twoPanes.matches) showOpenContact();
}

/**
 * Scrolls the list pane (only the pane: the page stays at the contact's top) so that the open
 * contact's row is in the middle of it.
 */
function showOpenContact() {
  const pane = $('.list-pane');
  const row = pane && $('[aria-current="page"]', pane);
  if (!row) return;
  const top = row.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop;
  pane.scrollTop = top - (pane.clientHeight - row.offsetHeight) / 2;
}
