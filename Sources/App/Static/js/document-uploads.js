// "Attach" in an item's documents: the file goes into the device's outbox (outbox.js) with its kind
// and name, is uploaded from there with its progress, and the page reloads to list it once it has
// arrived. Without scripts the form posts it.
import { outboxAvailable } from "./outbox.js";
import { sendThroughOutbox } from "./photo-uploads.js";
import { word } from "./page-words.js";

export function initDocumentUploads() {
  const form = document.querySelector("form.add-document-form[data-api]");
  if (!form || !outboxAvailable()) return;
  const list = form.querySelector(".upload-list");
  form.addEventListener("submit", async (event) => {
    const input = form.elements.document;
    const file = input.files?.[0];
    if (!file) return;
    event.preventDefault();
    const handoff = new URL(form.dataset.api, location.href);
    handoff.searchParams.set("kind", form.elements.kind.value);
    const name = form.elements.documentName.value.trim();
    if (name) handoff.searchParams.set("name", name);
    form.reset();
    await sendThroughOutbox([{ kind: "document", handoff: handoff.pathname + handoff.search, what: name || file.name, where: form.dataset.where, file }],
      list, word("item.script.attached", "Attached"), () => {
        location.hash = "documents";
        location.reload();
      });
  });
}
