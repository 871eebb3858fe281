// Shows the server's per-field messages beside the fields of an item form.
import { word } from "./page-words.js";

export function clearFieldErrors(form) {
  for (const field of form.querySelectorAll(".field")) showFieldError(field, "");
  const summary = form.querySelector(".form-error");
  if (summary) summary.textContent = "";
}

export function showFieldErrors(form, error) {
  clearFieldErrors(form);
  let first = null;
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    const field = form.querySelector(`.field[data-field="${CSS.escape(name)}"]`);
    if (!field) continue;
    showFieldError(field, message);
    first ??= field.querySelector("input, select, textarea");
  }
  const summary = form.querySelector(".form-error");
  if (summary) summary.textContent = first ? word("item.detail.check-fields", "Check the fields marked below; nothing was saved.") : error.message;
  first?.focus();
}

function showFieldError(field, message) {
  const input = field.querySelector("input, select, textarea");
  const text = field.querySelector(".field-error");
  const hint = field.querySelector(".field-hint[id]");
  field.classList.toggle("invalid", Boolean(message));
  if (text) text.textContent = message;
  const describedBy = [hint?.id, message ? text?.id : null].filter(Boolean).join(" ");
  if (message) input?.setAttribute("aria-invalid", "true");
  else input?.removeAttribute("aria-invalid");
  if (describedBy) input?.setAttribute("aria-describedby", describedBy);
  else input?.removeAttribute("aria-describedby");
}
