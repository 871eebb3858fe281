// Walk-throughs on a place's page: a frame plays the video above it from that second (without the
// script, the frame is a link to the video at that second); an upload puts the video in the
// device's outbox (outbox.js), which sends it resumably with its progress shown here, then reloads
// the page, which shows "Processing…" until the frames are made, and asks again until they are.
// With no network the video waits on the device and the form says so.

import { addCapture, onSettled, outboxAvailable, outboxSending } from "./outbox.js";

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
  // Asks again until the frames are made; not while the outbox is sending (a reload would cut it).
  if (document.querySelector(".walkthrough-status[data-walkthrough]")) {
    const reloadWhenIdle = () => (outboxSending() ? setTimeout(reloadWhenIdle, 3000) : location.reload());
    setTimeout(reloadWhenIdle, 3000);
  }
}

async function upload(event, form) {
  const input = form.querySelector('input[type="file"]');
  const file = input?.files?.[0];
  if (!file || !outboxAvailable()) return;
  event.preventDefault();
  const type = file.type === "video/quicktime" ? "video/quicktime" : "video/mp4";
  const progress = form.querySelector(".walkthrough-progress");
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  let id;
  try {
    id = await addCapture({ kind: "walkthrough", handoff: form.dataset.api, what: file.name, where: form.dataset.where, file, type });
  } catch (failure) {
    if (progress) progress.textContent = failure.message;
    button.disabled = false;
    return;
  }
  // Kept on the device: the form is free for another video while this one goes.
  input.value = "";
  button.disabled = false;
  const events = {
    "outbox-progress": ({ sent, size }) => (sent < size ? `Uploading… ${Math.floor((sent / size) * 100)} %` : "Uploaded; checking the video…"),
    "outbox-waiting": ({ message }) => `${message}. The video is kept on this device and uploads by itself.`,
    "outbox-failed": ({ message }) => `The video was not uploaded: ${message}`,
  };
  for (const [type, text] of Object.entries(events)) {
    document.addEventListener(type, ({ detail }) => {
      if (detail.id === id && progress) progress.textContent = text(detail);
    });
  }
  onSettled(id, (delivered) => {
    if (!delivered) return;
    if (form.dataset.done) location.assign(form.dataset.done);
    else location.reload();
  });
}
