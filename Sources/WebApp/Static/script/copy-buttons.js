// Copy buttons: a viewed contact's (a WeChat ID has no link to follow: it is copied), the
// birthday calendar's address, and what a new device needs (its server, user name and password).
// The server renders them hidden, the text beside them selectable;
// they are shown where the browser can write to the clipboard, or, for a button that names the
// field it copies (`data-copy-from`), everywhere: where the Clipboard API is missing or refused
// (a page served over plain http), the field's text is selected and copied the older way.
import { $, $$ } from './dom.js';

/** Shows each `.copy-button` under `root`; a click copies its text and says so for a moment. */
export function initCopyButtons(root) {
  for (const button of $$('.copy-button', root)) {
    const field = button.dataset.copyFrom ? $(button.dataset.copyFrom) : null;
    if (!navigator.clipboard?.writeText && !field) continue;
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener('click', async () => {
      if (!(await copy(field ? field.value : button.dataset.copy, field))) return;
      button.textContent = button.dataset.copied;
      button.classList.add('copied');
      setTimeout(() => { button.textContent = label; button.classList.remove('copied'); }, 1500);
    });
  }
}

/** Writes `text` to the clipboard; failing that, selects it in `field` and copies the selection.
 *  Whether it was copied (when not, a handle stays selectable and a field's text stays selected). */
async function copy(text, field) {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // not allowed (no permission, not focused): fall back to the selection
  }
  if (!field) return false;
  field.focus();
  field.select();
  field.setSelectionRange(0, field.value.length);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
