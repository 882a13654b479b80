// The contact list's rows: the count under them, the next page as the end comes near, and the
// live search that replaces them.
import { $, $$, parse } from './dom.js';
import { fetchRows, inBook, LoggedOut } from './requests.js';

const rowHeight = 61;
const headerHeight = 28;

/** Gives off-screen sections (content-visibility:auto) a good size estimate. */
function sizeSections(sections) {
  for (const section of sections) {
    const rows = section.getElementsByClassName('row').length;
    section.style.containIntrinsicSize = `auto ${headerHeight + rows * rowHeight}px`;
  }
}

/** Appends sections to `list`, merging a leading one into the same section already at the end. */
function appendSections(list, fragment) {
  const first = fragment.firstElementChild;
  const last = list.lastElementChild;
  if (first && last && first.dataset.section === last.dataset.section) {
    $('ul', last).append(...$('ul', first).children);
    first.remove();
    sizeSections([last]);
  }
  sizeSections($$('section', fragment));
  list.append(fragment);
}

/** The count under the list, or the empty state when there is nothing to show. */
class ListCount {
  constructor(list) {
    this.texts = list.dataset;
    this.status = $('#count') || $('#empty');
  }

  get current() { return Number(this.status?.dataset.count ?? 0); }

  set(count) {
    const status = this.status;
    if (!status) return;
    status.dataset.count = String(count);
    if (count > 0) {
      status.id = 'count';
      status.className = 'count';
      status.textContent = count === 1 ? this.texts.countOne : this.texts.countOther.replace('{n}', String(count));
    } else {
      status.id = 'empty';
      status.className = 'empty';
      status.textContent = this.texts.query ? this.texts.noMatches : this.texts.empty;
    }
  }
}

/** Loads rows into the list: more at the end (`loadMore`), or all afresh for a search (`runSearch`). */
class ListRows {
  constructor(list, beforeReplace) {
    this.list = list;
    this.beforeReplace = beforeReplace;
    this.search = $('#search');
    this.more = $('#more');
    this.count = new ListCount(list);
    // Bumped whenever the list's content is replaced, so that late answers are dropped.
    this.generation = 0;
    // Whether the rows start at the top of the book (not at ?after= or ?section=).
    const query = new URLSearchParams(location.search);
    this.fromStart = !query.has('after') && !query.has('section');
    this.loading = false;
    this.searchAbort = null;
    this.sentinel = document.createElement('div');
  }

  nearEnd() { return this.sentinel.getBoundingClientRect().top < innerHeight + 1500; }

  failed(error) {
    if (error instanceof LoggedOut) location.assign('/login');
    else if (error?.name !== 'AbortError' && this.more && this.list.dataset.next) this.more.hidden = false;
  }

  async loadMore() {
    const list = this.list;
    const after = list.dataset.next;
    if (this.loading || !after) return;
    this.loading = true;
    const started = this.generation;
    const q = list.dataset.query;
    try {
      const page = await fetchRows(new URLSearchParams(q ? { q, after } : { after }));
      if (started !== this.generation) return;
      appendSections(list, parse(page.html));
      list.dataset.next = page.next;
    } catch (error) {
      this.failed(error);
      return;
    } finally {
      this.loading = false;
    }
    if (this.nearEnd()) this.loadMore();
  }

  /** Replaces the list with the rows for the search field's text (all rows when empty). */
  async runSearch(force = false) {
    const list = this.list;
    const q = this.search.value.trim();
    if (!force && q === list.dataset.query) return;
    this.searchAbort?.abort();
    this.searchAbort = new AbortController();
    const started = ++this.generation;
    try {
      const page = await fetchRows(new URLSearchParams(q ? { q } : {}), this.searchAbort.signal);
      if (started !== this.generation) return;
      this.beforeReplace();
      const fragment = parse(page.html);
      sizeSections($$('section', fragment));
      list.replaceChildren(fragment);
      list.dataset.query = q;
      list.dataset.next = page.next;
      this.fromStart = true;
      this.count.set(Number(page.count ?? list.getElementsByClassName('row').length));
      history.replaceState(history.state, '', inBook(q ? '/contacts?q=' + encodeURIComponent(q) : '/contacts'));
      if (this.nearEnd()) this.loadMore();
    } catch (error) {
      this.failed(error);
    }
  }
}

/** Infinite scroll: the next page of rows when the end comes near (the More link without an observer). */
function loadNearTheEnd(rows) {
  const sentinel = rows.sentinel;
  sentinel.className = 'sentinel';
  sentinel.setAttribute('aria-hidden', 'true');
  rows.list.after(sentinel);
  if ('IntersectionObserver' in window) {
    new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) rows.loadMore();
    }, { rootMargin: '0px 0px 1500px 0px' }).observe(sentinel);
  } else if (rows.more) {
    rows.more.hidden = false;
  }
}

/** Live search: as the person types (after a pause), and at once on Search. */
function searchAsYouType(rows) {
  const search = rows.search;
  if (!search) return;
  let timer = 0;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => rows.runSearch(), 120);
  });
  search.form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    rows.runSearch();
    search.blur(); // puts the phone keyboard away
  });
}

/**
 * Takes over loading the list's rows. `beforeReplace` runs just before a search replaces them.
 * Returns the rows: their `count`, whether they start at the top (`fromStart`), `runSearch(force)`.
 */
export function initListRows(list, beforeReplace) {
  const rows = new ListRows(list, beforeReplace);
  if (rows.more) rows.more.hidden = true;
  sizeSections($$('section', list));
  loadNearTheEnd(rows);
  searchAsYouType(rows);
  return rows;
}
