// The A–Z # index beside the list: tap a letter, or drag a finger down the letters.
import { $, $$ } from './dom.js';

/** The letter bubble shown beside the finger while it moves down the index. */
class IndexBubble {
  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'index-bubble';
    this.element.setAttribute('aria-hidden', 'true');
    document.body.append(this.element);
    this.timer = 0;
  }

  show(text) {
    this.element.textContent = text;
    this.element.classList.add('visible');
    clearTimeout(this.timer);
  }

  hide() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.element.classList.remove('visible'), 300);
  }
}

class JumpIndex {
  /** `fromStart()` tells whether the list's rows start at the top of the book. */
  constructor(index, list, fromStart) {
    this.index = index;
    this.list = list;
    this.fromStart = fromStart;
    this.order = $$('a', index).map((link) => link.dataset.section);
    this.bubble = new IndexBubble();
    this.pointer = null;  // the pointer moving down the index
    this.current = null;  // the letter under it
  }

  /**
   * Scrolls to the link's section, or to the next one that has contacts. Returns false when the
   * rows for that letter are not in the page (the page began later, or more pages follow).
   */
  jump(link, focus = false) {
    const wanted = this.order.indexOf(link.dataset.section);
    const sections = $$('section:not([hidden])', this.list);
    const positions = sections.map((section) => this.order.indexOf(section.dataset.section));
    if (!sections.length) return false;
    const coveredBefore = this.fromStart() || wanted >= positions[0];
    const coveredAfter = !this.list.dataset.next || wanted <= positions[positions.length - 1];
    if (!coveredBefore || !coveredAfter) return false;
    const at = positions.findIndex((position) => position >= wanted);
    const target = sections[at === -1 ? sections.length - 1 : at];
    target.scrollIntoView({ block: 'start' });
    if (focus) {
      const header = $('.section-header', target);
      header.tabIndex = -1;
      header.focus({ preventScroll: true });
    }
    return true;
  }

  /** The letter at the finger's height, even when the finger has wandered off sideways. */
  linkAt(clientY) {
    const box = this.index.getBoundingClientRect();
    const y = Math.min(Math.max(clientY, box.top + 1), box.bottom - 1);
    const element = document.elementFromPoint(box.left + box.width / 2, y);
    return element?.closest?.('nav.index a') ?? null;
  }

  track(event) {
    const link = this.linkAt(event.clientY);
    if (!link || link === this.current) return;
    this.current = link;
    this.bubble.show(link.textContent);
    this.jump(link);
  }

  press(event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    this.pointer = event.pointerId;
    this.current = null;
    try { this.index.setPointerCapture(this.pointer); } catch { /* ignore */ }
    this.track(event);
  }

  release(event) {
    if (event.pointerId !== this.pointer) return;
    this.pointer = null;
    this.bubble.hide();
    // Released on a letter whose rows are not here: open the list from that letter.
    if (event.type === 'pointerup' && this.current && !this.jump(this.current)) location.assign(this.current.href);
    this.current = null;
  }
}

export function initJumpIndex(index, list, fromStart) {
  const jumps = new JumpIndex(index, list, fromStart);
  index.addEventListener('pointerdown', (event) => jumps.press(event));
  index.addEventListener('pointermove', (event) => {
    if (event.pointerId === jumps.pointer) jumps.track(event);
  });
  index.addEventListener('pointerup', (event) => jumps.release(event));
  index.addEventListener('pointercancel', (event) => jumps.release(event));
  index.addEventListener('click', (event) => {
    const link = event.target.closest('a');
    if (event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault(); // pointers were handled above
    if (link && event.detail === 0 && !jumps.jump(link, true)) location.assign(link.href); // keyboard
  });
}
