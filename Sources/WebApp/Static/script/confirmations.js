// Destructive buttons that ask first (data-confirm, ConfirmSheet.swift): the page's sheet names
// what is about to happen ("Delete 3 Contacts"); the destructive choice sends the form again,
// confirmed. Cancel, Escape or a tap outside sends nothing. Without this, the server asks on a page.
import { $ } from './dom.js';
import { closeDialog, dismissible } from './sheets.js';

/** How many contacts the form acts on: its `ids` checked, or carried in hidden fields. */
function count(form) {
  return Array.from(form.elements).filter((field) => field.name === 'ids'
    && (field.type === 'hidden' || field.checked)).length;
}

/** The button's text for `n`: its `-one` variant for one, else `{n}` filled in. */
function text(button, key, n) {
  const one = button.dataset[key + 'One'];
  return n === 1 && one ? one : (button.dataset[key] ?? '').replaceAll('{n}', String(n));
}

/** Marks the form confirmed and sends it through the same button. */
function sendConfirmed(form, submitter) {
  let field = $('input[name="confirmed"]', form);
  if (!field) {
    field = document.createElement('input');
    Object.assign(field, { type: 'hidden', name: 'confirmed', value: '1' });
    form.append(field);
  }
  form.requestSubmit(submitter);
}

export function initConfirmations(sheet) {
  if (!sheet || typeof sheet.showModal !== 'function') return;
  const message = $('#confirm-message', sheet);
  const confirmButton = $('#confirm-button', sheet);
  let pending = null; // the form and button waiting for the answer
  const cancel = () => { pending = null; closeDialog(sheet); };

  document.addEventListener('submit', (event) => {
    const { target: form, submitter } = event;
    if (!submitter?.dataset.confirm || $('input[name="confirmed"]', form)) return;
    const n = count(form);
    if (n === 0) return; // nothing chosen: the server says so
    event.preventDefault();
    pending = { form, submitter };
    message.textContent = text(submitter, 'confirmMessage', n);
    confirmButton.textContent = text(submitter, 'confirm', n);
    sheet.classList.remove('closing');
    sheet.showModal();
    $('#cancel-confirm', sheet).focus(); // the safe choice first, as on iOS
  });
  confirmButton.addEventListener('click', () => {
    const chosen = pending;
    pending = null;
    closeDialog(sheet, () => chosen && sendConfirmed(chosen.form, chosen.submitter));
  });
  $('#cancel-confirm', sheet).addEventListener('click', cancel);
  dismissible(sheet, cancel);
}
