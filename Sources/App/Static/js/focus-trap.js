// Tab and Shift+Tab go round inside an open popover that acts as a dialog (the photo, the picker), as
// they do inside a modal <dialog>: a keyboard user never wanders onto the page behind it. Esc and the
// popover's own close control end it, and the browser gives focus back to the control that opened it.
const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function trapFocus(container) {
  container.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const stops = [...container.querySelectorAll(focusable)].filter((element) => element.checkVisibility());
    if (stops.length === 0) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    const leaving = event.shiftKey ? document.activeElement === first || !container.contains(document.activeElement)
      : document.activeElement === last;
    if (!leaving) return;
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  });
}
