// The detail editor: saves without a reload, shows errors beside the fields, and deletes after
// asking. The form still works as a plain post without scripts.
import { request } from "./http.js";
import { clearFieldErrors, showFieldErrors } from "./field-errors.js";
import { confirmDelete } from "./confirm-delete.js";
import { showToast, toastAfterNavigation } from "./toast.js";
import { word } from "./page-words.js";

export function initItemDetail() {
  const form = document.querySelector("form.item-form[data-etag]");
  if (!form) return;
  const status = form.querySelector(".save-status");
  // The form's own Save: the Use and Dismiss buttons of suggestions in it submit forms of their own.
  const save = form.querySelector('.form-actions button[type="submit"]');

  form.addEventListener("input", () => {
    status.textContent = "";
    status.classList.remove("saved");
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    save.disabled = true;
    status.textContent = word("item.script.saving", "Saving…");
    try {
      const { body: item, etag } = await request("POST", form.action, { form });
      adoptVersion(etag);
      showSaved(form, item);
      for (const title of document.querySelectorAll(".top-bar-title")) title.textContent = item.name;
      document.title = `${item.name} — Homepwner`;
      form.querySelector(".notice")?.remove();
      clearFieldErrors(form);
      status.textContent = word("item.script.saved", "Saved");
      status.classList.add("saved");
    } catch (error) {
      status.textContent = "";
      showFieldErrors(form, error);
      if (error.status !== 422) showToast(error.message, { error: true });
    } finally {
      save.disabled = false;
    }
  });

  // A photo added or removed on this page moves the item to a new version. The form takes it when
  // the item's fields are still what the form last loaded or saved; if someone else changed them
  // meanwhile, the form keeps its version, so Save reports the conflict instead of overwriting.
  document.addEventListener("item-photo-changed", ({ detail: { item, etag } }) => {
    const unchanged = Object.entries(fieldsOf(item, form)).every(([field, value]) => {
      const element = form.elements[field];
      return !element || savedValue(element) === value;
    });
    if (unchanged) adoptVersion(etag);
  });

  /** The ETag is "<id>-<version>.<position>"; the form carries the version it was last saved at. */
  function adoptVersion(etag) {
    const version = /^"\d+-(\d+)\./.exec(etag ?? "")?.[1];
    if (version) {
      form.elements.version.value = version;
      for (const input of document.querySelectorAll("form.suggestion-form input[name=version]")) input.value = version;
    }
    form.dataset.etag = etag ?? "";
  }

  const deleteButton = document.querySelector('.danger-zone [data-action="delete"]');
  deleteButton?.addEventListener("click", async (event) => {
    event.preventDefault();
    const name = form.elements.name.defaultValue || deleteButton.dataset.name;
    if (!(await confirmDelete(name))) return;
    try {
      await request("DELETE", deleteButton.dataset.api);
      toastAfterNavigation(word("item.script.deleted", "Deleted “{name}”.", { name }));
      location.assign("/");
    } catch (error) {
      showToast(error.message, { error: true });
    }
  });
}

/** The item's fields as the detail form holds them (see ItemDetailsForm), by the form's names. */
function fieldsOf(item, form) {
  const fields = { name: item.name, serialNumber: item.serialNumber, valueInDollars: String(item.valueInDollars) };
  if (!("quantity" in item)) return fields;
  const text = (value) => value ?? "";
  const number = writtenAs(form.elements.amountLanguage);
  Object.assign(fields, {
    replacementCost: number(text(item.replacementCost)), quantity: number(String(item.quantity)), quantityUnit: item.quantityUnit,
    businessUse: item.businessUse, condition: text(item.condition),
    description: item.description, brand: item.brand, model: item.model, barcode: item.barcode, notes: item.notes,
    locationId: item.locationId == null ? "" : String(item.locationId), tags: item.tags.join(", "),
    purchasePrice: number(text(item.purchasePrice)), purchaseDate: text(item.purchaseDate), purchasedFrom: item.purchasedFrom,
    replacementCostDate: text(item.replacementCostDate), replacementCostSource: item.replacementCostSource,
    scheduled: item.scheduled, riderAmount: number(text(item.riderAmount)), warrantyExpires: text(item.warrantyExpires),
    lifetimeWarranty: item.lifetimeWarranty, warrantyDetails: item.warrantyDetails, distinguishingMarks: item.distinguishingMarks,
    disposedKind: text(item.disposed?.kind), disposedDate: text(item.disposed?.date),
    disposedPrice: number(text(item.disposed?.price)), disposedNotes: text(item.disposed?.notes),
  });
  return fields;
}

/**
 * A number from the API (`1299.99`, `2.5`) as the form writes it, in the language its hidden
 * `amountLanguage` field names (`1299,99` in German), so that saving again reads it back the same.
 */
function writtenAs(languageField) {
  const decimal = languageField?.dataset.decimal ?? ".";
  const zero = (languageField?.dataset.zero ?? "0").codePointAt(0);
  return (text) => text.replace(/[0-9.]/g, (character) =>
    character === "." ? decimal : String.fromCodePoint(zero + Number(character)));
}

/** What a control held when the page loaded or last saved. */
function savedValue(element) {
  if (element.type === "checkbox") return element.defaultChecked;
  if (element instanceof HTMLSelectElement) return [...element.options].find((option) => option.defaultSelected)?.value ?? element.options[0]?.value ?? "";
  return element.defaultValue;
}

/** Puts what was stored (trimmed, amounts written out) back in the form, as its new baseline. */
function showSaved(form, item) {
  for (const [field, value] of Object.entries(fieldsOf(item, form))) {
    const element = form.elements[field];
    if (!element) continue;
    if (element.type === "checkbox") {
      element.checked = element.defaultChecked = value;
    } else if (element instanceof HTMLSelectElement) {
      element.value = value;
      for (const option of element.options) option.defaultSelected = option.value === value;
    } else {
      element.value = element.defaultValue = value;
    }
  }
  const rows = [...form.querySelectorAll(".custom-field-row")];
  const stored = Object.entries(item.customFields ?? {});
  while (rows.length && rows.length < stored.length + 2) {
    const row = rows.at(-1).cloneNode(true);
    rows.at(-1).after(row);
    rows.push(row);
  }
  rows.forEach((row, index) => {
    const [name, value] = stored[index] ?? ["", ""];
    const [nameInput, valueInput] = row.querySelectorAll("input");
    nameInput.value = nameInput.defaultValue = name;
    valueInput.value = valueInput.defaultValue = value;
    nameInput.setAttribute("aria-label", word("item.field.custom-name-label", "Field {number} name", { number: index + 1 }));
    valueInput.setAttribute("aria-label", word("item.field.custom-value-label", "Field {number} value", { number: index + 1 }));
  });
}
