// PersonalContacts — the live behaviour on top of the server-rendered pages.
// Every page works without this script; here it only gets quicker and closer to the iOS app.
// No framework; CSP-safe (no inline code, no style attributes: only CSSOM properties).
// This entry module wires each page; the modules it imports hold the behaviour, by screen and concern.
import { initAppShell } from './app-shell.js';
import { initConfirmations } from './confirmations.js';
import { initContactForm } from './contact-form.js';
import { initCopyButtons } from './copy-buttons.js';
import { initDesktopKeys } from './desktop-keys.js';
import { $ } from './dom.js';
import { initFilePicker } from './file-picker.js';
import { initListDeletion } from './list-deletion.js';
import { initListEditing } from './list-editing.js';
import { initJumpIndex } from './list-index.js';
import { initListRows } from './list-rows.js';
import { initListSelection } from './list-selection.js';
import { initLoginPage } from './login-page.js';
import { initPasskeyLogin, initPasskeySettings } from './passkeys.js';
import { initListMenu, initLogoutSheet } from './sheets.js';
import { initLocalTimes, initTimeZoneField } from './time-zone.js';

document.documentElement.classList.add('js');
initAppShell();
initDesktopKeys();

// Links that act as buttons (role=button) also answer the Space key, as buttons do.
document.addEventListener('keydown', (event) => {
  if (event.key === ' ' && event.target instanceof HTMLAnchorElement && event.target.getAttribute('role') === 'button') {
    event.preventDefault();
    event.target.click();
  }
});

function initContactList(list) {
  // A search replaces the rows: a deletion still waiting for its Undo becomes final first.
  const rows = initListRows(list, () => deletion.finish());
  const swipes = initListEditing(list);
  const deletion = initListDeletion(list, rows, swipes);
  initListSelection(list, $('#bulk-form'));
  const index = $('nav.index');
  if (index) initJumpIndex(index, list, () => rows.fromStart);
}

const loginForm = $('.login-page:not(.setup-page) .login-form');
if (loginForm && $('#login-button', loginForm)) initLoginPage(loginForm);
const list = $('#list');
if (list) initContactList(list);
// The list's bar: on the list, and in the list pane beside a contact on a wide screen.
const menu = $('#list-menu');
if (menu) initListMenu(menu);
initLogoutSheet($('#logout-button'), $('#logout-sheet'));
initConfirmations($('#confirm-sheet'));
const contactForm = $('#contact-form');
if (contactForm) initContactForm(contactForm);
const card = $('#contact-card');
if (card) initCopyButtons(card);
const fileField = $('.file-field');
if (fileField) initFilePicker(fileField);
const feed = $('#birthday-calendar');
if (feed) initCopyButtons(feed);
const twoStep = $('#two-step');
if (twoStep) initCopyButtons(twoStep);
const deviceSetup = $('#device-setup');
if (deviceSetup) {
  initCopyButtons(deviceSetup);
  // A new device's password is shown once: brought back from the back-forward cache (which keeps
  // even a no-store page), the page asks the server again, which leads to the devices list.
  addEventListener('pageshow', (event) => { if (event.persisted) location.reload(); });
}
initLocalTimes();
const passkeyLogin = $('#passkey-login');
if (passkeyLogin) initPasskeyLogin(passkeyLogin);
const passkeyForm = $('#passkey-form');
if (passkeyForm) initPasskeySettings(passkeyForm);
const undoTimeForm = $('#undo-time-form');
if (undoTimeForm) initTimeZoneField(undoTimeForm);
