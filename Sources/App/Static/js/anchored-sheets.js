// Popovers opened by a button (New Claim, Add Items): anchored to that button at regular width, a
// full-screen sheet at compact width. They open and close without scripts; this only places them
// in browsers without CSS anchor positioning.
import { placeBeside } from "./anchoring.js";

export function initAnchoredSheets() {
  for (const sheet of document.querySelectorAll(".claim-sheet[popover]")) {
    sheet.addEventListener("toggle", (event) => {
      if (event.newState !== "open") return;
      const opener = [...document.querySelectorAll(`[popovertarget="${sheet.id}"]`)].find((button) => !sheet.contains(button));
      if (opener) placeBeside(sheet, opener);
    });
  }
}
