// The detail page's camera button toggles the picker (a second press closes it). Choosing a photo
// puts it in the device's outbox (outbox.js), which uploads it with a progress bar here; once stored,
// the picker closes and the page shows the new photo. With no network it waits on the device (the
// picker says so and closes) and becomes the main photo once Homepwner is back. A failed upload says
// why and leaves the item's photo as it was. Without the outbox the photo is sent directly.
import { placeBeside } from "./anchoring.js";
import { trapFocus } from "./focus-trap.js";
import { request, sendFile } from "./http.js";
import { addCapture, onSettled, outboxAvailable } from "./outbox.js";
import { browseLibrary } from "./library-picker.js";
import { showToast } from "./toast.js";
import { word } from "./page-words.js";

export function initImagePicker() {
  const picker = document.getElementById("image-picker");
  const panel = document.querySelector(".photo-panel[data-api]");
  if (!picker || !panel) return;
  const cameraButton = panel.querySelector(".camera-button");
  const error = picker.querySelector(".picker-error");
  trapFocus(picker);

  const form = picker.querySelector("form");
  const libraryPanel = picker.querySelector(".picker-library");
  const showChoices = () => {
    libraryPanel.hidden = true;
    libraryPanel.replaceChildren();
    form.hidden = false;
    picker.classList.remove("browsing");
  };

  picker.addEventListener("toggle", (event) => {
    if (event.newState === "open") {
      error.textContent = "";
      showChoices();
      placeBeside(picker, cameraButton);
    }
  });

  picker.querySelector('[data-action="photo-library"]')?.addEventListener("click", (event) => {
    event.preventDefault();
    form.hidden = true;
    picker.classList.add("browsing");
    browseLibrary(libraryPanel, {
      onPick: pick,
      onBack: () => {
        showChoices();
        picker.querySelector('[data-action="photo-library"]')?.focus();
      },
    });
  });

  /** Copies the chosen library photo into the item, then closes the picker. */
  async function pick(assetId, cell) {
    cell.classList.add("picking");
    const progress = panel.querySelector(".upload-progress");
    progress.querySelector(".upload-percent").textContent = word("item.script.copying", "Copying from the library…");
    progress.querySelector("progress").removeAttribute("value");
    progress.hidden = false;
    try {
      const { body: item, etag } = await request("PUT", panel.dataset.api, { json: { assetId } });
      picker.hidePopover();
      showPhoto(item, etag);
      showToast(word("item.script.photo-saved", "Photo saved."));
    } catch (failure) {
      cell.classList.remove("picking");
      libraryPanel.prepend(Object.assign(document.createElement("p"), { className: "picker-error", textContent: failure.message }));
    } finally {
      progress.hidden = true;
    }
  }

  for (const input of picker.querySelectorAll('input[type="file"]')) {
    input.addEventListener("change", () => {
      const file = input.files?.[0];
      input.value = "";
      if (file) upload(file);
    });
  }

  picker.querySelector("form").addEventListener("submit", (event) => event.preventDefault());

  panel.querySelector(".remove-photo-form")?.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const { body: item, etag } = await request("DELETE", panel.dataset.api);
      showPhoto(item, etag);
      showToast(word("item.script.photo-removed", "Photo removed."));
    } catch (failure) {
      showToast(failure.message, { error: true });
    }
  });

  async function upload(file) {
    if (outboxAvailable()) return uploadThroughOutbox(file);
    const progress = panel.querySelector(".upload-progress");
    const bar = progress.querySelector("progress");
    const label = progress.querySelector(".upload-percent");
    error.textContent = "";
    bar.value = 0;
    label.textContent = word("item.photo.uploading", "Uploading…");
    progress.hidden = false;
    try {
      const { status, body, etag } = await sendFile("PUT", panel.dataset.api, file, (percent) => {
        bar.value = percent;
        label.textContent = percent < 100 ? word("item.script.uploading-percent", "Uploading… {percent}%", { percent })
          : word("item.script.processing", "Processing…");
      });
      if (status === 200 && body) {
        picker.hidePopover();
        showPhoto(body, etag);
        showToast(word("item.script.photo-saved", "Photo saved."));
      } else {
        error.textContent = body?.error?.message ?? word("item.script.upload-failed", "The upload failed ({status}). Try again.", { status });
      }
    } catch (failure) {
      error.textContent = failure.message;
    } finally {
      progress.hidden = true;
    }
  }

  async function uploadThroughOutbox(file) {
    const progress = panel.querySelector(".upload-progress");
    const bar = progress.querySelector("progress");
    const label = progress.querySelector(".upload-percent");
    error.textContent = "";
    let id;
    try {
      id = await addCapture({ kind: "primary", method: "PUT", handoff: panel.dataset.api, what: file.name, where: panel.dataset.where ?? "", file });
    } catch (failure) {
      error.textContent = failure.message;
      return;
    }
    bar.value = 0;
    label.textContent = word("item.photo.uploading", "Uploading…");
    progress.hidden = false;
    const following = (event) => {
      const { detail } = event;
      if (detail.id !== id) return;
      if (event.type === "outbox-progress") {
        const percent = Math.round((detail.sent / detail.size) * 100);
        bar.value = percent;
        label.textContent = percent < 100 ? word("item.script.uploading-percent", "Uploading… {percent}%", { percent })
          : word("item.script.processing", "Processing…");
      } else {
        label.textContent = word("item.script.waiting", "Waiting to upload");
        picker.hidePopover();
        showToast(word("item.script.offline", "No connection: the photo waits on this device and becomes the main photo once Homepwner can be reached."));
      }
    };
    document.addEventListener("outbox-progress", following);
    document.addEventListener("outbox-waiting", following);
    onSettled(id, (arrived, detail) => {
      document.removeEventListener("outbox-progress", following);
      document.removeEventListener("outbox-waiting", following);
      progress.hidden = true;
      if (arrived && detail.answer) {
        picker.hidePopover();
        showPhoto(detail.answer, detail.etag);
        showToast(word("item.script.photo-saved", "Photo saved."));
      } else if (!arrived) {
        error.textContent = detail?.message ?? word("item.script.not-saved", "The photo was not saved. Open the list of waiting uploads to try again.");
      }
    });
  }

  /** Shows the item's photo (or the placeholder) as the server now has it. */
  function showPhoto(item, etag) {
    // The photo changed the item's version; the detail form decides whether to take it.
    document.dispatchEvent(new CustomEvent("item-photo-changed", { detail: { item, etag } }));
    const frame = panel.querySelector(".photo-frame");
    const progress = frame.querySelector(".upload-progress");
    frame.replaceChildren(progress);
    const remove = panel.querySelector(".remove-photo-form");
    const original = panel.querySelector(".original-link");
    if (item.image) {
      const img = document.createElement("img");
      img.className = "item-photo";
      img.width = item.image.width;
      img.height = item.image.height;
      img.alt = word("item.photo.alt", "Photo of {name}", { name: item.name });
      img.src = item.image.screenURL;
      frame.prepend(img);
      frame.classList.remove("empty");
      if (remove && !remove.querySelector("button")) {
        const button = document.createElement("button");
        button.className = "button destructive";
        button.type = "submit";
        button.textContent = word("item.photo.remove", "Remove Photo");
        remove.append(button);
      }
      if (original) {
        original.href = item.image.originalURL;
        original.hidden = false;
      }
    } else {
      frame.classList.add("empty");
      const placeholder = document.querySelector("#photo-placeholder-template")?.content.cloneNode(true);
      if (placeholder) frame.prepend(placeholder);
      else frame.prepend(Object.assign(document.createElement("p"), { textContent: word("item.photo.none", "No photo yet") }));
      remove?.replaceChildren();
      if (original) {
        original.hidden = true;
        original.removeAttribute("href");
      }
    }
    const title = item.image ? word("item.photo.change", "Change Photo") : word("item.photo.add", "Add Photo");
    cameraButton.querySelector("span").textContent = title;
    picker.querySelector("h2").textContent = title;
  }
}
