// Requests from scripts: JSON answers, and errors as messages a person can act on.
import { word } from "./page-words.js";

export class RequestError extends Error {
  constructor(message, { status = 0, code = "", fields = {} } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The session's CSRF token, which every change must carry (none when nobody is signed in). */
export function csrfToken() {
  return document.querySelector('meta[name="csrf-token"]')?.content ?? "";
}

/** Sends a request that expects JSON back; throws RequestError with the server's message. */
export async function request(method, url, { json, form, headers = {} } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers }, credentials: "same-origin" };
  if (method !== "GET" && csrfToken()) init.headers["X-CSRF-Token"] = csrfToken();
  if (json !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(json);
  } else if (form !== undefined) {
    init.body = new URLSearchParams(new FormData(form));
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new RequestError(word("item.script.unreachable", "Homepwner can’t be reached. Check your connection and try again."));
  }
  const body = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = body?.error ?? {};
    throw new RequestError(error.message ?? word("item.script.server-answered", "The server answered {status}. Try again.", { status: response.status }), {
      status: response.status,
      code: error.code ?? "",
      fields: error.fields ?? {},
    });
  }
  return { body, etag: response.headers.get("ETag") };
}

/** Fetches a page of this site and returns it parsed. */
export async function fetchPage(url) {
  const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
  if (!response.ok) throw new RequestError(word("item.script.page-not-loaded", "The page could not be loaded ({status}).", { status: response.status }));
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

/** Sends a file and reports its upload's progress (fetch reports none), as a percentage. Resolves
 *  with the status, the JSON answer and the ETag; rejects when the request never reached Homepwner. */
export function sendFile(method, url, file, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader("Accept", "application/json");
    if (file.type) xhr.setRequestHeader("Content-Type", file.type);
    if (csrfToken()) xhr.setRequestHeader("X-CSRF-Token", csrfToken());
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener("load", () => resolve({ status: xhr.status, body: xhr.response, etag: xhr.getResponseHeader("ETag") }));
    xhr.addEventListener("error", () => reject(new RequestError(word("item.script.upload-unreachable", "The upload did not reach Homepwner. Check your connection and try again."))));
    xhr.send(file);
  });
}
