// The contact's photo: a chosen image is cropped square (photo-cropper.js), previewed in the
// avatar, and goes back into the file input as a JPEG.
import { $ } from './dom.js';
import { crop } from './photo-cropper.js';

/** Puts `file` (or nothing) into the input, as if the person had chosen it. */
function setFile(input, file) {
  try {
    const transfer = new DataTransfer();
    if (file) transfer.items.add(file);
    input.files = transfer.files;
  } catch {
    if (!file) input.value = '';
  }
}

/** The file as a decoded image (its src an object URL to revoke), or null when it will not decode. */
async function decodeImage(file) {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    return image;
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

class PhotoPicker {
  /** `changed` runs whenever the input's file may have changed. */
  constructor(input, form, changed) {
    this.input = input;
    this.changed = changed;
    this.texts = input.dataset;
    this.avatar = $('.photo-label .avatar', form);
    this.original = { className: this.avatar?.className ?? '', html: this.avatar?.innerHTML ?? '' };
    this.removeBox = $('#remove-photo', form);
    this.chosen = null;     // the cropped file now in the input
    this.previewURL = null;
    this.error = null;
  }

  showError(message) {
    if (!this.error) {
      this.error = document.createElement('p');
      this.error.className = 'form-error';
      this.error.id = 'photo-error';
      this.error.setAttribute('role', 'alert');
      this.input.closest('.photo-field').after(this.error);
    }
    this.error.textContent = message;
    this.error.hidden = false;
  }

  clearError() { if (this.error) this.error.hidden = true; }

  showPreview(blob) {
    if (!this.avatar) return;
    if (this.previewURL) URL.revokeObjectURL(this.previewURL);
    this.previewURL = URL.createObjectURL(blob);
    const img = document.createElement('img');
    img.alt = '';
    img.src = this.previewURL;
    this.avatar.className = 'avatar avatar-large';
    this.avatar.replaceChildren(img);
  }

  /** Back to the stored photo (Cancel, reset). */
  restore() {
    this.chosen = null;
    this.clearError();
    if (this.avatar) {
      this.avatar.className = this.original.className;
      this.avatar.innerHTML = this.original.html;
    }
    if (this.previewURL) { URL.revokeObjectURL(this.previewURL); this.previewURL = null; }
  }

  /** The input's new file: cropped and kept, or refused with the earlier choice put back. */
  async pick() {
    const file = this.input.files[0];
    if (!file) { setFile(this.input, this.chosen); return; }
    this.clearError();
    const image = file.type.startsWith('image/') ? await decodeImage(file) : null;
    if (!image) {
      setFile(this.input, this.chosen);
      this.showError(this.texts.unsupported);
      this.changed();
      return;
    }
    const blob = await crop(image, this.texts);
    URL.revokeObjectURL(image.src);
    if (!blob) { setFile(this.input, this.chosen); this.changed(); return; } // crop cancelled: keep what was there
    this.use(blob, file.name);
  }

  use(blob, fileName) {
    this.chosen = new File([blob], (fileName.replace(/\.[^.]*$/, '') || 'photo') + '.jpg', { type: 'image/jpeg' });
    setFile(this.input, this.chosen); // without DataTransfer support the original file stays and goes as it is
    this.showPreview(blob);
    if (this.removeBox) { this.removeBox.checked = false; this.avatar?.classList.remove('removed'); }
    this.changed();
  }
}

/** Wires the photo input of the contact form; returns the picker, to `restore()` the stored photo. */
export function initPhotoPicker(input, form, changed) {
  const picker = new PhotoPicker(input, form, changed);
  const removeBox = picker.removeBox;
  removeBox?.addEventListener('change', () => {
    picker.avatar?.classList.toggle('removed', removeBox.checked && !picker.chosen);
  });
  input.addEventListener('change', () => picker.pick());
  return picker;
}
