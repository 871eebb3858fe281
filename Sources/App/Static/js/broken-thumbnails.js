// A library photo can turn out to be damaged only when its thumbnail is made, after the page listing
// it was served. Its image then fails to load: show the empty tile a photo-less group gets, not the
// browser's broken-image icon.
const LIBRARY_TILES = ".group-card, .grid-cell, .picker-cell, .picker-group";

export function initBrokenThumbnails() {
  // Image errors do not bubble: listen in the capture phase, for images added later too.
  document.addEventListener("error", ({ target }) => {
    if (!(target instanceof HTMLImageElement) || !target.closest(LIBRARY_TILES)) return;
    const tile = document.createElement("span");
    tile.className = `${target.className} placeholder`.trim();
    target.replaceWith(tile);
  }, true);
}
