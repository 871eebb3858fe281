// Places a popover next to the control that opened it. Browsers with CSS anchor positioning do this
// themselves (the popover is anchored to its invoker); others get the same placement from here.
const supportsAnchors = CSS.supports("position-area: bottom");
const compact = matchMedia("(max-width: 699px)");

export function placeBeside(popover, anchor) {
  if (supportsAnchors || compact.matches) {
    popover.classList.remove("unanchored");
    return;
  }
  popover.classList.add("unanchored");
  requestAnimationFrame(() => {
    const box = anchor.getBoundingClientRect();
    const size = popover.getBoundingClientRect();
    const margin = 8;
    let top = box.bottom + margin;
    if (top + size.height > innerHeight - margin && box.top - margin - size.height > margin) top = box.top - margin - size.height;
    // Its start edge at the control's: the left edge, or the right one in a right-to-left page.
    const start = document.documentElement.dir === "rtl" ? box.right - size.width : box.left;
    const left = Math.min(Math.max(margin, start), innerWidth - margin - size.width);
    Object.assign(popover.style, { inset: "auto", margin: "0", top: `${Math.max(margin, top)}px`, left: `${left}px` });
  });
}
