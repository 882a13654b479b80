// The import page's file picker. The page draws a button (the <label> of the file input, so it
// opens the picker without script) beside the chosen file's name; this keeps the name current.
// Without script the browser's own file input shows instead.
import { $ } from './dom.js';

/** Names the file chosen in `field`'s file input, or says none is. */
export function initFilePicker(field) {
  const input = $('input[type="file"]', field);
  const name = $('.file-name', field);
  const none = name.textContent;
  const show = () => {
    const file = input.files[0];
    name.textContent = file ? file.name : none;
    name.classList.toggle('chosen', Boolean(file));
  };
  input.addEventListener('change', show);
  show(); // a file the browser kept on going back to the page
}
