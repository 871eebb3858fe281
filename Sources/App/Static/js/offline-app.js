// The installed app's side in the page: registers the service worker (from this module: the CSP
// allows no inline script), says when a new version is ready or has taken over, tells the worker
// who is signed in and whether the owner allows the offline copy, and, on a copy the worker kept
// (its head names `offline-copy-from`), shows "Offline copy from 05:12" and turns off what needs
// the server.
import { word } from "./page-words.js";

const versionKey = "homepwner.app-version";

function meta(name) {
  return document.querySelector(`meta[name="${name}"]`)?.content ?? null;
}

export function initOfflineApp() {
  const copyFrom = meta("offline-copy-from");
  if (copyFrom) showOfflineCopy(new Date(copyFrom));
  if (!("serviceWorker" in navigator)) return;
  const account = meta("account");
  // Signing out forgets this device's copy (the sign-in page says so again, for a session that ended).
  for (const form of document.querySelectorAll(".signout-form")) {
    form.addEventListener("submit", () => tellWorker({ type: "forget" }));
  }
  if (copyFrom) return;
  if (account !== null) tellWorker({ type: "page", account, offlineCopy: meta("offline-copy") });
  // Only for someone signed in: an adjuster's link or the sign-in page installs nothing.
  if (account) register();
}

// To the worker that controls this page or, on the first page, the one just registered; none: nothing to tell.
async function tellWorker(message) {
  const registration = await navigator.serviceWorker.getRegistration();
  (navigator.serviceWorker.controller ?? registration?.active)?.postMessage(message);
}

async function register() {
  let registration;
  try {
    registration = await navigator.serviceWorker.register(meta("service-worker"), { scope: "/", type: "classic", updateViaCache: "none" });
  } catch (error) {
    console.warn("Homepwner's service worker was not registered:", error);
    return;
  }
  if (registration.waiting && navigator.serviceWorker.controller) showUpdateReady(registration);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdateReady(registration);
    });
  });
  const controller = navigator.serviceWorker.controller;
  if (controller) noticeNewVersion(await askVersion(controller));
}

function askVersion(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data?.version ?? null);
    worker.postMessage({ type: "version" }, [channel.port2]);
  });
}

// The version the worker in charge runs, against the one this device last saw.
function noticeNewVersion(version) {
  if (!version) return;
  const seen = localStorage.getItem(versionKey);
  localStorage.setItem(versionKey, version);
  if (seen && seen !== version) {
    showNotice(word("site.script.updated", "Homepwner was updated."), []);
  }
}

function showUpdateReady(registration) {
  showNotice(word("site.script.update-ready", "A new version of Homepwner is ready. It takes over the next time you open Homepwner."), [
    { label: word("site.script.use-now", "Use It Now"), primary: true, act: () => {
      navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
      registration.waiting?.postMessage({ type: "skip-waiting" });
    } },
  ]);
}

// The notice at the bottom: a status region (read out), with its buttons and Dismiss (Escape too).
function showNotice(text, actions) {
  const region = document.getElementById("app-update");
  if (!region) return;
  const card = document.createElement("div");
  card.className = "app-update-card";
  const words = document.createElement("p");
  words.textContent = text;
  const buttons = document.createElement("div");
  buttons.className = "app-update-actions";
  const dismiss = () => { region.replaceChildren(); };
  for (const action of [...actions, { label: word("site.script.dismiss", "Dismiss"), act: dismiss }]) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `button small${action.primary ? " primary" : ""}`;
    button.textContent = action.label;
    button.addEventListener("click", action.act);
    buttons.append(button);
  }
  card.addEventListener("keydown", (event) => { if (event.key === "Escape") dismiss(); });
  card.append(words, buttons);
  region.replaceChildren(card);
}

function showOfflineCopy(fetched) {
  document.documentElement.dataset.offlineCopy = "true";
  const status = document.getElementById("offline-copy-status");
  const label = document.getElementById("offline-copy-label");
  const sameDay = fetched.toDateString() === new Date().toDateString();
  // In the page's language, not the browser's: the page may be in the account's.
  const language = document.documentElement.lang || [];
  const time = fetched.toLocaleTimeString(language, { hour: "numeric", minute: "2-digit" });
  const when = sameDay ? time : fetched.toLocaleString(language, { day: "numeric", month: "short", hour: "numeric", minute: "2-digit" });
  if (status && label) {
    label.textContent = word("site.script.offline-from", "Offline copy from {when}", { when });
    status.hidden = false;
  }
  const reason = document.getElementById("offline-copy-reason");
  reason?.prepend(`${word("site.script.kept-at", "Kept {when}.", { when: fetched.toLocaleString(language, { dateStyle: "full", timeStyle: "short" }) })} `);
  document.getElementById("offline-copy-retry")?.addEventListener("click", () => location.reload());
  disableServerActions();
}

// Every form's controls and every control that calls the server, but those of a part that works
// offline (the camera page: what it takes waits in the outbox). Each points at the reason.
function disableServerActions() {
  const controls = document.querySelectorAll("form button, form input, form select, form textarea, [data-api]:is(button, input)");
  for (const control of controls) {
    if (control.closest("[data-works-offline], .offline-copy, #app-update") || control.type === "hidden") continue;
    control.disabled = true;
    control.title = word("site.script.needs-server", "Needs Homepwner’s server, which cannot be reached");
    const described = control.getAttribute("aria-describedby");
    control.setAttribute("aria-describedby", described ? `${described} offline-copy-reason` : "offline-copy-reason");
  }
}
