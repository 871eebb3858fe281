// Homepwner's service worker, served at /service-worker.js after one line, `const BUILD = {…}`,
// naming this build's static files and the patterns of the pages it may keep (ServiceWorkerScript).
//
// It answers only GETs of this site's static files, the pages below and their photos; everything
// else — every other GET, every non-GET, /api/v1/uploads, adjusters' /shared/… links, downloads,
// exports and zips — it leaves to the network untouched (no respondWith).
//   static files (content-hashed URLs): from the cache first; all of this build's kept on install.
//   pages kept offline (the item list, items, places, the walk pages, the last claim and its
//   report and schedule): from the network first; the last answer kept and shown when the server
//   cannot be reached, marked with the time it was fetched.
// A new version installs in the background and waits: it takes over once no page of the old one is
// open (the next open), or sooner only when the person asks (the page's "Use It Now").

const STATIC_CACHE = `homepwner-static-${BUILD.version}`;
// The offline copy: one account's pages, photos and the account's id. Deleting this cache forgets
// all of it (signing out, another account, the owner's switch off) and touches nothing else:
// IndexedDB (the outbox) stays.
const OFFLINE_CACHE = "homepwner-offline-copy";
const ACCOUNT_KEY = new URL("/.offline-copy-account", self.location.origin).href;

function pattern(template) {
  const source = template.split("/").map((segment) => {
    if (!segment.startsWith("{")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (segment.endsWith("...}")) return ".+";
    // Ids are whole numbers: /items/new is not an item.
    return /^\{(id|\w+Id)\}$/.test(segment) ? "(\\d+)" : "[^/]+";
  }).join("/");
  return new RegExp(`^${source}$`);
}

const keptPages = [...BUILD.pages, ...BUILD.capturePages].map(pattern);
const claimPage = pattern(BUILD.claimPage);
const claimPacket = BUILD.claimPacket.map(pattern);
const photos = pattern(BUILD.photos);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.addAll(BUILD.static)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("homepwner-static-") && name !== STATIC_CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "version") {
    event.ports[0]?.postMessage({ version: BUILD.version });
  } else if (message.type === "skip-waiting") {
    self.skipWaiting();
  } else if (message.type === "forget") {
    event.waitUntil(forget().then(() => event.ports[0]?.postMessage({ forgotten: true })));
  } else if (message.type === "page") {
    // What a page the server just served says: who is signed in ("" for nobody) and whether the
    // owner allows the offline copy.
    event.waitUntil(follow(message.account, message.offlineCopy !== "off"));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path.startsWith(BUILD.staticPrefix)) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate" && (keptPages.some((page) => page.test(path)) || claimPage.test(path))) {
    event.respondWith(networkFirst(event, request, keepPage));
  } else if (claimPacket.some((file) => file.test(path))) {
    event.respondWith(networkFirst(event, request, keepPacketFile));
  } else if (photos.test(path)) {
    event.respondWith(photo(request));
  }
});

async function staticFile(request) {
  const cache = await caches.open(STATIC_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

// The server's answer when it gives one; the kept copy when it cannot be reached (no answer, or a
// proxy in front of it saying it is down).
async function networkFirst(event, request, keep) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    return (await keptCopy(request)) ?? Promise.reject(error);
  }
  if ([502, 503, 504].includes(response.status)) return (await keptCopy(request)) ?? response;
  event.waitUntil(keep(request, response.clone()).catch(() => {}));
  return response;
}

async function keptCopy(request) {
  const cache = await offlineCopy();
  return (await cache?.match(withoutFragment(request.url))) ?? null;
}

// The offline copy's cache if there is one (never made just by looking: a forgotten copy stays gone).
async function offlineCopy() {
  return (await caches.has(OFFLINE_CACHE)) ? caches.open(OFFLINE_CACHE) : null;
}

function withoutFragment(address) {
  const url = new URL(address);
  url.hash = "";
  return url.href;
}

// A page as the server served it, with its time in its head (`offline-copy-from`), which is how
// the page knows it is the copy. Kept only for the account it names, when the owner allows it.
async function keepPage(request, response) {
  if (response.status !== 200 || !(response.headers.get("Content-Type") || "").startsWith("text/html")) return;
  const html = await response.text();
  const account = metaContent(html, "account");
  if (!(await follow(account, metaContent(html, "offline-copy") !== "off")) || !account) return;
  const marked = html.replace("<head>", `<head><meta name="offline-copy-from" content="${new Date().toISOString()}">`);
  const cache = await caches.open(OFFLINE_CACHE);
  const claim = claimPage.exec(new URL(request.url).pathname);
  if (claim) await forgetClaimsBut(cache, claim[1]);
  await cache.put(withoutFragment(request.url), new Response(marked, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
}

// The last claim's report or schedule, once downloaded: kept while that claim is the last one opened.
async function keepPacketFile(request, response) {
  if (response.status !== 200 || !(await keptAccount())) return;
  const path = new URL(request.url).pathname;
  const claim = claimPacket.map((file) => file.exec(path)).find(Boolean);
  const cache = await caches.open(OFFLINE_CACHE);
  await forgetClaimsBut(cache, claim[1]);
  await cache.put(withoutFragment(request.url), response);
}

async function forgetClaimsBut(cache, claimID) {
  for (const key of await cache.keys()) {
    const path = new URL(key.url).pathname;
    const match = claimPage.exec(path) ?? claimPacket.map((file) => file.exec(path)).find(Boolean);
    if (match && match[1] !== claimID) await cache.delete(key);
  }
}

// A photo of a kept page (content-addressed: the same URL is always the same bytes).
async function photo(request) {
  const cache = await offlineCopy();
  const kept = await cache?.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200 && (await keptAccount())) await (await caches.open(OFFLINE_CACHE)).put(request, response.clone());
  return response;
}

function metaContent(html, name) {
  const match = new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html);
  return match ? match[1] : null;
}

// Follows what a page says: nobody signed in, or the owner's switch off, forgets the copy; another
// account forgets the last one's before anything of this one is kept. Answers whether to keep.
// A page that names no account at all (an adjuster's link, an error) changes nothing.
async function follow(account, allowed) {
  if (account === null || account === undefined) return false;
  if (account === "" || !allowed) {
    await forget();
    return false;
  }
  if ((await keptAccount()) !== account) {
    await forget();
    const cache = await caches.open(OFFLINE_CACHE);
    await cache.put(ACCOUNT_KEY, new Response(account));
  }
  return true;
}

async function keptAccount() {
  const kept = await (await offlineCopy())?.match(ACCOUNT_KEY);
  return kept ? kept.text() : null;
}

function forget() {
  return caches.delete(OFFLINE_CACHE);
}
