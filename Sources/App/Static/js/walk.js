// Walk This Room: the back camera in the page; the shutter (a button, so Space and Enter take a
// photo too) grabs a frame, which is uploaded in the background as a draft of this place with its
// progress while the next photo is taken. Where the camera cannot open, the page says why and the
// file picker (the phone's own camera, several photos at once) uploads the same way.
import { sendFile } from "./http.js";

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
  let queue = Promise.resolve();

  // The picker uploads each photo as it is chosen; its button is only for browsers without scripts.
  filesForm.querySelector('button[type="submit"]').hidden = true;
  filesForm.addEventListener("submit", (event) => event.preventDefault());
  fileInput.addEventListener("change", () => {
    for (const file of fileInput.files) enqueue(file, file.name);
    fileInput.value = "";
  });

  openCamera();

  async function openCamera() {
    const why = cameraUnavailableReason();
    if (why) return fallBack(why);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      preview.srcObject = stream;
      await preview.play().catch(() => {});
      camera.hidden = false;
      filesForm.classList.add("secondary");
      filesForm.querySelector("label").textContent = "Or choose photos";
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
      return "The camera can’t open here: this page is not served over HTTPS (browsers allow the camera only on secure pages). Use your phone’s camera below instead.";
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      return "The camera can’t open here: this browser does not let pages use the camera. Use your phone’s camera below instead.";
    }
    return "";
  }

  function refusalReason(failure) {
    switch (failure?.name) {
      case "NotAllowedError":
      case "SecurityError":
        return "The camera can’t open: permission to use it was refused. Allow the camera for this site in the browser’s settings, or use your phone’s camera below.";
      case "NotFoundError":
      case "OverconstrainedError":
        return "The camera can’t open: no camera was found. Choose photos below instead.";
      case "NotReadableError":
        return "The camera can’t open: another app is using it. Close that app and reload, or use your phone’s camera below.";
      default:
        return `The camera can’t open (${failure?.message || "unknown reason"}). Use your phone’s camera below instead.`;
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
    const label = `Photo ${taken}`;
    shutter.classList.add("flash");
    setTimeout(() => shutter.classList.remove("flash"), 150);
    canvas.toBlob((blob) => { if (blob) enqueue(blob, label); }, "image/jpeg", 0.9);
  }

  /** Uploads one after another (a phone's link is better used by one at a time), each with its line. */
  function enqueue(file, label) {
    const line = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = label;
    const bar = document.createElement("progress");
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute("aria-label", `Uploading ${label}`);
    const status = document.createElement("span");
    status.className = "upload-status";
    status.textContent = "Waiting…";
    line.append(name, bar, status);
    uploads.prepend(line);
    queue = queue.then(() => upload(file, bar, status));
  }

  async function upload(file, bar, status) {
    status.textContent = "0%";
    try {
      const { status: code, body } = await sendFile("POST", root.dataset.api, file, (percent) => {
        bar.value = percent;
        status.textContent = percent < 100 ? `${percent}%` : "Processing…";
      });
      bar.value = 100;
      const ok = code === 201;
      status.textContent = ok ? "Draft made" : (body?.error?.message ?? `Not uploaded (${code}).`);
      status.classList.toggle("failed", !ok);
      if (ok) made.textContent = String(Number(made.textContent) + 1);
    } catch (failure) {
      status.textContent = failure.message;
      status.classList.add("failed");
    }
  }
}
