// The add and edit screens' form: Add or Save only when it would store something valid (and, for
// Save, changed), and a question before leaving with unsaved changes.
import { $, $$ } from './dom.js';
import { initContactRows } from './contact-rows.js';
import { initPhotoPicker } from './photo-picker.js';
import { discardConfirmation } from './sheets.js';

class ContactForm {
  constructor(form) {
    this.form = form;
    this.initialMode = form.dataset.mode; // new | edit
    this.name = $('#name', form);
    this.age = $('#age', form);
    // What can name the contact: the name or the company, or parts typed (which spell it; parts
    // shown as the name split do not count: the server takes them along with the name).
    this.namings = [this.name, $('#organization', form)];
    this.nameParts = $$('.name-parts input:not([type=hidden])', form);
    this.rowsRemoved = false; // a row taken away: its fields are gone, so a change the fields cannot show
    this.submitButton = $('#submit-button');
    this.saveButton = $('#save-button');
    this.cancelButton = $('#cancel-button');
    this.backButton = $('#back-button');
    this.leaving = false; // set once the page may unload without asking
    this.photoPicker = null;
  }

  fields() {
    return Array.from(this.form.elements).filter((element) => element.name && element.type !== 'hidden');
  }

  /** Whether the form holds anything not stored: a field changed since the page was served, or a
   *  page served with values the server did not store (`data-unsaved`: refused, to be saved again). */
  isDirty() {
    if ('unsaved' in this.form.dataset || this.rowsRemoved) return true;
    return this.fields().some((element) => {
      if (element.type === 'file') return element.files.length > 0;
      if (element.type === 'checkbox' || element.type === 'radio') return element.checked !== element.defaultChecked;
      if (element instanceof HTMLSelectElement) {
        const initial = Math.max(0, Array.from(element.options).findIndex((option) => option.defaultSelected));
        return element.selectedIndex !== initial;
      }
      return element.value !== element.defaultValue;
    });
  }

  /** Name, a part of it or company given; age empty or a whole number 0–150. */
  isValid() {
    const named = this.namings.some((element) => element?.value.trim())
      || this.nameParts.some((element) => element.value.trim() && element.value !== element.defaultValue);
    if (!named) return false;
    if (this.age) {
      const text = this.age.value.trim();
      if (this.age.validity.badInput) return false;
      if (text !== '' && !(/^\d+$/.test(text) && Number(text) <= 150)) return false;
    }
    return true;
  }

  /** Whether leaving now would lose edits to a stored contact. */
  hasUnsavedEdits() {
    return this.initialMode !== 'new' && this.isDirty();
  }

  /** Enables Add (a new contact needs a name or a company) or Save (something valid changed). */
  update() {
    if (this.initialMode === 'new') {
      if (this.submitButton) this.submitButton.disabled = !this.isValid();
    } else if (this.saveButton) {
      this.saveButton.disabled = !(this.isValid() && this.isDirty());
    }
  }
}

/** Keeps the buttons up to date and notes when a submit may leave the page. */
function watchForm(page) {
  const form = page.form;
  const update = () => page.update();
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('reset', () => setTimeout(() => { page.photoPicker?.restore(); update(); }));
  form.addEventListener('submit', (event) => {
    const button = page.initialMode === 'new' ? page.submitButton : page.saveButton;
    if (button?.disabled) { event.preventDefault(); return; }
    page.leaving = true;
  });
  $('.delete-contact')?.addEventListener('submit', () => { page.leaving = true; });
}

/** Leaving with unsaved edits asks first: in the page's dialog for links, the browser's otherwise. */
function guardLeaving(page, confirmDiscard) {
  // Back, or Cancel on the edit page, are links.
  const exits = [page.backButton, page.initialMode === 'edit' ? page.cancelButton : null].filter(Boolean);
  for (const link of exits) {
    link.addEventListener('click', (event) => {
      if (!page.hasUnsavedEdits()) return;
      event.preventDefault();
      confirmDiscard(() => {
        page.leaving = true;
        location.assign(link.href);
      });
    });
  }
  // Reload, browser back, closing the tab: the browser's own prompt.
  addEventListener('beforeunload', (event) => {
    if (page.leaving || !page.hasUnsavedEdits()) return;
    event.preventDefault();
    event.returnValue = '';
  });
}

/** Shows the age's hint while the birthday has a month and a day: a birthday gives the age. */
function followBirthday(form) {
  const hint = $('#age-hint', form);
  const parts = ['month', 'day'].map((part) => $(`#birthday-${part}`, form));
  if (!hint || parts.includes(null)) return;
  const update = () => { hint.hidden = !parts.every((part) => part.value.trim()); };
  for (const part of parts) for (const type of ['input', 'change']) part.addEventListener(type, update);
  form.addEventListener('reset', () => setTimeout(update));
  update();
}

export function initContactForm(form) {
  const page = new ContactForm(form);
  initContactRows(form, (removed) => {
    if (removed) page.rowsRemoved = true;
    page.update();
  });
  watchForm(page);
  followBirthday(form);
  const confirmDiscard = discardConfirmation($('#discard-dialog'));
  guardLeaving(page, confirmDiscard);
  const photo = $('#photo', form);
  if (photo) page.photoPicker = initPhotoPicker(photo, form, () => page.update());
  page.update();
  // The name field has autofocus; make sure it got it (autofocus runs before animation frames).
  if (page.initialMode === 'new') {
    requestAnimationFrame(() => { if (document.activeElement === document.body) page.name.focus(); });
  }
}
