// The contact form's repeated entries (phones, emails, addresses…): "add …" copies the kind's
// template row, the minus button takes a row away. Without this script the server's spare empty
// row of each kind does the adding, and emptying a row removes it.
import { $, $$ } from './dom.js';

// The kinds whose spare row stays, as the first thing a new contact is given.
const keptSpares = new Set(['phone', 'email', 'address']);

/** Sets each row's accessible names to its number: "Phone", "Phone 2", … */
function numberRows(group) {
  $$('.entry-row', group).forEach((row, index) => {
    for (const element of $$('[data-caption]', row)) {
      element.setAttribute('aria-label', element.dataset.caption.replace('{n}', index === 0 ? '' : ` ${index + 1}`));
    }
  });
}

/** Makes the row's minus button remove it; `changed(true)` runs after. */
function wireRemove(row, group, changed) {
  const button = $('.remove-entry', row);
  button.hidden = false;
  button.addEventListener('click', () => {
    const next = row.nextElementSibling?.matches('.entry-row') ? row.nextElementSibling : $('.add-entry', group);
    row.remove();
    numberRows(group);
    next.focus?.();
    changed(true);
  });
}

function initGroup(group, changed) {
  const kind = group.dataset.kind;
  if (!keptSpares.has(kind) || $$('.entry-row', group).length > 1) {
    for (const spare of $$('.entry-row.spare', group)) spare.remove();
  }
  for (const row of $$('.entry-row', group)) wireRemove(row, group, changed);
  const add = $('.add-entry', group);
  const template = $('template', group);
  add.hidden = false;
  add.addEventListener('click', () => {
    const row = template.content.firstElementChild.cloneNode(true);
    add.before(row);
    wireRemove(row, group, changed);
    numberRows(group);
    $('.entry-inputs :is(input, select, textarea)', row).focus();
    changed(false);
  });
  numberRows(group);
}

/** Wires every kind's rows of the form; `changed(removed)` runs when a row comes or goes. */
export function initContactRows(form, changed) {
  for (const group of $$('.entry-group', form)) initGroup(group, changed);
}

