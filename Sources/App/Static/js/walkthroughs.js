// Walk-throughs on a place's page: a frame plays the video above it from that second (without the
// script, the frame is a link to the video at that second); an upload sends the video's bytes as
// they are to the API, with its progress, then reloads the page, which shows "Processing…" until
// the frames are made, and asks again until they are.

import { csrfToken } from "./http.js";

export function initWalkthroughs() {
  for (const link of document.querySelectorAll("a.walkthrough-frame[data-seek][data-video]")) {
    link.addEventListener("click", (event) => {
      const video = document.getElementById(link.dataset.video);
      const second = Number(link.dataset.seek);
      if (!(video instanceof HTMLVideoElement) || !Number.isFinite(second)) return;
      event.preventDefault();
      video.currentTime = second;
      video.scrollIntoView({ block: "nearest" });
      video.play().catch(() => {});
      video.focus();
    });
  }
  const form = document.querySelector("form.walkthrough-upload[data-api]");
  if (form) form.addEventListener("submit", (event) => upload(event, form));
  if (document.querySelector(".walkthrough-status[data-walkthrough]")) setTimeout(() => location.reload(), 3000);
}

function upload(event, form) {
  const file = form.querySelector('input[type="file"]')?.files?.[0];
  const type = file?.type === "video/quicktime" ? "video/quicktime" : "video/mp4";
  if (!file) return;
  event.preventDefault();
  const progress = form.querySelector(".walkthrough-progress");
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  const request = new XMLHttpRequest();
  request.open("POST", form.dataset.api);
  request.setRequestHeader("Content-Type", type);
  request.setRequestHeader("Accept", "application/json");
  if (csrfToken()) request.setRequestHeader("X-CSRF-Token", csrfToken());
  request.upload.addEventListener("progress", (step) => {
    if (step.lengthComputable && progress) progress.textContent = `Uploading… ${Math.floor((step.loaded / step.total) * 100)} %`;
  });
  request.addEventListener("load", () => {
    if (request.status >= 200 && request.status < 300) {
      if (form.dataset.done) location.assign(form.dataset.done);
      else location.reload();
      return;
    }
    let message = `The video was not uploaded (${request.status}).`;
    try { message = JSON.parse(request.responseText).error.message; } catch {}
    if (progress) progress.textContent = message;
    button.disabled = false;
  });
  request.addEventListener("error", () => {
    if (progress) progress.textContent = "The video was not uploaded: the connection failed. Try again.";
    button.disabled = false;
  });
  request.send(file);
}
