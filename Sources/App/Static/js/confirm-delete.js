// Asks before deleting, in the page's alert dialog; resolves true when the person confirms.
import { trapFocus } from "./focus-trap.js";
import { word } from "./page-words.js";

const trapped = new WeakSet();

export function confirmDelete(name) {
  const dialog = document.getElementById("confirm-delete");
  if (!dialog) return Promise.resolve(window.confirm(`Delete “${name}”?`));
  if (!trapped.has(dialog)) {
    trapFocus(dialog);
    trapped.add(dialog);
  }
  dialog.querySelector("h2").textContent = word("item.delete.named-title", "Delete “{name}”?", { name });
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "delete"), { once: true });
  });
}
