// The item list: in edit mode, move buttons and dragging reorder items, and the trash button deletes
// one after asking. Every change goes to the JSON API; the list is then re-read from the server, so
// positions and buttons always match what is stored.
import { fetchPage, request } from "./http.js";
import { confirmDelete } from "./confirm-delete.js";
import { showToast } from "./toast.js";

const list = () => document.getElementById("item-list");

/** Replaces the list (and its summary) with the server's current one. */
export async function refreshItemList({ highlight, focus } = {}) {
  const page = await fetchPage(location.pathname + location.search);
  for (const id of ["item-list", "list-summary", "empty-state"]) {
    const fresh = page.getElementById(id);
    const current = document.getElementById(id);
    if (fresh && current) current.replaceWith(fresh);
  }
  if (highlight !== undefined) {
    const row = document.getElementById(`item-${highlight}`);
    row?.classList.add("just-added");
    row?.scrollIntoView({ block: "nearest" });
  }
  if (focus) document.querySelector(focus)?.focus();
}

async function moveItem(row, position, focusSelector) {
  list()?.classList.add("is-busy");
  try {
    await request("POST", row.dataset.apiMove, { json: { position } });
  } catch (error) {
    showToast(error.message, { error: true });
  } finally {
    await refreshItemList({ focus: focusSelector }).catch(() => location.reload());
  }
}

async function deleteItem(row) {
  const name = row.querySelector(".item-link")?.textContent ?? "this item";
  if (!(await confirmDelete(name))) return;
  try {
    await request("DELETE", row.dataset.api);
    showToast(`Deleted “${name}”.`);
  } catch (error) {
    showToast(error.message, { error: true });
  }
  await refreshItemList().catch(() => location.reload());
}

export function initItemList() {
  if (!list()) return;

  // Listeners sit on the document, so they keep working after the list is replaced.
  document.addEventListener("submit", (event) => {
    if (event.target.id !== "move-form") return;
    event.preventDefault();
    const button = event.submitter;
    const row = button?.closest(".item-row");
    if (!row) return;
    const direction = button.classList.contains("move-up") ? "up" : "down";
    // Keep focus on the same control of the same item, so the arrow can be pressed again.
    moveItem(row, Number(button.value), `#item-${row.dataset.id} .move-${direction}`);
  });

  document.addEventListener("click", (event) => {
    const trash = event.target.closest('.item-row [data-action="delete"]');
    if (!trash) return;
    event.preventDefault();
    deleteItem(trash.closest(".item-row"));
  });

  document.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest(".drag-handle");
    if (handle && event.isPrimary && event.button === 0) startDrag(event, handle.closest(".item-row"));
  });
}

/** Drags a row by its handle; the other rows slide aside to show where it will land. */
function startDrag(event, row) {
  event.preventDefault();
  const container = list();
  const rows = [...container.querySelectorAll(".item-row")];
  const from = rows.indexOf(row);
  const rowBoxes = rows.map((r) => r.getBoundingClientRect());
  const height = rowBoxes[from].height;
  const startY = event.clientY;
  let to = from;

  container.classList.add("is-dragging");
  row.classList.add("dragging");
  row.setPointerCapture(event.pointerId);

  const onMove = (moveEvent) => {
    const dy = moveEvent.clientY - startY;
    row.style.transform = `translateY(${dy}px)`;
    const centre = rowBoxes[from].top + height / 2 + dy;
    to = from;
    for (let index = 0; index < rows.length; index += 1) {
      const middle = rowBoxes[index].top + rowBoxes[index].height / 2;
      if (index < from && centre < middle) { to = index; break; }
      if (index > from && centre > middle) to = index;
    }
    rows.forEach((other, index) => {
      if (other === row) return;
      const shift = from < to && index > from && index <= to ? -height : from > to && index >= to && index < from ? height : 0;
      other.style.transform = shift ? `translateY(${shift}px)` : "";
    });
  };

  const onEnd = () => {
    row.removeEventListener("pointermove", onMove);
    row.removeEventListener("pointerup", onEnd);
    row.removeEventListener("pointercancel", onEnd);
    container.classList.remove("is-dragging");
    row.classList.remove("dragging");
    rows.forEach((r) => { r.style.transform = ""; });
    if (to === from) return;
    // Show the new order at once; the server's answer then confirms or corrects it.
    container.insertBefore(row, to > from ? rows[to].nextSibling : rows[to]);
    moveItem(row, Number(rows[to].dataset.position));
  };

  row.addEventListener("pointermove", onMove);
  row.addEventListener("pointerup", onEnd);
  row.addEventListener("pointercancel", onEnd);
}
