// The library's photo viewer, as Apple's PhotoDisplayViewController + TapDetectingImageView: the photo
// on black, fitting the width at minimum zoom (the whole photo when its orientation differs from the
// screen's), zoomable up to one pixel of the ORIGINAL per device pixel. The screen rendition shows
// first; the full-resolution file replaces it once the zoom needs more pixels than the rendition has.
//
// The image box is the original's size in CSS px, placed with `translate(x, y) scale(s)` from its top
// left corner, so `s` is "displayed CSS px per original px" and swapping the source never moves it.
//
// Gestures (Pointer Events; the stage has `touch-action: none`): one pointer drags; two pinch; a tap is
// a single tap only after 0.35 s without a second one (it shows and hides the controls); a double tap
// or double click zooms in ×1.5 about the point, Shift+double click or a two-finger tap zooms out ÷1.5.
// Ctrl+wheel (and a trackpad pinch, which browsers send as one) zooms about the pointer; a plain wheel
// pans. Keys: + = − 0 ← → Esc.

import { word } from "./page-words.js";
import { rememberLastViewed } from "./photo-grid.js";

const step = 1.5;
const singleTapDelay = 350; // ms: a second tap within this makes a double tap
const tapSlop = 10; // CSS px a tap may wander and still be a tap
const twoFingerTapTime = 400; // ms

export function initViewer() {
  const viewer = document.getElementById("viewer");
  if (!viewer) return;
  const stage = document.getElementById("viewer-stage");
  let image = document.getElementById("viewer-image");
  const info = document.getElementById("viewer-info");

  // The album highlights the photo seen last, however it was reached.
  rememberLastViewed(decodeURIComponent(location.pathname.split("/").pop()));
  // Previous and next take this photo's place in the history, as in Photos: Back (the browser's or a
  // swipe) returns to the album, not through every photo seen.
  for (const link of viewer.querySelectorAll(".viewer-button.previous, .viewer-button.next")) {
    link.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      location.replace(link.href);
    });
  }

  // Hidden controls come back when the keyboard reaches one of them.
  viewer.addEventListener("focusin", (event) => {
    if (event.target.closest(".viewer-bar, .viewer-nav, .viewer-zoom")) viewer.classList.remove("controls-hidden");
  });

  // Right to left, the previous photo is on the right, as its button is.
  const rightToLeft = document.documentElement.dir === "rtl";
  const [backwardKey, forwardKey] = rightToLeft ? ["ArrowRight", "ArrowLeft"] : ["ArrowLeft", "ArrowRight"];
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
    const zoomKeys = { "+": step, "=": step, "-": 1 / step, "_": 1 / step };
    if (image && event.key in zoomKeys) {
      zoomBy(zoomKeys[event.key], stage.clientWidth / 2, stage.clientHeight / 2, true);
    } else if (image && event.key === "0") {
      reset(true);
    } else if (event.key === backwardKey && viewer.dataset.previous) {
      location.replace(viewer.dataset.previous);
    } else if (event.key === forwardKey && viewer.dataset.next) {
      location.replace(viewer.dataset.next);
    } else if (event.key === "Escape") {
      // Esc first closes the info panel; only an Esc with nothing open leaves the viewer.
      if (info?.matches(":popover-open")) info.hidePopover();
      else if (viewer.dataset.back) location.assign(viewer.dataset.back);
    } else {
      return;
    }
    event.preventDefault();
  });

  if (!image) return; // a photo that can't be shown: only the keys above

  const width = Number(stage.dataset.width); // the original's upright size
  const height = Number(stage.dataset.height);
  let scale = 0; // displayed CSS px per original px
  let x = 0; // the image's top left corner in the stage
  let y = 0;
  let fitScale = 1;
  let maxScale = 1;
  let fullRequested = false;

  stage.classList.add("zoomable");
  image.style.width = `${width}px`;
  image.style.height = `${height}px`;

  // The zoom buttons step as the keys do; the status says where the zoom stands, once it settles.
  const zoomControls = viewer.querySelector(".viewer-zoom");
  const zoomIn = zoomControls?.querySelector(".zoom-in");
  const zoomOut = zoomControls?.querySelector(".zoom-out");
  const zoomStatus = document.getElementById("viewer-zoom-status");
  let statusTimer = 0;
  if (zoomControls) {
    zoomControls.hidden = false;
    const centre = () => [stage.clientWidth / 2, stage.clientHeight / 2];
    zoomIn.addEventListener("click", () => zoomBy(step, ...centre(), true));
    zoomOut.addEventListener("click", () => zoomBy(1 / step, ...centre(), true));
    zoomControls.querySelector(".zoom-fit").addEventListener("click", () => reset(true));
  }

  // Buttons at a limit stay focusable (a disabled one would drop the focus) but say they can't go on.
  function showZoomState() {
    const atFit = scale <= fitScale + 1e-9;
    const atMax = scale >= maxScale - 1e-9;
    zoomIn?.setAttribute("aria-disabled", String(atMax));
    zoomOut?.setAttribute("aria-disabled", String(atFit));
    clearTimeout(statusTimer);
    statusTimer = setTimeout(() => {
      if (!zoomStatus) return;
      zoomStatus.textContent = atFit ? word("library.script.zoom-fit", "The photo fits the screen.")
        : atMax ? word("library.script.zoom-full", "Full size: one pixel of the photo per pixel of the screen.")
        : word("library.script.zoomed", "Zoomed to {percent} %.", { percent: Math.round((scale / fitScale) * 100) });
    }, 400);
  }

  // Minimum zoom fits the stage's width, or the whole photo when it is turned the other way from the
  // screen (or square), as the Photos app does. Maximum: one original pixel per device pixel, and a
  // photo smaller than that never gets enlarged past it (then minimum = maximum).
  function measure() {
    const w = stage.clientWidth;
    const h = stage.clientHeight;
    const sameOrientation = (width > height && w > h) || (width < height && w < h);
    const fitWidth = w / width;
    const fit = sameOrientation ? fitWidth : Math.min(fitWidth, h / height);
    maxScale = 1 / devicePixelRatio;
    fitScale = Math.min(fit, maxScale);
    stage.dataset.fitScale = fitScale;
    stage.dataset.maxScale = maxScale;
  }

  const clampScale = (s) => Math.min(maxScale, Math.max(fitScale, s));

  // No gap at an edge when the photo is larger than the stage; centred on an axis where it is smaller.
  function clampPosition() {
    const clampAxis = (value, size, room) => (size <= room ? (room - size) / 2 : Math.min(0, Math.max(room - size, value)));
    x = clampAxis(x, width * scale, stage.clientWidth);
    y = clampAxis(y, height * scale, stage.clientHeight);
  }

  function render(animate = false) {
    clampPosition();
    // Discrete steps (double tap, keys) glide; gestures follow the fingers exactly.
    stage.classList.toggle("animating", animate);
    image.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
    stage.dataset.scale = scale;
    stage.classList.toggle("can-pan", width * scale > stage.clientWidth + 0.5 || height * scale > stage.clientHeight + 0.5);
    showZoomState();
    loadFullIfNeeded();
  }

  // Zooms to `scale * factor`, keeping the photo's point under (px, py) in the stage where it is.
  function zoomBy(factor, px, py, animate = false) {
    zoomTo(scale * factor, px, py, px, py, animate);
  }

  // Moves the photo's point under (fromX, fromY) to (toX, toY) at scale `s` (a pinch does both at once).
  function zoomTo(s, fromX, fromY, toX, toY, animate = false) {
    const next = clampScale(s);
    const u = (fromX - x) / scale;
    const v = (fromY - y) / scale;
    scale = next;
    x = toX - u * scale;
    y = toY - v * scale;
    render(animate);
  }

  function reset(animate = false) {
    scale = fitScale;
    x = 0;
    y = 0; // clampPosition centres it, or puts the top left in the corner when it is larger
    render(animate);
  }

  // The screen rendition is at most 2048 px on its long side; once the photo shows more device pixels
  // than that, fetch the full-resolution file once and decode it off screen. The decoded image then
  // takes the rendition's place, box and transform (no second request, no blank frame, no jump).
  function loadFullIfNeeded() {
    const full = stage.dataset.full;
    if (fullRequested || !full || full === stage.dataset.screen || !image.naturalWidth) return;
    if (width * scale * devicePixelRatio <= image.naturalWidth + 0.5) return;
    fullRequested = true;
    const loader = new Image();
    loader.src = full;
    loader.decode().then(() => {
      loader.id = image.id;
      loader.className = image.className;
      loader.alt = image.alt;
      loader.draggable = false;
      loader.style.cssText = image.style.cssText;
      image.replaceWith(loader);
      image = loader;
      stage.dataset.loadedFull = "true";
    }).catch(() => {}); // keep the screen rendition
  }
  image.addEventListener("load", loadFullIfNeeded, { once: true });

  measure();
  reset();
  // Opened from an item's evidence (`#actual-size`): straight to one photo pixel per screen pixel,
  // where a serial plate in an old photo can be read.
  if (location.hash === "#actual-size") zoomBy(maxScale / scale, stage.clientWidth / 2, stage.clientHeight / 2);

  // Resizing or turning the device keeps the zoom relative to the fit and the photo's centre point.
  new ResizeObserver(() => {
    const relative = scale / fitScale;
    const cx = (stage.clientWidth / 2 - x) / scale;
    const cy = (stage.clientHeight / 2 - y) / scale;
    measure();
    scale = clampScale(relative * fitScale);
    x = stage.clientWidth / 2 - cx * scale;
    y = stage.clientHeight / 2 - cy * scale;
    render();
  }).observe(stage);

  stage.addEventListener("transitionend", () => stage.classList.remove("animating"));

  // ---- Pointers ----

  const pointers = new Map(); // pointerId → {x, y} in stage coordinates
  let gesture = null; // this contact: its start, how many pointers it had, whether it moved
  let last = null; // centroid and spread of the pointers at the previous event
  let lastTap = null; // {time, x, y} of the previous tap's release, while a double tap may follow
  let singleTapTimer = 0;

  const stagePoint = (event) => {
    const box = stage.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  function summary() {
    const points = [...pointers.values()];
    const cx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
    const cy = points.reduce((sum, p) => sum + p.y, 0) / points.length;
    const spread = points.length < 2 ? 0 : Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y);
    return { x: cx, y: cy, spread };
  }

  stage.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    stage.setPointerCapture(event.pointerId);
    const point = stagePoint(event);
    pointers.set(event.pointerId, point);
    // A tap that only dismisses the open info panel does nothing else.
    gesture ??= { start: event.timeStamp, maxPointers: 0, moved: false, origins: new Map(), dismissing: !!info?.matches(":popover-open") };
    gesture.maxPointers = Math.max(gesture.maxPointers, pointers.size);
    gesture.origins.set(event.pointerId, point);
    // A second contact coming down holds off the pending single tap; its release decides.
    clearTimeout(singleTapTimer);
    last = summary();
    stage.classList.remove("animating");
  });

  stage.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) return;
    const point = stagePoint(event);
    pointers.set(event.pointerId, point);
    const origin = gesture.origins.get(event.pointerId);
    if (Math.hypot(point.x - origin.x, point.y - origin.y) > tapSlop) gesture.moved = true;
    if (!gesture.moved) return;
    const now = summary();
    // The point under the previous centroid follows the new one; two pointers also scale by their spread.
    const factor = now.spread && last.spread ? now.spread / last.spread : 1;
    zoomTo(scale * factor, last.x, last.y, now.x, now.y);
    last = now;
    stage.classList.add("panning");
  });

  function release(event) {
    if (!pointers.has(event.pointerId)) return;
    const point = pointers.get(event.pointerId);
    pointers.delete(event.pointerId);
    if (pointers.size > 0) {
      last = summary(); // carry on with the remaining finger without a jump
      if (gesture.maxPointers === 2 && !gesture.moved) gesture.twoFingerPoint ??= point;
      return;
    }
    const ended = gesture;
    gesture = null;
    stage.classList.remove("panning");
    if (event.type === "pointercancel" || ended.moved || ended.dismissing) {
      lastTap = null;
      return;
    }
    if (ended.maxPointers === 2) {
      if (event.timeStamp - ended.start <= twoFingerTapTime) {
        const other = ended.twoFingerPoint ?? point;
        zoomBy(1 / step, (other.x + point.x) / 2, (other.y + point.y) / 2, true);
      }
      lastTap = null;
    } else if (ended.maxPointers === 1) {
      tap(point, event, ended.start);
    }
  }
  stage.addEventListener("pointerup", release);
  stage.addEventListener("pointercancel", release);

  // A tap is the second of a double tap when it came down within the delay of the first one's
  // release, near it (the first tap's timer was cancelled by that pointerdown).
  function tap(point, event, downTime) {
    const previous = lastTap;
    lastTap = null;
    if (previous && downTime - previous.time <= singleTapDelay && Math.hypot(point.x - previous.x, point.y - previous.y) < 40) {
      zoomBy(event.shiftKey ? 1 / step : step, point.x, point.y, true);
      return;
    }
    lastTap = { time: event.timeStamp, x: point.x, y: point.y };
    singleTapTimer = setTimeout(() => {
      lastTap = null;
      viewer.classList.toggle("controls-hidden");
    }, singleTapDelay);
  }

  // A double click's own default (selecting text) has nothing to do here.
  stage.addEventListener("dblclick", (event) => event.preventDefault());

  // Ctrl+wheel (a trackpad pinch in Chrome, Firefox and Edge) zooms about the pointer; a wheel pans.
  stage.addEventListener("wheel", (event) => {
    event.preventDefault();
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? stage.clientHeight : 1;
    const point = stagePoint(event);
    stage.classList.remove("animating");
    if (event.ctrlKey) {
      // Small trackpad deltas glide; a mouse notch (±100) is capped at about one ×1.5 step.
      const delta = Math.max(-40, Math.min(40, event.deltaY * lines));
      zoomBy(Math.exp(-delta / 100), point.x, point.y);
    } else {
      x -= event.deltaX * lines;
      y -= event.deltaY * lines;
      render();
    }
  }, { passive: false });

  // Safari sends a trackpad pinch as gesture events instead (on iPhone and iPad the pointers above
  // already handle it, so only a pinch without pointers counts).
  let gestureStart = 0;
  stage.addEventListener("gesturestart", (event) => {
    event.preventDefault();
    gestureStart = scale;
  });
  stage.addEventListener("gesturechange", (event) => {
    event.preventDefault();
    if (pointers.size > 0) return;
    const point = stagePoint(event);
    zoomBy(gestureStart * event.scale / scale, point.x, point.y);
  });
}
