// Walk This Room: the back camera in the page; the shutter (a button, so Space and Enter take a
// photo too) grabs a frame, which goes into the device's outbox (outbox.js) and is uploaded from
// there in the background as a draft of this place, with its progress, while the next photo is
// taken; with no network the photos wait on the device. Where the camera cannot open, the page says
// why and the file picker (the phone's own camera, several photos at once) works the same way.
import { addCapture, captureLine, onSettled, outboxAvailable, refusedLine, waitingCaptures } from "./outbox.js";
import { word } from "./page-words.js";

export function initWalk() {
  const root = document.getElementById("walk");
  if (!root) return;
  const camera = document.getElementById("walk-camera");
  const preview = document.getElementById("walk-preview");
  const shutter = document.getElementById("walk-shutter");
  const reason = document.getElementById("walk-reason");
  const filesForm = document.getElementById("walk-files");
  const fileInput = document.getElementById("walk-file-input");
  const made = document.getElementById("walk-made");
  const uploads = document.getElementById("walk-uploads");
  let taken = 0;
  const outbox = outboxAvailable();
  /** Photos are kept in the order taken: each once the one before it is stored. */
  let keeping = Promise.resolve();

  // The picker keeps each photo as it is chosen; its button is only for browsers without scripts
  // (or without the outbox).
  if (outbox) filesForm.querySelector('button[type="submit"]').hidden = true;
  if (outbox) filesForm.addEventListener("submit", (event) => event.preventDefault());
  fileInput.addEventListener("change", () => {
    if (!outbox) return;
    for (const file of fileInput.files) enqueue(file, file.name);
    fileInput.value = "";
  });

  openCamera();
  showWaiting();

  async function openCamera() {
    const why = cameraUnavailableReason();
    if (why) return fallBack(why);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      preview.srcObject = stream;
      await preview.play().catch(() => {});
      camera.hidden = false;
      filesForm.classList.add("secondary");
      filesForm.querySelector("label").textContent = word("walk.script.or-choose", "Or choose photos");
      shutter.addEventListener("click", takePhoto);
      // Space anywhere but a control takes a photo too (an iPad's keyboard); on the shutter the button does it.
      document.addEventListener("keydown", (event) => {
        if (event.key !== " " || event.repeat) return;
        if (event.target !== document.body && event.target !== preview) return;
        event.preventDefault();
        takePhoto();
      });
      shutter.focus();
      window.addEventListener("pagehide", () => stream.getTracks().forEach((track) => track.stop()));
    } catch (failure) {
      fallBack(refusalReason(failure));
    }
  }

  function cameraUnavailableReason() {
    if (!window.isSecureContext) {
      return word("walk.script.not-https", "The camera can’t open here: this page is not served over HTTPS (browsers allow the camera only on secure pages). Use your phone’s camera below instead.");
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      return word("walk.script.no-camera-api", "The camera can’t open here: this browser does not let pages use the camera. Use your phone’s camera below instead.");
    }
    return "";
  }

  function refusalReason(failure) {
    switch (failure?.name) {
      case "NotAllowedError":
      case "SecurityError":
        return word("walk.script.refused", "The camera can’t open: permission to use it was refused. Allow the camera for this site in the browser’s settings, or use your phone’s camera below.");
      case "NotFoundError":
      case "OverconstrainedError":
        return word("walk.script.not-found", "The camera can’t open: no camera was found. Choose photos below instead.");
      case "NotReadableError":
        return word("walk.script.in-use", "The camera can’t open: another app is using it. Close that app and reload, or use your phone’s camera below.");
      default:
        return word("walk.script.failed", "The camera can’t open ({reason}). Use your phone’s camera below instead.",
          { reason: failure?.message || word("walk.script.unknown-reason", "unknown reason") });
    }
  }

  function fallBack(why) {
    camera.hidden = true;
    reason.textContent = why;
    reason.hidden = false;
    filesForm.classList.remove("secondary");
  }

  function takePhoto() {
    const width = preview.videoWidth;
    const height = preview.videoHeight;
    if (!width || !height) return;
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    canvas.getContext("2d").drawImage(preview, 0, 0, width, height);
    taken += 1;
    const label = word("walk.script.photo", "Photo {number}", { number: taken });
    shutter.classList.add("flash");
    setTimeout(() => shutter.classList.remove("flash"), 150);
    canvas.toBlob((blob) => { if (blob) enqueue(blob, label); }, "image/jpeg", 0.9);
  }

  /** Keeps the photo in the outbox, which uploads one after another (a phone's link is better used
   *  by one at a time), with its line here. */
  function enqueue(file, label) {
    if (!outbox) {
      uploads.prepend(refusedLine(label, word("walk.script.no-storage", "Not kept: this browser has no storage for photos waiting to upload. Use the file picker below.")));
      return;
    }
    keeping = keeping.then(async () => {
      const name = file.name || `photo-${label.replace(/\D+/g, "") || "1"}.jpg`;
      try {
        const id = await addCapture({ kind: "draft", handoff: root.dataset.api, what: label, where: root.dataset.where, file, name });
        follow(id, label);
      } catch (failure) {
        uploads.prepend(refusedLine(label, failure.message));
      }
    });
  }

  function follow(id, label) {
    if (uploads.querySelector(`[data-capture="${id}"]`)) return;
    uploads.prepend(captureLine(id, label, "Draft made"));
    onSettled(id, (delivered) => {
      if (delivered) made.textContent = String(Number(made.textContent) + 1);
    });
  }

  /** The photos of this place still waiting in the outbox (taken before a reload, or offline). */
  async function showWaiting() {
    if (!outbox) return;
    for (const capture of await waitingCaptures()) {
      if (capture.handoff === root.dataset.api && !capture.failed) follow(capture.id, capture.what);
    }
  }
}
