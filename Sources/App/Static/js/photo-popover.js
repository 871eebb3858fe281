// A row's thumbnail shows the item's photo in the list's one photo popover: anchored to the
// thumbnail at regular width, full screen on black at compact width. Light dismiss (outside tap,
// Esc) and the close button all end the same way: focus goes back to the thumbnail.
import { placeBeside } from "./anchoring.js";
import { trapFocus } from "./focus-trap.js";

export function initPhotoPopover() {
  const popover = document.getElementById("photo-popover");
  if (!popover) return;
  const image = popover.querySelector("img");
  let opener = null;
  trapFocus(popover);

  // The click comes before the popover opens, so the image is in place when it shows.
  document.addEventListener("click", (event) => {
    const thumbnail = event.target.closest("button.thumbnail[data-screen]");
    if (!thumbnail) return;
    opener = thumbnail;
    image.width = Number(thumbnail.dataset.width);
    image.height = Number(thumbnail.dataset.height);
    image.src = thumbnail.dataset.screen;
    image.alt = thumbnail.dataset.alt ?? "";
    // The dialog is named after the item, as its picture is (in the page's words, as the row gives them).
    if (image.alt) popover.setAttribute("aria-label", image.alt);
  });

  popover.addEventListener("toggle", (event) => {
    if (event.newState === "open") {
      if (opener) placeBeside(popover, opener);
    } else {
      // Back to the thumbnail, unless the tap that closed it landed on another control.
      const thumbnail = opener;
      opener = null;
      setTimeout(() => {
        const focused = document.activeElement;
        if (!focused || focused === document.body || popover.contains(focused)) thumbnail?.focus();
      });
    }
  });
}
