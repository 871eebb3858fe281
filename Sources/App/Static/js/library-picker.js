// The picker's Photo Library: groups, then a group's photos 4 to a row, then a tap picks one.
// Built from the library's JSON API inside the picker, which stays open until a photo is chosen.
import { request } from "./http.js";
import { word } from "./page-words.js";

const pageSize = 120;

/** Shows the library in `panel`; `onPick(assetId)` is called with the chosen photo. The focus moves
 * with what is shown (Back while it loads, then the first group), never left on a control that went. */
export async function browseLibrary(panel, { onPick, onBack }) {
  panel.hidden = false;
  panel.replaceChildren(header(word("item.picker.photo-library", "Photo Library"), onBack), message(word("item.script.loading", "Loading…")));
  panel.querySelector(".picker-library-bar button").focus();
  try {
    const { body: status } = await request("GET", panel.dataset.status);
    if (status.state === "inaccessible") {
      panel.replaceChildren(header(word("item.picker.photo-library", "Photo Library"), onBack), message(status.problems?.[0] ?? word("item.script.library-unreadable", "The photo library cannot be read.")));
      panel.querySelector(".picker-library-bar button").focus();
      return;
    }
    const { body: groups } = await request("GET", panel.dataset.groups);
    const list = document.createElement("ul");
    list.className = "picker-groups";
    for (const group of groups) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "picker-group";
      if (group.posterURL) button.append(image(group.posterURL));
      const text = document.createElement("span");
      text.className = "picker-group-text";
      text.append(span("group-name", group.name), span("group-count", groupCount(group)));
      button.append(text);
      button.addEventListener("click", () => showGroup(panel, group, { onPick, onBack: () => browseLibrary(panel, { onPick, onBack }) }));
      const item = document.createElement("li");
      item.append(button);
      list.append(item);
    }
    panel.replaceChildren(header(word("item.picker.photo-library", "Photo Library"), onBack), groups.length ? list : message(word("item.script.library-empty", "No photos in the library yet.")));
    (list.querySelector("button") ?? panel.querySelector(".picker-library-bar button")).focus();
    if (status.state === "scanning") panel.append(message(word("item.script.library-scanning", "Still scanning: {scanned} of {total} files so far.", status)));
  } catch (error) {
    panel.replaceChildren(header(word("item.picker.photo-library", "Photo Library"), onBack), message(error.message));
    panel.querySelector(".picker-library-bar button").focus();
  }
}

async function showGroup(panel, group, { onPick, onBack }) {
  const grid = document.createElement("ol");
  grid.className = "picker-grid";
  const more = document.createElement("button");
  more.type = "button";
  more.className = "button picker-more";
  more.textContent = word("item.list.show-more", "Show more");
  panel.replaceChildren(header(group.name, onBack), grid);
  panel.querySelector(".picker-library-bar button").focus();
  let offset = 0;
  const load = async () => {
    more.disabled = true;
    const { body: page } = await request("GET", `${panel.dataset.groupAssets.replace("{id}", encodeURIComponent(group.id))}?offset=${offset}&limit=${pageSize}`);
    for (const asset of page.assets) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "picker-cell";
      cell.dataset.asset = asset.id;
      cell.setAttribute("aria-label", word("item.script.photo-taken", "Photo taken {date}", { date: asset.takenAt.replace("T", " ") }));
      cell.append(image(asset.thumbnailURL));
      cell.addEventListener("click", () => onPick(asset.id, cell));
      const item = document.createElement("li");
      item.append(cell);
      grid.append(item);
    }
    offset += page.assets.length;
    more.disabled = false;
    if (offset < page.total) panel.append(more); else more.remove();
  };
  more.addEventListener("click", load);
  try {
    await load();
    grid.querySelector("button")?.focus();
  } catch (error) {
    panel.append(message(error.message));
  }
}

function header(title, onBack) {
  const bar = document.createElement("div");
  bar.className = "picker-library-bar";
  const back = document.createElement("button");
  back.type = "button";
  back.className = "bar-button";
  back.textContent = word("item.script.back", "‹ Back");
  back.addEventListener("click", onBack);
  const heading = document.createElement("h3");
  heading.textContent = title;
  bar.append(back, heading);
  return bar;
}

/** "Album · 12": what the group is, and how many photos it has. */
function groupCount(group) {
  const number = group.count;
  if (group.kind === "event") return word("item.script.group-event", "Event · {number}", { number });
  if (group.kind === "faces") return word("item.script.group-person", "Person · {number}", { number });
  return word("item.script.group-album", "Album · {number}", { number });
}

function message(text) {
  const paragraph = document.createElement("p");
  paragraph.className = "picker-message";
  paragraph.textContent = text;
  return paragraph;
}

function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}

function image(url) {
  const img = document.createElement("img");
  img.src = url;
  img.alt = "";
  img.loading = "lazy";
  img.decoding = "async";
  img.width = 256;
  img.height = 256;
  return img;
}
