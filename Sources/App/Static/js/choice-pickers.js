// The item form's location and tag pickers: popovers anchored to their button at regular width,
// full-screen sheets at compact width. They only fill the form's own fields (the location choice,
// the tags text), so the form saves as it always does.
import { placeBeside } from "./anchoring.js";
import { request } from "./http.js";
import { trapFocus } from "./focus-trap.js";

export function initChoicePickers() {
  initLocationPicker();
  initTagPicker();
}

/** Opens beside its button, focuses `focusTarget()` and hands the focus back when it closes. */
function wirePopover(popover, focusTarget) {
  const opener = document.querySelector(`[popovertarget="${popover.id}"].picker-button`);
  trapFocus(popover);
  popover.addEventListener("toggle", (event) => {
    if (event.newState === "open") {
      placeBeside(popover, opener);
      focusTarget()?.focus();
    } else {
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body || popover.contains(document.activeElement)) opener?.focus();
      });
    }
  });
  return opener;
}

function initLocationPicker() {
  const popover = document.getElementById("location-picker");
  const select = document.getElementById("item-locationId");
  if (!popover || !select) return;
  const list = popover.querySelector(".choice-list");
  const error = popover.querySelector(".picker-error");
  const markCurrent = () => {
    for (const choice of list.querySelectorAll(".choice")) {
      const current = choice.dataset.value === select.value;
      choice.classList.toggle("current", current);
      if (current) choice.setAttribute("aria-current", "true");
      else choice.removeAttribute("aria-current");
    }
  };
  wirePopover(popover, () => {
    markCurrent();
    error.textContent = "";
    return list.querySelector(".choice.current") ?? list.querySelector(".choice");
  });

  const choose = (value) => {
    select.value = value;
    select.dispatchEvent(new Event("input", { bubbles: true }));
    select.dispatchEvent(new Event("change", { bubbles: true }));
    popover.hidePopover();
  };
  list.addEventListener("click", (event) => {
    const choice = event.target.closest(".choice");
    if (choice) choose(choice.dataset.value);
  });

  const area = popover.querySelector(".new-choice");
  const name = popover.querySelector("#new-place-name");
  const parent = popover.querySelector("#new-place-parent");
  const add = async () => {
    error.textContent = "";
    try {
      const json = { name: name.value };
      if (parent.value) json.parentId = Number(parent.value);
      const { body: place } = await request("POST", area.dataset.api, { json });
      const option = new Option(place.path, String(place.id));
      select.add(option);
      parent.add(new Option(place.path, String(place.id)));
      const item = document.createElement("li");
      const button = document.createElement("button");
      Object.assign(button, { type: "button", className: "choice", textContent: place.name });
      button.dataset.value = String(place.id);
      button.setAttribute("aria-label", place.path);
      item.append(button);
      list.append(item);
      name.value = "";
      choose(String(place.id));
    } catch (failure) {
      error.textContent = failure.message;
      name.focus();
    }
  };
  popover.querySelector('[data-action="add-place"]').addEventListener("click", add);
  // Enter in the new place's name adds it; it must not submit the item's form around the picker.
  name.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  });
}

function initTagPicker() {
  const popover = document.getElementById("tag-picker");
  const field = document.getElementById("item-tags");
  if (!popover || !field) return;
  const list = popover.querySelector(".choice-list");
  const tagsOf = () => field.value.split(",").map((tag) => tag.trim()).filter(Boolean);
  const same = (a, b) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;
  const show = () => {
    const tags = tagsOf();
    for (const choice of list.querySelectorAll(".choice")) {
      choice.setAttribute("aria-pressed", String(tags.some((tag) => same(tag, choice.dataset.tag))));
    }
  };
  const write = (tags) => {
    field.value = tags.join(", ");
    field.dispatchEvent(new Event("input", { bubbles: true }));
    show();
  };
  wirePopover(popover, () => {
    show();
    return list.querySelector(".choice") ?? popover.querySelector("#new-tag-name");
  });
  list.addEventListener("click", (event) => {
    const choice = event.target.closest(".choice");
    if (!choice) return;
    const tag = choice.dataset.tag;
    const tags = tagsOf();
    write(tags.some((t) => same(t, tag)) ? tags.filter((t) => !same(t, tag)) : [...tags, tag]);
  });
  const name = popover.querySelector("#new-tag-name");
  const add = () => {
    const tag = name.value.trim();
    if (!tag) return;
    if (![...list.querySelectorAll(".choice")].some((choice) => same(choice.dataset.tag, tag))) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      Object.assign(button, { type: "button", className: "choice", textContent: tag });
      button.dataset.tag = tag;
      item.append(button);
      list.append(item);
    }
    const tags = tagsOf();
    if (!tags.some((t) => same(t, tag))) write([...tags, tag]);
    else show();
    name.value = "";
    name.focus();
  };
  popover.querySelector('[data-action="add-tag"]').addEventListener("click", add);
  name.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  });
}
