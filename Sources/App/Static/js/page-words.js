// The words the page's scripts say, in the page's language. The server writes them, translated, in
// `#page-words`'s and `#site-words`'s `data-words` (JSON: message key → text with {name} placeholders;
// the site's are the outbox's and the offline copy's, on every page); a page that has none (one not
// translated yet) says the US English each script gives with the key.
let words;

/** The message `key` in the page's language, else `english`, its {placeholders} filled from `values`. */
export function word(key, english, values = {}) {
  words ??= readWords();
  return (words[key] ?? english).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function readWords() {
  return { ...read("site-words"), ...read("page-words") };
}

function read(id) {
  try {
    return JSON.parse(document.getElementById(id)?.dataset.words ?? "{}");
  } catch {
    return {};
  }
}
