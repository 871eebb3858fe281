// "Add Photos" on an item's page: the chosen files go into the device's outbox (outbox.js), which
// uploads them one by one, each with its own progress line here; once every one has arrived the
// page reloads to show them in the strip. With no network they wait on the device, and the page says
// so. Without scripts the form posts them all at once.
import { addCapture, captureLine, onSettled, outboxAvailable, refusedLine } from "./outbox.js";
import { word } from "./page-words.js";

export function initPhotoUploads() {
  const form = document.querySelector("form.add-photos-form[data-api]");
  if (!form || !outboxAvailable()) return;
  const input = form.querySelector('input[type="file"]');
  const list = form.querySelector(".upload-list");
  document.documentElement.classList.add("uploads-one-by-one");

  input.addEventListener("change", async () => {
    const files = [...input.files];
    if (!files.length) return;
    input.value = "";
    list.replaceChildren();
    await sendThroughOutbox(files.map((file) => ({ kind: "photo", handoff: form.dataset.api, what: file.name, where: form.dataset.where, file })),
      list, word("item.script.added", "Added"), () => {
        location.hash = "photo-panel";
        location.reload();
      });
  });
}

/** Puts each capture in the outbox with its line in `list`; calls `whenAllArrived` once every one
 *  kept has been delivered or has failed, if at least one was delivered. */
export async function sendThroughOutbox(captures, list, doneText, whenAllArrived) {
  let adding = true;
  let outstanding = 0;
  let delivered = 0;
  const check = () => {
    if (!adding && outstanding === 0 && delivered > 0) whenAllArrived();
  };
  for (const capture of captures) {
    try {
      const id = await addCapture(capture);
      list.append(captureLine(id, capture.what, doneText));
      outstanding += 1;
      onSettled(id, (arrived) => {
        outstanding -= 1;
        if (arrived) delivered += 1;
        check();
      });
    } catch (failure) {
      list.append(refusedLine(capture.what, failure.message));
    }
  }
  adding = false;
  check();
}
