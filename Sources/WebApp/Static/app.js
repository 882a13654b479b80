// PersonalContacts — the live behaviour on top of the server-rendered pages.
// Every page works without this file; here it only gets quicker and closer to the iOS app.
// No framework; CSP-safe (no inline code, no style attributes: only CSSOM properties).
(() => {
  'use strict';

  document.documentElement.classList.add('js');

  // ---------- Helpers ----------

  const $ = (selector, root = document) => root.querySelector(selector);
  const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
  const csrfToken = $('meta[name="csrf-token"]')?.content ?? '';
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

  /** A state-changing request, marked as the script's so the server answers briefly (204). */
  function post(url, body) {
    return fetch(url, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': csrfToken, 'X-Requested-With': 'fetch' },
    });
  }

  /** Thrown when a fetch came back as something other than rows (the session ended). */
  class LoggedOut extends Error {}

  /** Rows from /contacts/rows: the HTML of its <section>s, the next cursor and the count. */
  async function fetchRows(params, signal) {
    const response = await fetch('/contacts/rows?' + params, {
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

  /** Parses server HTML (already escaped by the server) into a fragment. */
  function parse(html) {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  }

  /** Calls `done` once `element`'s transition or animation ends (or at once with reduced motion). */
  function afterMotion(element, milliseconds, done) {
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

  /** Closes a modal dialog after its closing animation, then calls `then`. */
  function closeDialog(dialog, then) {
    if (!dialog.open || dialog.classList.contains('closing')) return;
    dialog.classList.add('closing');
    afterMotion(dialog, 220, () => {
      dialog.classList.remove('closing');
      dialog.close(); // focus goes back to where it was before the dialog opened
      then?.();
    });
  }

  /** Escape and (for sheets) a tap on the backdrop close `dialog` with its animation. */
  function animateClosing(dialog, onDismiss = () => closeDialog(dialog)) {
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      onDismiss();
    });
  }

  // Links that act as buttons (role=button) also answer the Space key, as buttons do.
  document.addEventListener('keydown', (event) => {
    if (event.key === ' ' && event.target instanceof HTMLAnchorElement && event.target.getAttribute('role') === 'button') {
      event.preventDefault();
      event.target.click();
    }
  });

  // ---------- Login ----------

  function initLogin(form) {
    const account = $('#account', form);
    const password = $('#password', form);
    const button = $('#login-button', form);
    const remember = $('#remember', form);
    const auto = $('#auto', form);
    const spinner = $('#login-spinner');
    const remembered = password.dataset.remembered === 'true';
    const rememberedAccount = account.value.trim().toLowerCase();
    let submitting = false;

    // Browser autofill may not expose the value until the person interacts; the style tells.
    const autofilled = (input) => {
      for (const selector of [':autofill', ':-webkit-autofill']) {
        try { if (input.matches(selector)) return true; } catch { /* unsupported selector */ }
      }
      return false;
    };

    /** Log in is enabled while both fields hold text (or the password is remembered). */
    function update() {
      const hasAccount = account.value.trim() !== '' || autofilled(account);
      // The remembered password only stands in for the account it was remembered for.
      const usesRemembered = remembered && account.value.trim().toLowerCase() === rememberedAccount;
      const hasPassword = password.value !== '' || usesRemembered || autofilled(password);
      button.disabled = !(hasAccount && hasPassword);
    }
    form.addEventListener('input', update);
    form.addEventListener('change', update);
    form.addEventListener('animationstart', (event) => { if (event.animationName === 'autofill') update(); });
    update();

    /** Draws the eye to a switch the other one just moved. */
    function flash(input) {
      const row = input.closest('.switch');
      row.classList.remove('flash');
      void row.offsetWidth; // restart the animation
      row.classList.add('flash');
    }
    // Interlock: Auto login needs Remember password; no Remember password, no Auto login.
    auto.addEventListener('change', () => {
      if (auto.checked && !remember.checked) { remember.checked = true; flash(remember); }
    });
    remember.addEventListener('change', () => {
      if (!remember.checked && auto.checked) { auto.checked = false; flash(auto); }
    });

    function showSpinner() {
      submitting = true;
      spinner.hidden = false;
      form.setAttribute('aria-busy', 'true');
      form.inert = true; // the overlay blocks pointers; this blocks the keyboard
    }
    form.addEventListener('submit', (event) => {
      if (submitting || button.disabled) { event.preventDefault(); return; }
      showSpinner();
    });
    // Coming back through the history cache: the spinner must not still be turning.
    addEventListener('pageshow', (event) => {
      if (!event.persisted) return;
      submitting = false;
      spinner.hidden = true;
      form.removeAttribute('aria-busy');
      form.inert = false;
      update();
    });

    // Auto login: through the spinner straight in (an empty password uses the remember token).
    if (form.dataset.autoLogin === 'true') {
      showSpinner();
      form.submit();
    }
  }

  // ---------- Contact list ----------

  function initList(list) {
    const texts = list.dataset;
    const search = $('#search');
    const toast = $('#toast');
    const undoButton = $('#undo-button');
    const index = $('nav.index');
    const more = $('#more');
    const editToggle = $('#edit-toggle');
    let status = $('#count') || $('#empty');
    // Bumped whenever the list's content is replaced, so that late answers are dropped.
    let generation = 0;
    // Whether the rows start at the top of the book (not at ?after= or ?section=).
    const query = new URLSearchParams(location.search);
    let fromStart = !query.has('after') && !query.has('section');

    if (more) more.hidden = true;

    const rowHeight = 61;
    const headerHeight = 28;
    /** Gives off-screen sections (content-visibility:auto) a good size estimate. */
    function sizeSections(sections) {
      for (const section of sections) {
        const rows = section.getElementsByClassName('row').length;
        section.style.containIntrinsicSize = `auto ${headerHeight + rows * rowHeight}px`;
      }
    }
    sizeSections($$('section', list));

    function countText(count) {
      return count === 1 ? texts.countOne : texts.countOther.replace('{n}', String(count));
    }
    /** The count under the list, or the empty state when there is nothing to show. */
    function setCount(count) {
      if (!status) return;
      status.dataset.count = String(count);
      if (count > 0) {
        status.id = 'count';
        status.className = 'count';
        status.textContent = countText(count);
      } else {
        status.id = 'empty';
        status.className = 'empty';
        status.textContent = list.dataset.query ? texts.noMatches : texts.empty;
      }
    }
    const currentCount = () => Number(status?.dataset.count ?? 0);

    function failed(error) {
      if (error instanceof LoggedOut) location.assign('/login');
      else if (error?.name !== 'AbortError' && more && list.dataset.next) more.hidden = false;
    }

    // --- Infinite scroll: the next page of rows when the end comes near. ---
    const sentinel = document.createElement('div');
    sentinel.className = 'sentinel';
    sentinel.setAttribute('aria-hidden', 'true');
    list.after(sentinel);
    const nearEnd = () => sentinel.getBoundingClientRect().top < innerHeight + 1500;
    let loading = false;

    /** Appends sections, merging a leading one into the same section already at the end. */
    function appendSections(fragment) {
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

    async function loadMore() {
      const after = list.dataset.next;
      if (loading || !after) return;
      loading = true;
      const started = generation;
      const q = list.dataset.query;
      try {
        const page = await fetchRows(new URLSearchParams(q ? { q, after } : { after }));
        if (started !== generation) return;
        appendSections(parse(page.html));
        list.dataset.next = page.next;
      } catch (error) {
        failed(error);
        return;
      } finally {
        loading = false;
      }
      if (nearEnd()) loadMore();
    }
    if ('IntersectionObserver' in window) {
      new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      }, { rootMargin: '0px 0px 1500px 0px' }).observe(sentinel);
    } else if (more) {
      more.hidden = false;
    }

    // --- Live search ---
    let searchTimer = 0;
    let searchAbort = null;

    /** Replaces the list with the rows for the search field's text (all rows when empty). */
    async function runSearch(force = false) {
      const q = search.value.trim();
      if (!force && q === list.dataset.query) return;
      searchAbort?.abort();
      searchAbort = new AbortController();
      const started = ++generation;
      try {
        const page = await fetchRows(new URLSearchParams(q ? { q } : {}), searchAbort.signal);
        if (started !== generation) return;
        finishDeletion();
        const fragment = parse(page.html);
        sizeSections($$('section', fragment));
        list.replaceChildren(fragment);
        list.dataset.query = q;
        list.dataset.next = page.next;
        fromStart = true;
        setCount(Number(page.count ?? list.getElementsByClassName('row').length));
        history.replaceState(history.state, '', q ? '/contacts?q=' + encodeURIComponent(q) : '/contacts');
        if (nearEnd()) loadMore();
      } catch (error) {
        failed(error);
      }
    }
    if (search) {
      search.addEventListener('input', () => {
        clearTimeout(searchTimer);
        searchTimer = setTimeout(runSearch, 120);
      });
      search.form.addEventListener('submit', (event) => {
        event.preventDefault();
        clearTimeout(searchTimer);
        runSearch();
        search.blur(); // puts the phone keyboard away
      });
    }

    // --- Edit mode: every row shows its Delete, without a reload. ---
    editToggle?.addEventListener('click', (event) => {
      event.preventDefault();
      const on = !list.classList.contains('editing');
      list.classList.toggle('editing', on);
      editToggle.textContent = on ? editToggle.dataset.done : editToggle.dataset.edit;
      editToggle.setAttribute('aria-pressed', String(on));
      editToggle.href = on ? '/contacts' : '/contacts?edit=1';
      closeSwipe();
    });

    // --- Swipe left on a row (touch) reveals its Delete. One set of listeners for all rows. ---
    let swipe = null;
    let openRow = null;
    let swallowClick = false;

    function closeSwipe() {
      openRow?.classList.remove('swiped');
      openRow = null;
    }
    list.addEventListener('pointerdown', (event) => {
      if (event.pointerType === 'mouse' || list.classList.contains('editing')) return;
      const row = event.target.closest('.row');
      if (!row || event.target.closest('.row-delete')) return;
      const width = $('.row-delete', row).offsetWidth || 88;
      swipe = {
        row, width, id: event.pointerId,
        link: $('.row-link', row),
        button: $('.row-delete', row),
        x: event.clientX, y: event.clientY,
        start: row.classList.contains('swiped') ? -width : 0,
        offset: 0, active: false,
      };
    });
    list.addEventListener('pointermove', (event) => {
      if (!swipe || event.pointerId !== swipe.id) return;
      const dx = event.clientX - swipe.x;
      const dy = event.clientY - swipe.y;
      if (!swipe.active) {
        if (Math.abs(dy) > 10 && Math.abs(dy) > Math.abs(dx)) { swipe = null; return; } // a scroll
        if (Math.abs(dx) < 10) return;
        swipe.active = true;
        swipe.row.classList.add('swiping');
        try { swipe.row.setPointerCapture(event.pointerId); } catch { /* pointer already gone */ }
      }
      swipe.offset = Math.min(0, Math.max(-1.5 * swipe.width, swipe.start + dx));
      swipe.link.style.transform = `translateX(${swipe.offset}px)`;
      swipe.button.style.width = Math.max(swipe.width, -swipe.offset) + 'px'; // Delete fills the gap
    });
    const endSwipe = (event) => {
      if (!swipe || event.pointerId !== swipe.id) return;
      const { row, link, button, width, offset, active } = swipe;
      swipe = null;
      if (!active) return;
      const open = event.type === 'pointerup' && offset < -width / 2;
      // Same frame: drop the drag's transform and set the class, so the CSS transition settles it.
      row.classList.remove('swiping');
      link.style.transform = '';
      button.style.width = '';
      row.classList.toggle('swiped', open);
      openRow = open ? row : null;
      swallowClick = true;
      setTimeout(() => { swallowClick = false; }, 300);
    };
    list.addEventListener('pointerup', endSwipe);
    list.addEventListener('pointercancel', endSwipe);
    // While a row is open, a tap anywhere but on its Delete only closes it.
    document.addEventListener('pointerdown', (event) => {
      if (!openRow || (openRow.contains(event.target) && event.target.closest('.row-delete'))) return;
      closeSwipe();
      swallowClick = true;
      setTimeout(() => { swallowClick = false; }, 600);
    }, true);
    document.addEventListener('click', (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    }, true);

    // --- Delete with an Undo toast ---
    // The deleted row stays in the page, hidden, until the toast goes: Undo puts it back.
    let pending = null;
    let toastTimer = 0;
    let toastShown = 0;

    /** Collapses a row's height to nothing, then hides it (and its section if now empty). */
    function collapse(row) {
      row.style.height = row.offsetHeight + 'px';
      row.classList.add('animating');
      void row.offsetHeight;
      row.classList.add('gone');
      row.style.height = '0px';
      afterMotion(row, 300, () => {
        if (!row.classList.contains('gone')) return; // undone meanwhile
        row.hidden = true;
        row.classList.remove('animating');
        row.style.height = '';
        const section = row.closest('section');
        if (section && !$('.row:not([hidden])', section)) section.hidden = true;
      });
    }

    /** Shows a hidden row again, growing it back to its height. */
    function expand(row) {
      const section = row.closest('section');
      if (section) section.hidden = false;
      row.hidden = false;
      row.classList.remove('animating', 'gone');
      row.style.height = '';
      const height = row.offsetHeight;
      row.style.height = '0px';
      row.classList.add('animating', 'gone');
      void row.offsetHeight;
      row.classList.remove('gone');
      row.style.height = height + 'px';
      afterMotion(row, 300, () => {
        if (row.classList.contains('gone')) return;
        row.classList.remove('animating');
        row.style.height = '';
      });
    }

    /** The toast's time is up (or a new deletion came): the row leaves the page for good. */
    function finishDeletion() {
      if (!pending) return;
      const { row } = pending;
      pending = null;
      const section = row.closest('section');
      row.remove();
      if (section && !$('.row', section)) section.remove();
    }

    function showToast() {
      const shown = ++toastShown;
      toast.classList.remove('leaving');
      toast.hidden = false;
      clearTimeout(toastTimer);
      toastTimer = setTimeout(() => hideToast(shown), 5000);
    }
    function hideToast(shown = toastShown, force = false) {
      clearTimeout(toastTimer);
      if (toast.hidden || shown !== toastShown) return;
      // Someone reading it with the keyboard keeps it until they move on.
      if (!force && $(':focus-visible', toast)) {
        toast.addEventListener('focusout', () => {
          toastTimer = setTimeout(() => hideToast(shown), 2000);
        }, { once: true });
        return;
      }
      toast.classList.add('leaving');
      afterMotion(toast, 200, () => {
        if (shown !== toastShown) return;
        toast.hidden = true;
        toast.classList.remove('leaving');
        finishDeletion();
      });
    }

    list.addEventListener('submit', async (event) => {
      const form = event.target.closest('.row-delete');
      if (!form || !toast || !undoButton) return;
      event.preventDefault();
      const row = form.closest('.row');
      const button = $('button', form);
      if (button.disabled) return;
      button.disabled = true;
      const hadKeyboardFocus = row.contains(document.activeElement) && document.activeElement.matches(':focus-visible');
      let response;
      try {
        response = await post(form.action, new URLSearchParams(new FormData(form)));
      } catch {
        response = null;
      }
      if (response?.status !== 204) {
        // The session or the form's token ended: the plain form shows why.
        button.disabled = false;
        form.submit();
        return;
      }
      finishDeletion();
      row.classList.remove('swiped');
      if (openRow === row) openRow = null;
      pending = { id: row.dataset.id, row, section: row.closest('section')?.dataset.section ?? '' };
      collapse(row);
      setCount(Math.max(0, currentCount() - 1));
      showToast();
      if (hadKeyboardFocus) undoButton.focus();
    });

    undoButton?.addEventListener('click', async () => {
      const deleted = pending;
      if (!deleted) return;
      pending = null;
      const keyboard = undoButton.matches(':focus-visible');
      hideToast(toastShown, true);
      let response;
      try {
        response = await post(`/contacts/${deleted.id}/restore`);
      } catch {
        response = null;
      }
      if (response?.status !== 204) { location.reload(); return; }
      // Re-fetch the rows around it, so that what comes back is the server's current row.
      let fresh = null;
      try {
        const q = list.dataset.query;
        const page = await fetchRows(new URLSearchParams(q ? { q } : { section: deleted.section }));
        fresh = parse(page.html).querySelector(`.row[data-id="${CSS.escape(deleted.id)}"]`);
      } catch (error) {
        if (error instanceof LoggedOut) { location.assign('/login'); return; }
      }
      if (deleted.row.isConnected) {
        let row = deleted.row;
        if (fresh) { row.replaceWith(fresh); row = fresh; fresh.hidden = true; }
        $('.row-delete button', row).disabled = false;
        expand(row);
        setCount(currentCount() + 1);
        if (keyboard) $('.row-link', row).focus();
      } else {
        runSearch(true); // the list was replaced meanwhile: show it afresh
      }
    });
    toast?.addEventListener('pointerenter', () => clearTimeout(toastTimer));
    toast?.addEventListener('pointerleave', () => {
      if (toast.hidden || !pending) return;
      const shown = toastShown;
      toastTimer = setTimeout(() => hideToast(shown), 2000);
    });
    // The server's own toast (after a delete without script) goes away too, and a reload
    // does not bring it back.
    if (query.has('deleted')) {
      query.delete('deleted');
      history.replaceState(history.state, '', location.pathname + (String(query) ? '?' + query : '') + location.hash);
    }
    if (toast && !toast.hidden && !undoButton) {
      setTimeout(() => {
        toast.classList.add('leaving');
        afterMotion(toast, 200, () => { toast.hidden = true; });
      }, 8000);
    }

    // --- The jump index: tap, or drag a finger down the letters ---
    if (index) initIndex(index, list, () => ({ fromStart }));

    // --- The menu (a popover) closes once an item is chosen: Export downloads and stays here. ---
    const menu = $('#list-menu');
    menu?.addEventListener('click', (event) => {
      if (event.target.closest('a') && menu.matches(':popover-open')) menu.hidePopover();
    });

    // --- Log out asks first, in an action sheet ---
    const logout = $('#logout-button');
    const sheet = $('#logout-sheet');
    if (logout && sheet && typeof sheet.showModal === 'function') {
      logout.addEventListener('click', (event) => {
        event.preventDefault();
        sheet.classList.remove('closing');
        sheet.showModal();
        $('#cancel-logout', sheet)?.focus(); // the safe choice first, as on iOS
      });
      $('#cancel-logout', sheet)?.addEventListener('click', () => closeDialog(sheet));
      animateClosing(sheet);
      // A tap on the dimmed page (the dialog's own box, outside its groups) cancels.
      sheet.addEventListener('click', (event) => { if (event.target === sheet) closeDialog(sheet); });
      sheet.addEventListener('close', () => logout.focus({ preventScroll: true }));
    }
  }

  /** The A–Z # index beside the list. */
  function initIndex(index, list, state) {
    const links = $$('a', index);
    const order = links.map((link) => link.dataset.section);
    const bubble = document.createElement('div');
    bubble.className = 'index-bubble';
    bubble.setAttribute('aria-hidden', 'true');
    document.body.append(bubble);
    let pointer = null;
    let current = null;
    let bubbleTimer = 0;

    /**
     * Scrolls to the link's section, or to the next one that has contacts. Returns false when the
     * rows for that letter are not in the page (the page began later, or more pages follow).
     */
    function jump(link, focus = false) {
      const wanted = order.indexOf(link.dataset.section);
      const sections = $$('section:not([hidden])', list);
      const positions = sections.map((section) => order.indexOf(section.dataset.section));
      if (!sections.length) return false;
      const coveredBefore = state().fromStart || wanted >= positions[0];
      const coveredAfter = !list.dataset.next || wanted <= positions[positions.length - 1];
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

    function showBubble(text) {
      bubble.textContent = text;
      bubble.classList.add('visible');
      clearTimeout(bubbleTimer);
    }
    function hideBubble() {
      clearTimeout(bubbleTimer);
      bubbleTimer = setTimeout(() => bubble.classList.remove('visible'), 300);
    }

    /** The letter at the finger's height, even when the finger has wandered off sideways. */
    function linkAt(clientY) {
      const box = index.getBoundingClientRect();
      const y = Math.min(Math.max(clientY, box.top + 1), box.bottom - 1);
      const element = document.elementFromPoint(box.left + box.width / 2, y);
      return element?.closest?.('nav.index a') ?? null;
    }
    function track(event) {
      const link = linkAt(event.clientY);
      if (!link || link === current) return;
      current = link;
      showBubble(link.textContent);
      jump(link);
    }

    index.addEventListener('pointerdown', (event) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
      pointer = event.pointerId;
      current = null;
      try { index.setPointerCapture(pointer); } catch { /* ignore */ }
      track(event);
    });
    index.addEventListener('pointermove', (event) => {
      if (event.pointerId === pointer) track(event);
    });
    const release = (event) => {
      if (event.pointerId !== pointer) return;
      pointer = null;
      hideBubble();
      // Released on a letter whose rows are not here: open the list from that letter.
      if (event.type === 'pointerup' && current && !jump(current)) location.assign(current.href);
      current = null;
    };
    index.addEventListener('pointerup', release);
    index.addEventListener('pointercancel', release);
    index.addEventListener('click', (event) => {
      const link = event.target.closest('a');
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault(); // pointers were handled above
      if (link && event.detail === 0 && !jump(link, true)) location.assign(link.href); // keyboard
    });
  }

  // ---------- New, view and edit contact ----------

  function initContact(form) {
    const initialMode = form.dataset.mode; // new | view | edit
    const name = $('#name', form);
    const age = $('#age', form);
    const firstPhone = $('#phone-0', form);
    const photo = $('#photo', form);
    const submitButton = $('#submit-button');
    const saveButton = $('#save-button');
    const editButton = $('#edit-button');
    const cancelButton = $('#cancel-button');
    const backButton = $('#back-button');
    const links = $('#contact-links');
    const actions = $('#contact-actions');
    const discardDialog = $('#discard-dialog');
    let editing = initialMode !== 'view';
    let leaving = false; // set once the page may unload without asking

    const fields = () => Array.from(form.elements).filter((element) => element.name && element.type !== 'hidden');

    /** Whether any field differs from what the page was served with (the stored values). */
    function isDirty() {
      return fields().some((element) => {
        if (element.type === 'file') return element.files.length > 0;
        if (element.type === 'checkbox' || element.type === 'radio') return element.checked !== element.defaultChecked;
        if (element instanceof HTMLSelectElement) {
          const initial = Math.max(0, Array.from(element.options).findIndex((option) => option.defaultSelected));
          return element.selectedIndex !== initial;
        }
        return element.value !== element.defaultValue;
      });
    }

    /** Name given; age empty or a whole number 0–150. */
    function isValid() {
      if (!name.value.trim()) return false;
      if (age) {
        const text = age.value.trim();
        if (age.validity.badInput) return false;
        if (text !== '' && !(/^\d+$/.test(text) && Number(text) <= 150)) return false;
      }
      return true;
    }

    function update() {
      if (initialMode === 'new') {
        if (submitButton) submitButton.disabled = !(name.value.trim() && firstPhone?.value.trim());
      } else if (saveButton) {
        saveButton.disabled = !(editing && isValid() && isDirty());
      }
    }
    form.addEventListener('input', update);
    form.addEventListener('change', update);
    form.addEventListener('reset', () => setTimeout(() => { photoPicker?.restore(); update(); }));
    form.addEventListener('submit', (event) => {
      const button = initialMode === 'new' ? submitButton : saveButton;
      if (button?.disabled || !editing) { event.preventDefault(); return; }
      leaving = true;
    });
    $('.delete-contact')?.addEventListener('submit', () => { leaving = true; });

    // --- View → edit in place, and back ---
    function setEditing(on) {
      editing = on;
      for (const element of fields()) {
        if (element instanceof HTMLSelectElement || element.type === 'file' || element.type === 'checkbox') element.disabled = !on;
        else element.readOnly = !on;
      }
      const remove = $('.remove-photo', form);
      if (remove) remove.hidden = !on;
      form.dataset.mode = on ? 'edit' : 'view';
      if (links) links.hidden = on;
      if (actions) actions.hidden = on;
      if (editButton) editButton.hidden = on;
      if (cancelButton) cancelButton.hidden = !on;
      if (saveButton) saveButton.hidden = !on;
      update();
    }

    /** Asks "Discard changes?"; `discard` runs when the person chooses Discard. */
    let onDiscard = null;
    function confirmDiscard(discard) {
      if (!discardDialog || typeof discardDialog.showModal !== 'function') {
        if (confirm($('h2', discardDialog)?.textContent ?? 'Discard changes?')) discard();
        return;
      }
      onDiscard = discard;
      discardDialog.classList.remove('closing');
      discardDialog.showModal();
      $('#keep-editing-button')?.focus();
    }
    if (discardDialog) {
      $('#discard-button')?.addEventListener('click', () => {
        const discard = onDiscard;
        onDiscard = null;
        closeDialog(discardDialog, discard);
      });
      $('#keep-editing-button')?.addEventListener('click', () => {
        onDiscard = null;
        closeDialog(discardDialog);
      });
      animateClosing(discardDialog, () => { onDiscard = null; closeDialog(discardDialog); });
    }

    if (initialMode === 'view') {
      editButton?.addEventListener('click', (event) => {
        event.preventDefault();
        setEditing(true);
        (firstPhone ?? name).focus();
      });
      const backToView = () => {
        form.reset();
        photoPicker?.restore();
        setEditing(false);
        editButton?.focus();
      };
      cancelButton?.addEventListener('click', () => {
        if (isDirty()) confirmDiscard(backToView);
        else backToView();
      });
    }

    // Leaving by a link (Back, or Cancel on the edit page) with changes asks first.
    const exits = [backButton, initialMode === 'edit' ? cancelButton : null].filter(Boolean);
    for (const link of exits) {
      link.addEventListener('click', (event) => {
        if (initialMode === 'new' || !editing || !isDirty()) return;
        event.preventDefault();
        confirmDiscard(() => {
          leaving = true;
          location.assign(link.href);
        });
      });
    }
    // Reload, browser back, closing the tab: the browser's own prompt.
    addEventListener('beforeunload', (event) => {
      if (leaving || initialMode === 'new' || !editing || !isDirty()) return;
      event.preventDefault();
      event.returnValue = '';
    });

    const photoPicker = photo ? initPhoto(photo, form, update) : null;
    update();
    // The name field has autofocus; make sure it got it (autofocus runs before animation frames).
    if (initialMode === 'new') requestAnimationFrame(() => { if (document.activeElement === document.body) name.focus(); });
  }

  // ---------- Photo: crop square, scale to ≤ 512 px, JPEG, back into the file input ----------

  function initPhoto(input, form, changed) {
    const avatar = $('.photo-label .avatar', form);
    const original = { className: avatar?.className ?? '', html: avatar?.innerHTML ?? '' };
    const removeBox = $('#remove-photo', form);
    const texts = input.dataset;
    let chosen = null;       // the cropped file now in the input
    let previewURL = null;
    let error = null;

    function showError(message) {
      if (!error) {
        error = document.createElement('p');
        error.className = 'form-error';
        error.id = 'photo-error';
        error.setAttribute('role', 'alert');
        input.closest('.photo-field').after(error);
      }
      error.textContent = message;
      error.hidden = false;
    }
    function clearError() { if (error) error.hidden = true; }

    /** Puts `file` (or nothing) into the input, as if the person had chosen it. */
    function setFile(file) {
      try {
        const transfer = new DataTransfer();
        if (file) transfer.items.add(file);
        input.files = transfer.files;
      } catch {
        if (!file) input.value = '';
      }
    }

    function showPreview(blob) {
      if (!avatar) return;
      if (previewURL) URL.revokeObjectURL(previewURL);
      previewURL = URL.createObjectURL(blob);
      const img = document.createElement('img');
      img.alt = '';
      img.src = previewURL;
      avatar.className = 'avatar avatar-large';
      avatar.replaceChildren(img);
    }

    /** Back to the stored photo (Cancel, reset). */
    function restore() {
      chosen = null;
      clearError();
      if (avatar) {
        avatar.className = original.className;
        avatar.innerHTML = original.html;
      }
      if (previewURL) { URL.revokeObjectURL(previewURL); previewURL = null; }
    }

    removeBox?.addEventListener('change', () => {
      avatar?.classList.toggle('removed', removeBox.checked && !chosen);
    });

    input.addEventListener('change', async () => {
      const file = input.files[0];
      if (!file) { setFile(chosen); return; }
      clearError();
      const reject = () => {
        setFile(chosen);
        showError(texts.unsupported);
        changed();
      };
      if (!file.type.startsWith('image/')) { reject(); return; }
      const url = URL.createObjectURL(file);
      const image = new Image();
      image.src = url;
      try {
        await image.decode();
      } catch {
        URL.revokeObjectURL(url);
        reject();
        return;
      }
      const blob = await crop(image, texts);
      URL.revokeObjectURL(url);
      if (!blob) { setFile(chosen); changed(); return; } // crop cancelled: keep what was there
      chosen = new File([blob], (file.name.replace(/\.[^.]*$/, '') || 'photo') + '.jpg', { type: 'image/jpeg' });
      setFile(chosen); // without DataTransfer support the original file stays and goes as it is
      showPreview(blob);
      if (removeBox) { removeBox.checked = false; avatar?.classList.remove('removed'); }
      changed();
    });

    return { restore };
  }

  /**
   * Shows the square crop view for `image`. Resolves with a JPEG blob of the square
   * (at most 512×512, quality 0.85), or null when cancelled.
   */
  function crop(image, texts) {
    return new Promise((resolve) => {
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
      zoom.type = 'range';
      zoom.className = 'crop-zoom';
      zoom.min = '1';
      zoom.max = '4';
      zoom.step = '0.01';
      zoom.value = '1';
      zoom.setAttribute('aria-label', texts.zoom);
      const buttons = document.createElement('div');
      buttons.className = 'crop-buttons';
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.className = 'cancel';
      cancel.textContent = texts.cancel;
      const choose = document.createElement('button');
      choose.type = 'button';
      choose.className = 'choose';
      choose.textContent = texts.choose;
      buttons.append(cancel, choose);
      dialog.append(title, view, zoom, buttons);
      document.body.append(dialog);
      dialog.showModal();

      // Geometry: the image's top-left at (x, y) in the square view of side `side`, scaled by
      // base × scale, where base makes the short side fill the square (scale 1 = "cover").
      const width = image.naturalWidth;
      const height = image.naturalHeight;
      img.style.width = width + 'px';
      img.style.height = height + 'px';
      let side = view.clientWidth;
      let base = side / Math.min(width, height);
      let scale = 1;
      let x = (side - width * base) / 2;
      let y = (side - height * base) / 2;

      function draw() {
        const s = base * scale;
        x = Math.min(0, Math.max(side - width * s, x));
        y = Math.min(0, Math.max(side - height * s, y));
        img.style.transform = `translate(${x}px, ${y}px) scale(${s})`;
      }
      /** Zooms keeping the point (px, py) of the view where it is. */
      function zoomTo(next, px = side / 2, py = side / 2) {
        next = Math.min(4, Math.max(1, next));
        const ratio = next / scale;
        x = px - (px - x) * ratio;
        y = py - (py - y) * ratio;
        scale = next;
        zoom.value = String(scale);
        draw();
      }
      draw();

      const pointers = new Map();
      const local = (event) => {
        const box = view.getBoundingClientRect();
        return { x: event.clientX - box.left, y: event.clientY - box.top };
      };
      view.addEventListener('pointerdown', (event) => {
        view.setPointerCapture(event.pointerId);
        pointers.set(event.pointerId, local(event));
      });
      view.addEventListener('pointermove', (event) => {
        if (!pointers.has(event.pointerId)) return;
        const before = [...pointers.values()];
        pointers.set(event.pointerId, local(event));
        const after = [...pointers.values()];
        if (after.length === 1) {
          x += after[0].x - before[0].x;
          y += after[0].y - before[0].y;
          draw();
        } else if (after.length >= 2) {
          // Pinch: zoom by the change of distance around the midpoint, pan by its movement.
          const distance = (p) => Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) || 1;
          const middle = (p) => ({ x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 });
          const m0 = middle(before);
          const m1 = middle(after);
          x += m1.x - m0.x;
          y += m1.y - m0.y;
          zoomTo(scale * distance(after) / distance(before), m1.x, m1.y);
        }
      });
      const lift = (event) => pointers.delete(event.pointerId);
      view.addEventListener('pointerup', lift);
      view.addEventListener('pointercancel', lift);
      view.addEventListener('wheel', (event) => {
        event.preventDefault();
        const point = local(event);
        zoomTo(scale * Math.exp(-event.deltaY * 0.002), point.x, point.y);
      }, { passive: false });
      view.addEventListener('keydown', (event) => {
        const step = event.shiftKey ? 40 : 10;
        const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
        if (moves[event.key]) {
          x += moves[event.key][0];
          y += moves[event.key][1];
          draw();
        } else if (event.key === '+' || event.key === '=') {
          zoomTo(scale * 1.1);
        } else if (event.key === '-') {
          zoomTo(scale / 1.1);
        } else {
          return;
        }
        event.preventDefault();
      });
      zoom.addEventListener('input', () => zoomTo(Number(zoom.value)));
      const resized = () => {
        const next = view.clientWidth;
        if (!next || next === side) return;
        const ratio = next / side;
        x *= ratio;
        y *= ratio;
        side = next;
        base = side / Math.min(width, height);
        draw();
      };
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
        const s = base * scale;
        const source = side / s;                     // the square's side in image pixels
        const size = Math.max(1, Math.min(512, Math.round(source)));
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        const context = canvas.getContext('2d');
        context.fillStyle = '#fff';                  // JPEG has no transparency
        context.fillRect(0, 0, size, size);
        context.imageSmoothingEnabled = true;
        context.imageSmoothingQuality = 'high';
        context.drawImage(image, -x / s, -y / s, source, source, 0, 0, size, size);
        canvas.toBlob((blob) => finish(blob), 'image/jpeg', 0.85);
      });
    });
  }

  // ---------- Start ----------

  const loginForm = $('.login-page:not(.setup-page) .login-form');
  if (loginForm && $('#login-button', loginForm)) initLogin(loginForm);
  const list = $('#list');
  if (list) initList(list);
  const contactForm = $('#contact-form');
  if (contactForm) initContact(contactForm);
})();
