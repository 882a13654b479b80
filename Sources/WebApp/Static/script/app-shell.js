// The app on the home screen: registers the service worker, and while offline (no connection, or
// this page is the worker's kept copy of the list) shows the banner and writes nothing: controls
// that write are marked disabled, and a click on one or a form's POST only draws attention to the banner.
import { $, $$ } from './dom.js';

const WRITING_CONTROLS = 'a[href^="/contacts/new"], #edit-toggle, #edit-button, #menu-button, #logout-button, '
  + 'form[method="post"] button, button[form]';

const keptCopy = 'offlineCopy' in document.documentElement.dataset;

/** Whether the page can't reach the server: the browser says it is offline, or this is the kept copy. */
export function isOffline() {
  return keptCopy || !navigator.onLine;
}

function showOffline(banner) {
  const offline = isOffline();
  banner.hidden = !offline;
  document.documentElement.classList.toggle('offline', offline);
  for (const control of $$(WRITING_CONTROLS)) {
    if (offline) control.setAttribute('aria-disabled', 'true');
    else control.removeAttribute('aria-disabled');
  }
}

/** Points at the banner instead of acting: nothing is sent, nothing is queued. */
function refuse(event, banner) {
  event.preventDefault();
  event.stopImmediatePropagation();
  banner.classList.remove('attention');
  void banner.offsetWidth; // restarts the animation
  banner.classList.add('attention');
}

export function initAppShell() {
  navigator.serviceWorker?.register('/service-worker.js')
    .catch((error) => console.warn('The service worker was not registered:', error));
  const banner = $('#offline-banner');
  if (!banner) return;
  showOffline(banner);
  addEventListener('offline', () => showOffline(banner));
  // Back online: the kept copy is replaced by the real page.
  addEventListener('online', () => (keptCopy ? location.reload() : showOffline(banner)));
  document.addEventListener('click', (event) => {
    if (isOffline() && event.target.closest?.(WRITING_CONTROLS)) refuse(event, banner);
  }, true);
  document.addEventListener('submit', (event) => {
    if (isOffline() && event.target.method === 'post') refuse(event, banner);
  }, true);
}
