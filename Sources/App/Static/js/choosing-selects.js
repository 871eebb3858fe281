// A select that belongs to one radio of a group (`data-chooses` names the radio), as in "Once a week,
// on [Monday]": picking from it picks that radio too, so the choice is not lost on a radio left as
// it was. Without scripts the form still works: the radio is picked by hand.
export function initChoosingSelects() {
  for (const select of document.querySelectorAll("select[data-chooses]")) {
    const radio = document.getElementById(select.dataset.chooses);
    if (!radio) continue;
    select.addEventListener("change", () => { radio.checked = true; });
  }
}
