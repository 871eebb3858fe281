// The outbox: every photo, document, walk-through video and draft taken on this device is kept here
// (IndexedDB, with what it belongs to) before anything is sent, online or not, so a capture outlives
// a dropped network, a closed tab, a restarted browser or a server that is down. From here each is
// uploaded by itself, oldest first and one at a time, with the resumable tus protocol: after any
// failure the server is asked how much it has and the rest follows. Then the finished upload is
// handed to the item, place or draft it belongs to (with the capture's id, so a retry never makes it
// twice) and the entry goes. An answer that says a capture can never go stays in the list as failed,
// with the server's reason and Retry / Remove. Captures wait for the account that took them: another
// account signed in on this device never sends them. iOS has no Background Sync, so the outbox is
// tried on every page open, when the network comes back and when the page is shown again.
import { createUpload, prepareChunk, sendChunk, TusError, terminateUpload, uploadOffset } from "./tus-client.js";
import { csrfToken } from "./http.js";
import { word } from "./page-words.js";
import { trapFocus } from "./focus-trap.js";

const databaseName = "homepwner-outbox";
const storeName = "captures";
/** The files apart from what is known of them: a record holding a Blob is copied whole by Chromium
 *  each time it is written, and the capture's record is written after every chunk (a 300 MB video's
 *  4 MB chunks took 1.5 s each so, 30 ms apart). */
const filesName = "files";
/** The longest wait between tries while Homepwner can't be reached. */
const longestWait = 30_000;

let database;
let uploadsURL = "";
/** The capture being sent now (in this tab, or in another that told us), its bytes sent. */
const current = { id: "", sent: 0 };
/** Why nothing is being sent, when something waits: shown on each waiting entry. */
let waitingReason = "";
let pumping = false;
let again = false;
let retryTimer = 0;
let failures = 0;
/** Per capture, how often its upload was lost on the server and started again (in this page). */
const restarts = new Map();
const settledCallbacks = new Map();
const channel = "BroadcastChannel" in window ? new BroadcastChannel("homepwner-outbox") : null;

// ---------- The database ----------

function openDatabase() {
  database ??= new Promise((resolve, reject) => {
    const opening = indexedDB.open(databaseName, 1);
    opening.onupgradeneeded = () => {
      opening.result.createObjectStore(storeName, { keyPath: "id" }).createIndex("created", "created");
      opening.result.createObjectStore(filesName);
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  return database;
}

/** Runs `work(captures, files)` in one transaction; resolves with what its last request gave once
 *  it is stored. */
async function transaction(mode, work) {
  const db = await openDatabase();
  return new Promise((resolve, reject) => {
    const tx = db.transaction([storeName, filesName], mode);
    let result;
    const request = work(tx.objectStore(storeName), tx.objectStore(filesName));
    if (request) request.onsuccess = () => { result = request.result; };
    tx.oncomplete = () => resolve(result);
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error("The outbox could not be written."));
  });
}

/** Every capture on this device, oldest first. */
function allCaptures() {
  return transaction("readonly", (store) => store.index("created").getAll());
}

/** Changes some fields of a capture; resolves with it, or null when it was removed meanwhile. */
async function update(id, changes) {
  const db = await openDatabase();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(storeName, "readwrite");
    const store = tx.objectStore(storeName);
    let updated = null;
    store.get(id).onsuccess = (event) => {
      if (!event.target.result) return;
      updated = Object.assign(event.target.result, changes);
      store.put(updated);
    };
    tx.oncomplete = () => resolve(updated);
    tx.onerror = tx.onabort = () => reject(tx.error);
  });
}

function currentAccount() {
  return document.querySelector('meta[name="account"]')?.content || "";
}

/** A random id made on this device (crypto.randomUUID needs HTTPS; a LAN server may not have it). */
function newCaptureID() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------- What the pages call ----------

/** Keeps a capture on this device and starts sending it. `kind` is photo, document, walkthrough or
 *  draft; `handoff` the API call (from the page) that gives the finished upload to what it belongs
 *  to; `what` and `where` say what it is in the list. Resolves with its id once it is stored;
 *  rejects when the device has no room for it (nothing is half kept). */
export async function addCapture({ kind, handoff, method = "POST", what, where = "", file, name, type }) {
  const capture = {
    id: newCaptureID(), account: currentAccount(), kind, handoff, method, what, where,
    name: name || file.name || "capture", type: type || file.type || "application/octet-stream", size: file.size,
    created: Date.now(), upload: "", sent: 0, wire: 0, failed: false, error: "",
  };
  try {
    await transaction("readwrite", (store, files) => {
      files.add(file, capture.id);
      return store.add(capture);
    });
  } catch (failure) {
    throw new Error(failure?.name === "QuotaExceededError"
      ? word("site.script.not-kept-full", "{what} was not kept: this device has no room left for it. Free some space and take it again.", { what })
      : word("site.script.not-kept", "{what} was not kept: {reason}.",
        { what, reason: failure?.message ?? word("site.script.storage-refused", "the browser refused to store it") }));
  }
  // Asks the browser not to clear the outbox when it runs short of room (a grant is not always given).
  navigator.storage?.persist?.().catch(() => {});
  emit("change", { id: capture.id });
  kick();
  return capture.id;
}

/** Whether this page can keep captures (signed in, and a browser with IndexedDB); without it the
 *  capture forms post as they do without scripts. */
export function outboxAvailable() {
  return Boolean(document.getElementById("outbox")) && "indexedDB" in window;
}

/** This account's captures still on the device, oldest first. */
export async function waitingCaptures() {
  const account = currentAccount();
  return (await allCaptures()).filter((capture) => capture.account === account);
}

/** Calls `callback(delivered, detail)` once the capture is delivered (true) or has failed (false). */
export function onSettled(id, callback) {
  settledCallbacks.set(id, [...(settledCallbacks.get(id) ?? []), callback]);
}

/** A line for a capture, as the capture flows show them (its name, a progress bar and its state),
 *  kept up to date by the outbox; `doneText` once delivered. */
export function captureLine(id, label, doneText) {
  const line = document.createElement("li");
  line.className = "capture-line";
  line.dataset.capture = id;
  line.dataset.done = doneText;
  const name = document.createElement("span");
  name.textContent = label;
  const bar = document.createElement("progress");
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute("aria-label", word("site.script.uploading-named", "Uploading {name}", { name: label }));
  const status = document.createElement("span");
  status.className = "upload-status";
  status.textContent = waitingReason || word("site.script.waiting-ellipsis", "Waiting…");
  line.append(name, bar, status);
  return line;
}

/** A line for a capture that could not even be kept. */
export function refusedLine(label, message) {
  const line = captureLine("", label, "");
  line.dataset.settled = "refused";
  const status = line.querySelector(".upload-status");
  status.textContent = message;
  status.classList.add("failed");
  return line;
}

/** Whether a capture is being sent now (by this tab or another). */
export function outboxSending() {
  return Boolean(current.id);
}

/** Tries to send what waits now (a page calls it after adding; the outbox on every open). */
export function kick() {
  clearTimeout(retryTimer);
  retryTimer = 0;
  if (pumping) {
    again = true;
    return;
  }
  pumping = true;
  const run = async () => {
    try {
      do {
        again = false;
        await drain();
      } while (again);
    } finally {
      pumping = false;
    }
  };
  // One tab sends at a time; another waits for it to finish (or close) and then looks again.
  if (navigator.locks) navigator.locks.request("homepwner-outbox", run);
  else run();
}

// ---------- Sending ----------

function emit(type, detail) {
  receive(type, detail);
  channel?.postMessage({ type, detail });
}

/** An event of the outbox, from this tab or another: kept for the list, then passed on to the page. */
function receive(type, detail) {
  if (type === "progress") {
    current.id = detail.id;
    current.sent = detail.sent;
    // Sending again: the others wait their turn, no longer for the network.
    if (waitingReason) {
      waitingReason = "";
      for (const status of document.querySelectorAll(".capture-line:not([data-settled]) .upload-status")) status.textContent = "Waiting…";
      document.dispatchEvent(new CustomEvent("outbox-change", { detail }));
    }
  } else if (type === "waiting") {
    waitingReason = detail.message;
    if (current.id === detail.id) current.id = "";
  } else if (type === "delivered" || type === "failed") {
    if (current.id === detail.id) current.id = "";
    const callbacks = settledCallbacks.get(detail.id) ?? [];
    settledCallbacks.delete(detail.id);
    for (const callback of callbacks) callback(type === "delivered", detail);
  }
  updateLine(type, detail);
  document.dispatchEvent(new CustomEvent(`outbox-${type}`, { detail }));
}

/** Sends every capture of this account that has not failed, oldest first, until none is left or
 *  Homepwner can't be reached (then tried again later). */
async function drain() {
  const account = currentAccount();
  if (!account || !uploadsURL) return;
  while (true) {
    const next = (await allCaptures()).find((capture) => capture.account === account && !capture.failed);
    if (!next) {
      failures = 0;
      waitingReason = "";
      return;
    }
    const outcome = await deliver(next);
    if (outcome === "later") {
      failures += 1;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(kick, Math.min(longestWait, 1000 * 2 ** (failures - 1)));
      return;
    }
    if (outcome === "stop") return;
    if (outcome === "delivered") failures = 0;
  }
}

/** One try at a capture: "delivered", "failed" (kept, with the reason), "again" (its upload was lost:
 *  start it over now), "later" (unreachable or busy) or "stop" (signed out). */
async function deliver(capture) {
  const { id, size } = capture;
  let wire = capture.wire;
  try {
    const file = await transaction("readonly", (store, files) => files.get(id));
    if (!file) return fail(id, word("site.script.file-gone", "Its file is no longer on this device (the browser’s storage was cleared)."));
    let url = capture.upload;
    let offset = 0;
    if (url) {
      try {
        offset = await uploadOffset(url);
      } catch (failure) {
        if (failure.status !== 404) throw failure;
        url = "";
      }
    }
    if (!url) {
      ({ url, offset } = await createUpload(uploadsURL, { size, captureId: id, filename: capture.name, filetype: capture.type }));
      if (!(await update(id, { upload: url, sent: offset }))) return "removed";
    }
    let checksumRefusals = 0;
    // A chunk read ahead and then not sent (the connection dropped) may fail unseen: that is no error.
    const prepare = (at) => {
      const chunk = prepareChunk(file, at);
      chunk.catch(() => {});
      return chunk;
    };
    let next = offset < size ? prepare(offset) : null;
    while (offset < size) {
      try {
        let chunk = next ? await next : null;
        if (chunk?.offset !== offset) chunk = await prepare(offset);
        const end = chunk.offset + chunk.bytes.byteLength;
        // The next chunk is read and hashed while this one travels.
        next = end < size ? prepare(end) : null;
        const sent = await sendChunk(url, chunk, (bytes) => emit("progress", { id, sent: chunk.offset + bytes, size }));
        offset = sent.offset;
        wire += sent.sent;
        if (offset !== end && offset < size) next = prepare(offset);
      } catch (failure) {
        wire += failure.sent ?? 0;
        await update(id, { wire });
        if (failure.status === 460 && ++checksumRefusals < 3) {
          next = prepare(offset);
          continue;
        }
        if (failure.status === 409 && failure.code !== "upload-busy") {
          offset = await uploadOffset(url);
          next = offset < size ? prepare(offset) : null;
          continue;
        }
        throw failure;
      }
      if (!(await update(id, { sent: offset, wire }))) return "removed";
      failures = 0;
      emit("progress", { id, sent: offset, size });
    }
    const { answer, etag } = await handOff(capture, url);
    await transaction("readwrite", (store, files) => {
      files.delete(id);
      return store.delete(id);
    });
    restarts.delete(id);
    emit("delivered", { id, kind: capture.kind, size, wire, answer, etag });
    emit("change", { id });
    return "delivered";
  } catch (failure) {
    return await settle(capture, failure);
  }
}

/** Sends {"uploadId"} to the capture's hand-off call (POST, or PUT for an item's main photo), with its id, so a repeat gives the first answer. */
async function handOff(capture, uploadURL) {
  const uploadId = new URL(uploadURL).pathname.split("/").pop();
  const headers = { Accept: "application/json", "Content-Type": "application/json", "Capture-Id": capture.id };
  if (csrfToken()) headers["X-CSRF-Token"] = csrfToken();
  let response;
  try {
    response = await fetch(capture.handoff, { method: capture.method ?? "POST", credentials: "same-origin", headers, body: JSON.stringify({ uploadId }) });
  } catch {
    throw new TusError(word("site.script.unreachable", "Homepwner can’t be reached."));
  }
  const body = await response.json().catch(() => null);
  if (response.ok) return { answer: body, etag: response.headers.get("ETag") };
  throw new TusError(body?.error?.message ?? word("site.script.handover-answered", "Handing the upload over was answered {status}.", { status: response.status }),
    { status: response.status, code: body?.error?.code ?? "", retryAfter: Number(response.headers.get("Retry-After")) || 0 });
}

const signInCodes = new Set(["sign-in-required", "session-required", "csrf", "form-expired"]);
/** 409s no retry mends: the capture id used for something else, the upload given to something else. */
const finalConflicts = new Set(["capture-id-reused", "upload-handed-off"]);

/** What a failed try means for the capture (see deliver). */
async function settle(capture, failure) {
  const { id } = capture;
  const { status, code } = failure;
  if (!(failure instanceof TusError)) {
    // The file could not be read back from the device (removed from the browser's storage).
    return fail(id, word("site.script.unreadable", "It could not be read on this device ({reason}).",
      { reason: failure?.message ?? word("site.script.unknown-reason", "unknown reason") }));
  }
  // Unreachable, the server in trouble, or an earlier request to this upload still going there (a
  // dropped connection it has not noticed yet).
  if (status === 0 || status >= 500 || status === 423 || status === 429 || code === "upload-busy") {
    const message = status === 0
      ? (navigator.onLine ? word("site.script.waiting-unreachable", "Waiting: Homepwner can’t be reached")
        : word("site.script.waiting-network", "Waiting for the network"))
      : word("site.script.waiting-reason", "Waiting: {reason}", { reason: failure.message });
    emit("waiting", { id, message });
    if (failure.retryAfter) failures = Math.max(failures, Math.ceil(Math.log2(failure.retryAfter)));
    return "later";
  }
  if (status === 401 || (status === 403 && signInCodes.has(code))) {
    emit("waiting", { id, message: word("site.script.waiting-sign-in", "Waiting for you to sign in again") });
    return "stop";
  }
  // The server has no such upload (expired, or lost): start it over, a few times at most.
  if ((status === 404 && (code === "upload-not-found" || code === "")) || (status === 409 && !finalConflicts.has(code))) {
    const count = (restarts.get(id) ?? 0) + 1;
    restarts.set(id, count);
    if (count <= 3) {
      if (status === 404) await update(id, { upload: "", sent: 0 });
      return "again";
    }
  }
  return fail(id, failure.message);
}

async function fail(id, message) {
  await update(id, { failed: true, error: message });
  emit("failed", { id, message });
  emit("change", { id });
  return "failed";
}

async function retry(id) {
  restarts.delete(id);
  await update(id, { failed: false, error: "" });
  emit("change", { id });
  kick();
}

/** Removes a capture the person gave up on, and its unfinished upload on the server (if it answers). */
async function remove(id) {
  const capture = await transaction("readonly", (store) => store.get(id));
  await transaction("readwrite", (store, files) => {
    files.delete(id);
    return store.delete(id);
  });
  emit("change", { id });
  if (capture?.upload) terminateUpload(capture.upload).catch(() => {});
}

// ---------- The page's lines and the top bar's list ----------

function percent(sent, size) {
  return size ? Math.floor((sent / size) * 100) : 100;
}

/** Keeps the page's line of a capture (a flow's, or the list's) in step with its state; a wait is
 *  every waiting line's (they all wait for the same network). */
function updateLine(type, detail) {
  const lines = type === "waiting" ? document.querySelectorAll(".capture-line:not([data-settled])")
    : document.querySelectorAll(`[data-capture="${CSS.escape(detail.id)}"]`);
  for (const line of lines) {
    const bar = line.querySelector("progress");
    const status = line.querySelector(".upload-status");
    if (type === "progress") {
      const share = percent(detail.sent, detail.size);
      bar.value = share;
      status.textContent = detail.sent < detail.size ? word("site.script.uploading-percent", "Uploading {percent} %", { percent: share })
        : word("site.script.processing", "Processing…");
      status.classList.remove("failed");
    } else if (type === "waiting") {
      status.textContent = detail.message;
    } else if (type === "delivered") {
      bar.value = 100;
      status.textContent = line.dataset.done || word("site.script.uploaded", "Uploaded");
      line.dataset.settled = "delivered";
    } else if (type === "failed") {
      status.textContent = detail.message;
      status.classList.add("failed");
      line.dataset.settled = "failed";
    }
  }
}

function sizeText(bytes) {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
}

/** What a capture will become, where: "Photo of Camera", "Draft in Basement". */
function becomes(capture) {
  const where = capture.where;
  switch (capture.kind) {
    case "photo": return where ? word("site.script.photo-of", "Photo of {where}", { where }) : word("site.script.photo", "Photo");
    case "primary": return where ? word("site.script.main-photo-of", "Main photo of {where}", { where }) : word("site.script.main-photo", "Main photo");
    case "document": return where ? word("site.script.document-of", "Document of {where}", { where }) : word("site.script.document", "Document");
    case "walkthrough": return where ? word("site.script.walkthrough-of", "Walk-through of {where}", { where })
      : word("site.script.walkthrough", "Walk-through");
    default: return where ? word("site.script.draft-in", "Draft in {where}", { where }) : word("site.script.draft", "Draft");
  }
}

/** The list's entry for a capture: what and where, size, progress and state, Retry and Remove when failed. */
function listEntry(capture) {
  const entry = document.createElement("li");
  entry.className = "outbox-entry";
  entry.dataset.capture = capture.id;
  const text = document.createElement("div");
  text.className = "outbox-entry-text";
  const what = document.createElement("span");
  what.className = "outbox-what";
  what.textContent = capture.what;
  const where = document.createElement("span");
  where.className = "outbox-where";
  where.textContent = `${becomes(capture)} · ${sizeText(capture.size)}`;
  text.append(what, where);
  const bar = document.createElement("progress");
  bar.max = 100;
  const sent = current.id === capture.id ? current.sent : capture.sent;
  bar.value = percent(sent, capture.size);
  bar.setAttribute("aria-label", word("site.script.uploaded-named", "{what} uploaded", { what: capture.what }));
  const status = document.createElement("span");
  status.className = "upload-status";
  if (capture.failed) {
    status.textContent = word("site.script.failed", "Failed: {reason}", { reason: capture.error });
    status.classList.add("failed");
  } else if (current.id === capture.id && !waitingReason) {
    status.textContent = word("site.script.uploading-percent", "Uploading {percent} %", { percent: percent(sent, capture.size) });
  } else {
    status.textContent = waitingReason || word("site.script.waiting", "Waiting");
  }
  entry.append(text, bar, status);
  if (capture.failed) {
    const actions = document.createElement("div");
    actions.className = "outbox-actions";
    for (const [label, named, action] of [[word("site.script.retry", "Retry"), word("site.script.retry-named", "Retry {what}", { what: capture.what }), "retry"],
      [word("site.script.remove", "Remove"), word("site.script.remove-named", "Remove {what}", { what: capture.what }), "remove"]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = action === "remove" ? "button small destructive" : "button small";
      button.dataset.action = action;
      button.textContent = label;
      button.setAttribute("aria-label", named);
      actions.append(button);
    }
    entry.append(actions);
  }
  return entry;
}

export function initOutbox() {
  const root = document.getElementById("outbox");
  if (!root || !("indexedDB" in window)) return;
  uploadsURL = new URL(root.dataset.uploads, location.href).href;
  const button = document.getElementById("outbox-button");
  const count = document.getElementById("outbox-count");
  const announcement = document.getElementById("outbox-announcement");
  const sheet = document.getElementById("outbox-sheet");
  const list = document.getElementById("outbox-list");
  const note = document.getElementById("outbox-note");
  let shown = -1;
  trapFocus(sheet);

  async function render() {
    const everything = await allCaptures().catch(() => []);
    const account = currentAccount();
    const mine = everything.filter((capture) => capture.account === account);
    const others = everything.length - mine.length;
    const failed = mine.filter((capture) => capture.failed).length;
    button.hidden = mine.length === 0;
    count.textContent = String(mine.length);
    button.classList.toggle("has-failed", failed > 0);
    const words = failed ? word("site.script.outbox-failed", "{count} waiting to upload, {failed} failed", { count: mine.length, failed })
      : word("site.script.outbox-waiting", "{count} waiting to upload", { count: mine.length });
    button.setAttribute("aria-label", words);
    if (mine.length !== shown) {
      // Said once the count changes (not on the page's first look).
      if (shown >= 0) announcement.textContent = mine.length ? words : word("site.script.all-uploaded", "Everything is uploaded.");
      shown = mine.length;
    }
    const notes = [];
    if (waitingReason && mine.some((capture) => !capture.failed)) {
      notes.push(word("site.script.kept-here", "These are kept on this device and upload by themselves when Homepwner can be reached."));
    }
    if (others) notes.push(word("site.script.others-waiting", "Waiting for another account to sign in on this device: {count}.", { count: others }));
    note.textContent = notes.join(" ");
    note.hidden = notes.length === 0;
    const focused = document.activeElement?.closest?.(".outbox-entry")?.dataset.capture;
    list.replaceChildren(...mine.map(listEntry));
    if (focused) list.querySelector(`[data-capture="${CSS.escape(focused)}"] button`)?.focus();
    if (!mine.length && sheet.matches(":popover-open")) sheet.hidePopover();
  }

  list.addEventListener("click", async (event) => {
    const action = event.target.closest("button[data-action]");
    if (!action) return;
    const id = action.closest(".outbox-entry").dataset.capture;
    if (action.dataset.action === "retry") await retry(id);
    else await remove(id);
    sheet.querySelector(".sheet-bar button")?.focus();
  });
  sheet.addEventListener("toggle", (event) => {
    if (event.newState === "open") (list.querySelector("button") ?? sheet.querySelector(".sheet-bar button"))?.focus();
  });

  let rendering = Promise.resolve();
  const rerender = () => { rendering = rendering.then(render); };
  document.addEventListener("outbox-change", rerender);
  document.addEventListener("outbox-failed", rerender);
  document.addEventListener("outbox-waiting", rerender);
  channel?.addEventListener("message", ({ data }) => receive(data.type, data.detail));
  rerender();

  // Tried again when the network comes back, when the page is shown again (a phone woken, a tab
  // brought forward) and now, on every page open.
  window.addEventListener("online", () => {
    failures = 0;
    kick();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") kick();
  });
  kick();
}
