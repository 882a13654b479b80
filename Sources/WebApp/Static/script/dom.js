// DOM helpers every screen uses.

/** The first element under `root` that matches `selector`, or null. */
export const $ = (selector, root = document) => root.querySelector(selector);

/** Every element under `root` that matches `selector`, as an array. */
export const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** Parses server HTML (already escaped by the server) into a fragment. */
export function parse(html) {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** Calls `done` once `element`'s transition or animation ends (or at once with reduced motion). */
export function afterMotion(element, milliseconds, done) {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    element.removeEventListener('transitionend', onEnd);
    element.removeEventListener('animationend', onEnd);
    done();
  };
  const onEnd = (event) => { if (event.target === element) finish(); };
  element.addEventListener('transitionend', onEnd);
  element.addEventListener('animationend', onEnd);
  setTimeout(finish, reducedMotion.matches ? 0 : milliseconds + 60);
}
