// "Add Photos" on an item's page: the chosen files go up one by one through the JSON API, each with
// its own progress line; the page then reloads to show them in the strip. Without scripts the form
// posts them all at once.
import { sendFile } from "./http.js";

export function initPhotoUploads() {
  const form = document.querySelector("form.add-photos-form[data-api]");
  if (!form) return;
  const input = form.querySelector('input[type="file"]');
  const list = form.querySelector(".upload-list");
  document.documentElement.classList.add("uploads-one-by-one");

  input.addEventListener("change", async () => {
    const files = [...input.files];
    if (!files.length) return;
    list.replaceChildren();
    let added = 0;
    for (const file of files) {
      const line = document.createElement("li");
      const name = document.createElement("span");
      name.textContent = file.name;
      const bar = document.createElement("progress");
      bar.max = 100;
      bar.value = 0;
      bar.setAttribute("aria-label", `Uploading ${file.name}`);
      const status = document.createElement("span");
      status.className = "upload-status";
      status.textContent = "Waiting…";
      line.append(name, bar, status);
      list.append(line);
    }
    for (const [index, file] of files.entries()) {
      const line = list.children[index];
      const ok = await upload(file, line.querySelector("progress"), line.querySelector(".upload-status"));
      if (ok) added += 1;
    }
    input.value = "";
    if (added) {
      location.hash = "photo-panel";
      location.reload();
    }
  });

  async function upload(file, bar, status) {
    status.textContent = "0%";
    try {
      const { status: code, body } = await sendFile("POST", form.dataset.api, file, (percent) => {
        bar.value = percent;
        status.textContent = percent < 100 ? `${percent}%` : "Processing…";
      });
      const ok = code === 201;
      bar.value = 100;
      status.textContent = ok ? "Added" : (body?.error?.message ?? `Not added (${code}).`);
      status.classList.toggle("failed", !ok);
      return ok;
    } catch (failure) {
      status.textContent = failure.message;
      status.classList.add("failed");
      return false;
    }
  }
}
