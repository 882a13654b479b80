// Passkeys (WebAuthn): adding one on Settings → Passkeys, and signing in with one on the login
// page. The server gives the options and a single-use challenge; the browser's authenticator
// answers; the answer goes back as JSON, its bytes in base64url. Where the browser has no
// PublicKeyCredential, the buttons stay hidden.
import { $ } from './dom.js';
import { post } from './requests.js';

/** Base64url (no padding) of an ArrayBuffer. */
function encode(buffer) {
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The bytes of base64url `text`. */
function decode(text) {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** POSTs `body` as JSON; the answer's JSON, or throws its `error` (in the page's language). An
 *  answer that is a page (the session ended: the login page) is shown instead. */
async function postJSON(url, body) {
  const response = await post(url, JSON.stringify(body ?? {}));
  if (!(response.headers.get('Content-Type') ?? '').startsWith('application/json')) {
    location.assign(response.url);
    throw new Error(response.statusText);
  }
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? response.statusText);
  return answer;
}

/** Shows `message` in `element` (or hides it when empty). */
function show(element, message) {
  element.textContent = message;
  element.hidden = message === '';
}

/** What a person is told when the browser's own dialog failed: the authenticator holds one of
 *  the account's passkeys already (InvalidStateError), or it was cancelled or timed out. */
function browserFailure(error, element) {
  if (!(error instanceof DOMException)) return error.message;
  return error.name === 'InvalidStateError' && element.dataset.already ? element.dataset.already : element.dataset.cancelled;
}

/** Settings → Passkeys: Add a passkey, with the name typed. */
export function initPasskeySettings(form) {
  if (!window.PublicKeyCredential) return;
  const error = $('#passkey-error', form);
  form.hidden = false;
  $('#passkey-unsupported')?.remove();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    show(error, '');
    const button = $('button[type="submit"]', form);
    button.disabled = true;
    try {
      const name = $('#passkey-name', form).value;
      const options = await postJSON('/settings/passkeys/options', { name });
      const credential = await navigator.credentials.create({
        publicKey: {
          ...options,
          challenge: decode(options.challenge),
          user: { ...options.user, id: decode(options.user.id) },
          excludeCredentials: options.excludeCredentials.map((item) => ({ ...item, id: decode(item.id) })),
        },
      });
      const { response } = credential;
      const answer = await postJSON('/settings/passkeys', {
        name,
        id: credential.id,
        clientDataJSON: encode(response.clientDataJSON),
        attestationObject: encode(response.attestationObject),
      });
      location.assign(answer.location);
    } catch (failure) {
      show(error, browserFailure(failure, form));
      button.disabled = false;
    }
  });
}

/** The login page's Sign in with a passkey: a discoverable credential, no account name typed. */
export function initPasskeyLogin(button) {
  if (!window.PublicKeyCredential) return;
  const error = $('#passkey-login-error');
  button.hidden = false;
  button.addEventListener('click', async () => {
    show(error, '');
    button.disabled = true;
    try {
      const options = await postJSON('/login/passkey/options');
      const credential = await navigator.credentials.get({
        publicKey: { ...options, challenge: decode(options.challenge), allowCredentials: [] },
      });
      const { response } = credential;
      const answer = await postJSON('/login/passkey', {
        id: credential.id,
        clientDataJSON: encode(response.clientDataJSON),
        authenticatorData: encode(response.authenticatorData),
        signature: encode(response.signature),
        userHandle: response.userHandle ? encode(response.userHandle) : null,
        next: button.dataset.next ?? null,
      });
      location.assign(answer.location);
    } catch (failure) {
      show(error, browserFailure(failure, button));
      button.disabled = false;
    }
  });
}
