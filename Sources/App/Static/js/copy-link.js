// Copy buttons (`data-copy` names the element whose text they copy): shown only where a page may
// write to the clipboard (HTTPS or this computer); elsewhere the text is there to select. Their words
// are the page's (`links.script.` messages).
import { showToast } from "./toast.js";
import { word } from "./page-words.js";

export function initCopyButtons() {
  if (!navigator.clipboard || !window.isSecureContext) return;
  for (const button of document.querySelectorAll("button[data-copy]")) {
    const source = document.getElementById(button.dataset.copy);
    if (!source) continue;
    button.hidden = false;
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(source.textContent.trim());
        showToast(word("links.script.copied", "Link copied."));
      } catch {
        showToast(word("links.script.copy-failed", "The link could not be copied: select it and copy it."), { error: true });
      }
    });
  }
}
