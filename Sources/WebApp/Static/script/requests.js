// The script's own requests. They say so (X-Requested-With: fetch), and the server answers them
// briefly (204, or bare rows) instead of with a page.
import { $ } from './dom.js';

const csrfToken = $('meta[name="csrf-token"]')?.content ?? '';

/** A state-changing request, carrying the page's CSRF token. */
export function post(url, body) {
  return fetch(url, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { 'X-CSRF-Token': csrfToken, 'X-Requested-With': 'fetch' },
  });
}

/** Thrown when a fetch came back as something other than rows (the session ended). */
export class LoggedOut extends Error {}

/** How many groups of possible duplicates the book has; null when it could not be asked. */
export async function fetchDuplicateCount() {
  const response = await fetch(inBook('/duplicates/count'), { credentials: 'same-origin', headers: { 'X-Requested-With': 'fetch' } });
  if (!response.ok || new URL(response.url).pathname !== '/duplicates/count') return null;
  return (await response.json()).count;
}

/** `path` in the page's address book: with the page's own `book=` added, if it has one. */
export function inBook(path) {
  const book = new URLSearchParams(location.search).get('book');
  if (book === null) return path;
  return path + (path.includes('?') ? '&' : '?') + 'book=' + encodeURIComponent(book);
}

/** The list's own filter (`book=family&group=12`): what its every request and address carry. */
export function listFilter() {
  return new URLSearchParams(document.getElementById('list')?.dataset.filter ?? '');
}

/** The list's address with `params` and its filter. */
export function listAddress(params = {}) {
  const query = listFilter();
  for (const [name, value] of Object.entries(params)) query.set(name, value);
  return '/contacts' + (query.size ? '?' + query : '');
}

/** Rows from /contacts/rows, within the list's filter (else the page's book): the HTML of its <section>s, the next cursor and the count. */
export async function fetchRows(params, signal) {
  for (const [name, value] of listFilter()) params.set(name, value);
  const path = '/contacts/rows?' + params;
  const response = await fetch(params.has('book') ? path : inBook(path), {
    signal,
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'fetch' },
  });
  if (!response.ok || new URL(response.url).pathname !== '/contacts/rows') throw new LoggedOut();
  return {
    html: await response.text(),
    next: response.headers.get('X-Next') ?? '',
    count: response.headers.get('X-Count'),
  };
}
