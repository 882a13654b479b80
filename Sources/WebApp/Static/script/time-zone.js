// The browser's time zone, which the server does not know: moments the pages give in UTC
// (`<time data-local>`, LocalTime.swift) are shown in local time, in the page's language; and
// the chosen time of Undo changes (a datetime-local field) is sent with its offset from UTC.
import { $, $$ } from './dom.js';

/** Rewrites each `<time data-local="moment|time">` under `root` in the browser's time zone. */
export function initLocalTimes(root = document) {
  const language = document.documentElement.lang || undefined;
  const styles = { moment: { dateStyle: 'medium', timeStyle: 'short' }, time: { timeStyle: 'short' } };
  for (const element of $$('time[data-local]', root)) {
    const date = new Date(element.dateTime);
    const style = styles[element.dataset.local];
    if (!style || Number.isNaN(date.getTime())) continue;
    element.title = element.textContent;
    element.textContent = new Intl.DateTimeFormat(language, style).format(date);
  }
}

/** Fills the form's `offset` (minutes east of UTC at the chosen time) as it is sent. */
export function initTimeZoneField(form) {
  const field = $('input[name="at"]', form);
  const offset = $('input[name="offset"]', form);
  if (!field || !offset) return;
  form.addEventListener('submit', () => {
    const chosen = new Date(field.value); // a datetime-local value is read in local time
    offset.value = Number.isNaN(chosen.getTime()) ? '' : String(-chosen.getTimezoneOffset());
  });
}
