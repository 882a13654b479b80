// A viewed contact's copy buttons (a WeChat ID has no link to follow: it is copied). The server
// renders them hidden, the handle beside them selectable as text; they are shown where the
// browser can write to the clipboard.
import { $$ } from './dom.js';

/** Shows each `.copy-button` under `root`; a click copies its `data-copy` and says so for a moment. */
export function initCopyButtons(root) {
  if (!navigator.clipboard?.writeText) return;
  for (const button of $$('.copy-button', root)) {
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
      } catch {
        return; // not allowed (no permission, not focused): the handle stays selectable
      }
      button.textContent = button.dataset.copied;
      button.classList.add('copied');
      setTimeout(() => { button.textContent = label; button.classList.remove('copied'); }, 1500);
    });
  }
}
