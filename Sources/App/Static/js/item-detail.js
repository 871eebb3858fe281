// The detail editor: saves without a reload, shows errors beside the fields, and deletes after
// asking. The form still works as a plain post without scripts.
import { request } from "./http.js";
import { clearFieldErrors, showFieldErrors } from "./field-errors.js";
import { confirmDelete } from "./confirm-delete.js";
import { showToast, toastAfterNavigation } from "./toast.js";

export function initItemDetail() {
  localizeDates();
  const form = document.querySelector("form.item-form[data-etag]");
  if (!form) return;
  const status = form.querySelector(".save-status");
  const save = form.querySelector('button[type="submit"]');

  form.addEventListener("input", () => {
    status.textContent = "";
    status.classList.remove("saved");
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    save.disabled = true;
    status.textContent = "Saving…";
    try {
      const { body: item, etag } = await request("POST", form.action, { form });
      // The ETag is "<id>-<version>"; the form carries the version it was last saved at.
      const version = /-(\d+)"$/.exec(etag ?? "")?.[1];
      if (version) form.elements.version.value = version;
      form.dataset.etag = etag ?? "";
      form.elements.name.value = item.name;
      form.elements.serialNumber.value = item.serialNumber;
      form.elements.valueInDollars.value = String(item.valueInDollars);
      for (const title of document.querySelectorAll(".top-bar-title")) title.textContent = item.name;
      document.title = `${item.name} — Homepwner`;
      form.querySelector(".notice")?.remove();
      clearFieldErrors(form);
      status.textContent = "Saved";
      status.classList.add("saved");
    } catch (error) {
      status.textContent = "";
      showFieldErrors(form, error);
      if (error.status !== 422) showToast(error.message, { error: true });
    } finally {
      save.disabled = false;
    }
  });

  const deleteButton = document.querySelector('.danger-zone [data-action="delete"]');
  deleteButton?.addEventListener("click", async (event) => {
    event.preventDefault();
    const name = form.elements.name.defaultValue || deleteButton.dataset.name;
    if (!(await confirmDelete(name))) return;
    try {
      await request("DELETE", deleteButton.dataset.api);
      toastAfterNavigation(`Deleted “${name}”.`);
      location.assign("/");
    } catch (error) {
      showToast(error.message, { error: true });
    }
  });
}

/** Shows dates in the reader's own language and time zone. */
function localizeDates() {
  for (const time of document.querySelectorAll("time[datetime]")) {
    const date = new Date(time.dateTime);
    if (!Number.isNaN(date.valueOf())) time.textContent = date.toLocaleDateString(undefined, { dateStyle: "medium" });
  }
}
