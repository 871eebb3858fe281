// The Drafts page: type what a photo shows, press Enter, and the focus is on the next draft at once
// while the name is saved in the background (PATCH through the JSON API); a named draft leaves the
// list. A name the server refuses stays in its field with the message. Without scripts each form
// posts and the page comes back with the next draft's field focused.
import { request } from "./http.js";
import { word } from "./page-words.js";

export function initDrafts() {
  const list = document.querySelector(".page-drafts .draft-list");
  if (!list) return;
  const intro = document.getElementById("drafts-intro");

  list.addEventListener("submit", (event) => {
    const form = event.target.closest("form.draft-name-form[data-api]");
    if (!form) return;
    event.preventDefault();
    const card = form.closest(".draft-card");
    const field = form.querySelector("input.draft-name");
    const error = form.querySelector(".draft-error");
    const name = field.value.trim();
    if (!name) {
      showError(field, error, word("drafts.script.name-first", "Type what the photo shows first, then press Enter."));
      return;
    }
    showError(field, error, "");
    card.classList.add("saving");
    focusNext(card);
    save(form, card, field, error, name);
  });

  async function save(form, card, field, error, name) {
    try {
      await request("PATCH", form.dataset.api, { json: { name } });
      card.remove();
      updateCount();
    } catch (failure) {
      card.classList.remove("saving");
      showError(field, error, failure.fields?.name ?? failure.message);
    }
  }

  /** The next draft still to name (after this one, else the first), or the closing message. */
  function focusNext(card) {
    const cards = [...list.querySelectorAll(".draft-card:not(.saving)")];
    const next = cards.find((other) => card.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING) ?? cards[0];
    if (next) {
      next.querySelector("input.draft-name")?.focus();
      next.scrollIntoView({ block: "nearest" });
    } else {
      const done = document.getElementById("drafts-done");
      if (done) {
        done.hidden = false;
        done.focus();
      }
    }
  }

  function showError(field, error, message) {
    error.textContent = message;
    if (message) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  }

  function updateCount() {
    const left = list.querySelectorAll(".draft-card").length;
    if (intro) {
      intro.textContent = left === 0 ? word("drafts.script.all-named", "Every draft is named.")
        : left === 1 ? word("drafts.script.one-left", "1 draft to name. Type what each photo shows and press Enter to go to the next.")
        : word("drafts.script.left", "{left} drafts to name. Type what each photo shows and press Enter to go to the next.", { left });
    }
  }
}
