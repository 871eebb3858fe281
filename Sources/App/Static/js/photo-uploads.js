// "Add Photos" on an item's page: the chosen files go up one by one through the JSON API, each with
// its own progress line; the page then reloads to show them in the strip. Without scripts the form
// posts them all at once.
import { csrfToken } from "./http.js";

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

  function upload(file, bar, status) {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", form.dataset.api);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
      if (csrfToken()) xhr.setRequestHeader("X-CSRF-Token", csrfToken());
      xhr.responseType = "json";
      xhr.upload.addEventListener("progress", (event) => {
        if (!event.lengthComputable) return;
        const percent = Math.round((event.loaded / event.total) * 100);
        bar.value = percent;
        status.textContent = percent < 100 ? `${percent}%` : "Processing…";
      });
      xhr.addEventListener("load", () => {
        const ok = xhr.status === 201;
        bar.value = 100;
        status.textContent = ok ? "Added" : (xhr.response?.error?.message ?? `Not added (${xhr.status}).`);
        status.classList.toggle("failed", !ok);
        resolve(ok);
      });
      xhr.addEventListener("error", () => {
        status.textContent = "Did not reach Homepwner. Check your connection and try again.";
        status.classList.add("failed");
        resolve(false);
      });
      status.textContent = "0%";
      xhr.send(file);
    });
  }
}
