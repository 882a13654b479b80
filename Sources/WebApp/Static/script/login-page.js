// The login page: Log in enabled only when it can work, the Remember password / Auto login
// interlock, and the spinner while logging in (or logging in at once, for Auto login).
import { $ } from './dom.js';

/** Browser autofill may not expose the value until the person interacts; the style tells. */
function autofilled(input) {
  for (const selector of [':autofill', ':-webkit-autofill']) {
    try { if (input.matches(selector)) return true; } catch { /* unsupported selector */ }
  }
  return false;
}

/** Keeps Log in enabled while both fields hold text (or the password is remembered). Returns the check. */
function enableWhenFilled(form, account, password, button) {
  const remembered = password.dataset.remembered === 'true';
  const rememberedAccount = account.value.trim().toLowerCase();
  const update = () => {
    const hasAccount = account.value.trim() !== '' || autofilled(account);
    // The remembered password only stands in for the account it was remembered for.
    const usesRemembered = remembered && account.value.trim().toLowerCase() === rememberedAccount;
    const hasPassword = password.value !== '' || usesRemembered || autofilled(password);
    button.disabled = !(hasAccount && hasPassword);
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('animationstart', (event) => { if (event.animationName === 'autofill') update(); });
  update();
  return update;
}

/** Draws the eye to a switch the other one just moved. */
function flash(input) {
  const row = input.closest('.switch');
  row.classList.remove('flash');
  void row.offsetWidth; // restart the animation
  row.classList.add('flash');
}

/** Auto login needs Remember password; no Remember password, no Auto login. */
function interlock(remember, auto) {
  auto.addEventListener('change', () => {
    if (auto.checked && !remember.checked) { remember.checked = true; flash(remember); }
  });
  remember.addEventListener('change', () => {
    if (!remember.checked && auto.checked) { auto.checked = false; flash(auto); }
  });
}

export function initLoginPage(form) {
  const button = $('#login-button', form);
  const spinner = $('#login-spinner');
  const update = enableWhenFilled(form, $('#account', form), $('#password', form), button);
  interlock($('#remember', form), $('#auto', form));
  let submitting = false;

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
