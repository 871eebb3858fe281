// Dates in the page's language and the reader's time zone, from the ISO value a page prints in <time datetime>.

/** Shows every dated `<time>` in the page's language (the account's, which need not be the browser's);
 *  a day with no time of day stays that day everywhere. */
export function initLocalDates() {
  const language = document.documentElement.lang || undefined;
  for (const time of document.querySelectorAll("time[datetime]")) {
    const date = new Date(time.dateTime);
    if (Number.isNaN(date.valueOf())) continue;
    // "2026-05-13" parses as midnight UTC, which is still the 12th west of Greenwich: read it in UTC.
    const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(time.dateTime);
    time.textContent = date.toLocaleDateString(language, dayOnly ? { dateStyle: "medium", timeZone: "UTC" } : { dateStyle: "medium" });
  }
}
