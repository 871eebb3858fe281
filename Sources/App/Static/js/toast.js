// A short message at the bottom of the screen, also read out by screen readers.
const pendingKey = "homepwner.toast";
let hideTimer;

export function showToast(message, { error = false } = {}) {
  const toast = document.getElementById("toast");
  if (!toast) return;
  toast.textContent = message;
  toast.classList.toggle("error", error);
  toast.classList.add("visible");
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => toast.classList.remove("visible"), error ? 6000 : 2600);
}

/** Shows `message` on the next page, after a navigation. */
export function toastAfterNavigation(message) {
  sessionStorage.setItem(pendingKey, message);
}

export function showPendingToast() {
  const message = sessionStorage.getItem(pendingKey);
  if (message) {
    sessionStorage.removeItem(pendingKey);
    showToast(message);
  }
}
