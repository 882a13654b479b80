// The square crop view for a new photo: drag, arrow keys, pinch, wheel, the slider or +/- move
// and zoom the image under the square; Choose makes it a JPEG of at most 512×512.
import { afterMotion } from './dom.js';
import { closeDialog } from './sheets.js';

function button(className, text) {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = text;
  return element;
}

/** The dialog's parts, the dialog shown: { dialog, view, img, zoom, cancel, choose }. */
function showCropDialog(image, texts) {
  const dialog = document.createElement('dialog');
  dialog.className = 'cropper';
  dialog.setAttribute('aria-labelledby', 'crop-title');
  const title = document.createElement('h2');
  title.id = 'crop-title';
  title.textContent = texts.cropTitle;
  const view = document.createElement('div');
  view.className = 'crop-view';
  view.tabIndex = 0;
  view.setAttribute('role', 'img');
  view.setAttribute('aria-label', texts.cropTitle);
  const img = document.createElement('img');
  img.alt = '';
  img.src = image.src;
  img.draggable = false;
  view.append(img);
  const zoom = document.createElement('input');
  Object.assign(zoom, { type: 'range', className: 'crop-zoom', min: '1', max: '4', step: '0.01', value: '1' });
  zoom.setAttribute('aria-label', texts.zoom);
  const buttons = document.createElement('div');
  buttons.className = 'crop-buttons';
  const cancel = button('cancel', texts.cancel);
  const choose = button('choose', texts.choose);
  buttons.append(cancel, choose);
  dialog.append(title, view, zoom, buttons);
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, view, img, zoom, cancel, choose };
}

/**
 * Where the image lies under the square view of side `side`: its top-left at (x, y), scaled by
 * base × scale, where base makes the short side fill the square (scale 1 = "cover").
 */
class CropFrame {
  constructor(image, { view, img, zoom }) {
    this.view = view;
    this.img = img;
    this.zoom = zoom;
    this.width = image.naturalWidth;
    this.height = image.naturalHeight;
    img.style.width = this.width + 'px';
    img.style.height = this.height + 'px';
    this.side = view.clientWidth;
    this.base = this.side / Math.min(this.width, this.height);
    this.scale = 1;
    this.x = (this.side - this.width * this.base) / 2;
    this.y = (this.side - this.height * this.base) / 2;
  }

  /** Keeps the square covered, and shows the image where it now lies. */
  draw() {
    const s = this.base * this.scale;
    this.x = Math.min(0, Math.max(this.side - this.width * s, this.x));
    this.y = Math.min(0, Math.max(this.side - this.height * s, this.y));
    this.img.style.transform = `translate(${this.x}px, ${this.y}px) scale(${s})`;
  }

  moveBy(dx, dy) {
    this.x += dx;
    this.y += dy;
  }

  /** Zooms keeping the point (px, py) of the view where it is. */
  zoomTo(next, px = this.side / 2, py = this.side / 2) {
    next = Math.min(4, Math.max(1, next));
    const ratio = next / this.scale;
    this.x = px - (px - this.x) * ratio;
    this.y = py - (py - this.y) * ratio;
    this.scale = next;
    this.zoom.value = String(this.scale);
    this.draw();
  }

  /** The view changed size (the window did): the same part of the image stays in the square. */
  fitView() {
    const next = this.view.clientWidth;
    if (!next || next === this.side) return;
    const ratio = next / this.side;
    this.x *= ratio;
    this.y *= ratio;
    this.side = next;
    this.base = this.side / Math.min(this.width, this.height);
    this.draw();
  }
}

/** Draws the square's part of `image` on a canvas of at most 512×512 and passes `done` a JPEG blob. */
function squareJPEG(image, frame, done) {
  const s = frame.base * frame.scale;
  const source = frame.side / s;               // the square's side in image pixels
  const size = Math.max(1, Math.min(512, Math.round(source)));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';                  // JPEG has no transparency
  context.fillRect(0, 0, size, size);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, -frame.x / s, -frame.y / s, source, source, 0, 0, size, size);
  canvas.toBlob((blob) => done(blob), 'image/jpeg', 0.85);
}

/** Pinch: zoom by the change of distance around the midpoint, pan by its movement. */
function pinch(frame, before, after) {
  const distance = (p) => Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) || 1;
  const middle = (p) => ({ x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 });
  const m0 = middle(before);
  const m1 = middle(after);
  frame.moveBy(m1.x - m0.x, m1.y - m0.y);
  frame.zoomTo(frame.scale * distance(after) / distance(before), m1.x, m1.y);
}

/** Where a pointer event happened in the view's coordinates. */
function pointIn(view, event) {
  const box = view.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

/** One finger (or the mouse) drags the image; two pinch. */
function followPointers(view, frame) {
  const pointers = new Map();
  view.addEventListener('pointerdown', (event) => {
    view.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, pointIn(view, event));
  });
  view.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId)) return;
    const before = [...pointers.values()];
    pointers.set(event.pointerId, pointIn(view, event));
    const after = [...pointers.values()];
    if (after.length === 1) {
      frame.moveBy(after[0].x - before[0].x, after[0].y - before[0].y);
      frame.draw();
    } else if (after.length >= 2) {
      pinch(frame, before, after);
    }
  });
  const lift = (event) => pointers.delete(event.pointerId);
  view.addEventListener('pointerup', lift);
  view.addEventListener('pointercancel', lift);
}

/** The wheel zooms around the pointer; arrow keys move (Shift: further), + and - zoom. */
function followWheelAndKeys(view, frame) {
  view.addEventListener('wheel', (event) => {
    event.preventDefault();
    const point = pointIn(view, event);
    frame.zoomTo(frame.scale * Math.exp(-event.deltaY * 0.002), point.x, point.y);
  }, { passive: false });
  view.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 40 : 10;
    const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[event.key]) {
      frame.moveBy(...moves[event.key]);
      frame.draw();
    } else if (event.key === '+' || event.key === '=') {
      frame.zoomTo(frame.scale * 1.1);
    } else if (event.key === '-') {
      frame.zoomTo(frame.scale / 1.1);
    } else {
      return;
    }
    event.preventDefault();
  });
}

/**
 * Shows the square crop view for `image`. Resolves with a JPEG blob of the square
 * (at most 512×512, quality 0.85), or null when cancelled.
 */
export function crop(image, texts) {
  return new Promise((resolve) => {
    const parts = showCropDialog(image, texts);
    const { dialog, view, zoom, cancel, choose } = parts;
    const frame = new CropFrame(image, parts);
    frame.draw();
    followPointers(view, frame);
    followWheelAndKeys(view, frame);
    zoom.addEventListener('input', () => frame.zoomTo(Number(zoom.value)));
    const resized = () => frame.fitView();
    addEventListener('resize', resized);

    function finish(result) {
      removeEventListener('resize', resized);
      closeDialog(dialog);
      afterMotion(dialog, 200, () => dialog.remove());
      resolve(result);
    }
    cancel.addEventListener('click', () => finish(null));
    dialog.addEventListener('cancel', (event) => { event.preventDefault(); finish(null); });
    choose.addEventListener('click', () => {
      choose.disabled = true;
      squareJPEG(image, frame, finish);
    });
  });
}
