// A tus 1.0 client (core, creation, termination, checksum; tus.io): creates an upload, asks where the
// server is with HEAD, and sends the rest in chunks, each with its SHA-256 so a damaged chunk is
// refused rather than stored. Every request carries the session's CSRF token. The outbox decides
// what to do with each answer; this only speaks the protocol.
import { csrfToken } from "./http.js";
import { word } from "./page-words.js";

/** Chunks of 4 MB: one chunk is what a dropped connection costs at most (a chunk with a checksum
 *  that did not arrive whole is not kept), and 5 drops of a 300 MB video then resend ≤ 20 MB. */
export const chunkBytes = 4 * 1024 * 1024;

/** An answer other than the one the protocol step expects, or none at all (`status` 0). */
export class TusError extends Error {
  constructor(message, { status = 0, code = "", retryAfter = 0 } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

const unreachable = () => word("site.script.unreachable", "Homepwner can’t be reached.");

function headers(extra = {}) {
  const all = { "Tus-Resumable": "1.0.0", Accept: "application/json", ...extra };
  if (csrfToken()) all["X-CSRF-Token"] = csrfToken();
  return all;
}

/** A request that gets no answer within this is taken as the network gone (a phone's link in a
 *  basement can hang rather than fail). */
const patience = 45_000;

async function send(method, url, init = {}) {
  try {
    return await fetch(url, { method, credentials: "same-origin", cache: "no-store", signal: AbortSignal.timeout?.(patience), ...init });
  } catch {
    throw new TusError(unreachable());
  }
}

/** The server's message for an answer it refused, from its JSON error. */
async function refusal(response, [key, english]) {
  const body = await response.json().catch(() => null);
  const retryAfter = Number(response.headers.get("Retry-After")) || 0;
  return new TusError(body?.error?.message ?? word(key, english, { status: response.status }),
    { status: response.status, code: body?.error?.code ?? "", retryAfter });
}

function base64(text) {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/** Creates an upload of `size` bytes (or finds the one this capture id already made): its URL and
 *  how many bytes the server already has. */
export async function createUpload(collectionURL, { size, captureId, filename, filetype }) {
  const metadata = [["captureId", captureId], ["filename", filename], ["filetype", filetype]]
    .filter(([, value]) => value).map(([key, value]) => `${key} ${base64(value)}`).join(",");
  const response = await send("POST", collectionURL, {
    headers: headers({ "Upload-Length": String(size), "Upload-Metadata": metadata }),
  });
  const location = response.headers.get("Location");
  if (response.status !== 201 || !location) throw await refusal(response, ["upload.script.start-answered", "Starting the upload was answered {status}."]);
  return { url: new URL(location, collectionURL).href, offset: Number(response.headers.get("Upload-Offset")) || 0 };
}

/** How many bytes of the upload the server has. */
export async function uploadOffset(url) {
  const response = await send("HEAD", url, { headers: headers() });
  const offset = Number(response.headers.get("Upload-Offset"));
  if (response.status !== 200 || !Number.isFinite(offset)) {
    throw new TusError(word("upload.script.ask-answered", "Asking the server how much it has was answered {status}.", { status: response.status }), { status: response.status });
  }
  return offset;
}

/** Gives up an upload: the server removes its bytes. */
export async function terminateUpload(url) {
  const response = await send("DELETE", url, { headers: headers() });
  if (response.status !== 204 && response.status !== 404) throw await refusal(response, ["upload.script.remove-answered", "Removing the upload was answered {status}."]);
}

/** SHA-256 of the chunk, as `Upload-Checksum` wants it (SubtleCrypto: a secure page only). */
async function checksum(bytes) {
  if (!crypto.subtle) return "";
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `sha256 ${btoa(String.fromCharCode(...digest))}`;
}

/** The chunk of `blob` from `offset` (at most `chunkBytes`), read and hashed, ready to send. Hashing
 *  300 MB costs Chromium about 1 s here (SHA-256, 4 MB at a time), so the outbox prepares the next
 *  chunk while one is being sent. */
export async function prepareChunk(blob, offset) {
  const bytes = await blob.slice(offset, Math.min(offset + chunkBytes, blob.size)).arrayBuffer();
  return { offset, bytes, checksum: await checksum(bytes) };
}

/** Sends a prepared chunk in one PATCH (XMLHttpRequest: fetch reports no upload progress),
 *  `onProgress(bytesOfThisChunkSent)` as it goes. Resolves with the new offset and the bytes put on
 *  the wire; rejects with a TusError whose `sent` says how many. */
export function sendChunk(url, chunk, onProgress) {
  const { offset, bytes } = chunk;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let sent = 0;
    xhr.open("PATCH", url);
    const all = headers({ "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset) });
    if (chunk.checksum) all["Upload-Checksum"] = chunk.checksum;
    for (const [name, value] of Object.entries(all)) xhr.setRequestHeader(name, value);
    // A connection that stops moving is given up (and resumed from what the server has).
    let stalled = setTimeout(() => xhr.abort(), patience);
    xhr.upload.addEventListener("progress", (event) => {
      clearTimeout(stalled);
      stalled = setTimeout(() => xhr.abort(), patience);
      sent = event.loaded;
      onProgress(sent);
    });
    // Every byte has left (a 4 MB chunk on a fast link often goes before any progress event): what
    // was sent counts even if no answer comes.
    xhr.upload.addEventListener("load", () => { sent = bytes.byteLength; });
    xhr.addEventListener("loadend", () => clearTimeout(stalled));
    const fail = (error) => {
      error.sent = sent;
      reject(error);
    };
    xhr.addEventListener("load", () => {
      const next = Number(xhr.getResponseHeader("Upload-Offset"));
      if (xhr.status === 204 && Number.isFinite(next)) {
        resolve({ offset: next, sent: bytes.byteLength });
        return;
      }
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch {}
      sent = bytes.byteLength;
      fail(new TusError(body?.error?.message ?? word("upload.script.send-answered", "Sending the file was answered {status}.", { status: xhr.status }),
        { status: xhr.status, code: body?.error?.code ?? "", retryAfter: Number(xhr.getResponseHeader("Retry-After")) || 0 }));
    });
    xhr.addEventListener("error", () => fail(new TusError(unreachable())));
    xhr.addEventListener("abort", () => fail(new TusError(unreachable())));
    xhr.send(bytes);
  });
}
