// "+" opens the New Item sheet: a centred form sheet at regular width, full screen at compact
// width. Cancel (or Esc) discards what was typed; Done stores the item and shows it in the list.
import { request } from "./http.js";
import { clearFieldErrors, showFieldErrors } from "./field-errors.js";
import { trapFocus } from "./focus-trap.js";
import { refreshItemList } from "./item-list.js";
import { showToast } from "./toast.js";

export function initNewItemSheet() {
  const sheet = document.getElementById("new-item-sheet");
  if (!sheet) return;
  const form = sheet.querySelector("form");
  const done = form.querySelector('button[type="submit"]');
  trapFocus(sheet);

  const open = (event) => {
    event.preventDefault();
    if (sheet.open) return;
    form.reset();
    clearFieldErrors(form);
    sheet.showModal();
    form.querySelector('input[name="name"]').focus();
  };
  for (const trigger of document.querySelectorAll('[data-action="new-item"]')) trigger.addEventListener("click", open);

  form.querySelector('[data-action="cancel"]').addEventListener("click", () => sheet.close("cancel"));
  sheet.addEventListener("close", () => {
    if (sheet.returnValue !== "done") form.reset();
    sheet.returnValue = "";
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    done.disabled = true;
    try {
      const { body: item } = await request("POST", form.action, { form });
      sheet.close("done");
      form.reset();
      await refreshItemList({ highlight: item.id });
      showToast(`Added “${item.name}”.`);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      done.disabled = false;
    }
  });
}
