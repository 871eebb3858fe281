// The list's search: results as you type, filters as you change them, and "Show more" appending
// the next window. The form still works as a plain GET without scripts.
import { fetchPage } from "./http.js";
import { showToast } from "./toast.js";

const REPLACED = ["item-list", "list-summary", "list-more", "empty-state"];

export function initSearchBar() {
  const form = document.querySelector("form.search-bar[data-instant]");
  if (!form) return;
  let latest = 0;
  let timer;

  const urlOf = (params) => {
    const query = params.toString();
    return form.action.replace(/[?#].*$/, "") + (query ? `?${query}` : "");
  };
  const formParams = () => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (value !== "") params.append(name, value);
    return params;
  };

  async function show(url) {
    const ticket = ++latest;
    try {
      const page = await fetchPage(url);
      if (ticket !== latest) return; // a newer search has started
      for (const id of REPLACED) {
        const fresh = page.getElementById(id);
        const current = document.getElementById(id);
        if (fresh && current) current.replaceWith(fresh);
      }
      history.replaceState(null, "", url);
    } catch (error) {
      if (ticket === latest) showToast(error.message, { error: true });
    }
  }

  const changed = (event) => {
    clearTimeout(timer);
    // Typing waits for a pause; a choice in the filters answers at once.
    const delay = event.target.type === "search" ? 180 : 0;
    timer = setTimeout(() => show(urlOf(formParams())), delay);
  };
  form.addEventListener("input", changed);
  form.addEventListener("change", (event) => { if (event.target.type !== "search") changed(event); });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    show(urlOf(formParams()));
  });

  document.addEventListener("click", async (event) => {
    const more = event.target.closest('#list-more [data-action="more"]');
    if (!more) return;
    event.preventDefault();
    try {
      const page = await fetchPage(more.href);
      const rows = page.querySelectorAll("#item-list > .item-row");
      const first = rows[0]?.querySelector(".item-link");
      document.getElementById("item-list").append(...rows);
      document.getElementById("list-more").replaceWith(page.getElementById("list-more"));
      first?.focus();
    } catch (error) {
      showToast(error.message, { error: true });
    }
  });
}
