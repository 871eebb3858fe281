// The album grid: the following pages load as you scroll (each is the server's own page, so cells
// look the same), arrow keys move between cells, and the photo you last opened is highlighted when
// you come back, then the highlight fades.
import { fetchPage } from "./http.js";

const lastViewedKey = "homepwner.lastViewedAsset";

/** Notes the photo on screen, for the album to highlight when the person comes back to it. */
export function rememberLastViewed(assetID) {
  sessionStorage.setItem(lastViewedKey, assetID);
}

export function initPhotoGrid() {
  const grid = document.getElementById("photo-grid");
  if (!grid) return;
  let page = Number(grid.dataset.page);
  const pages = Number(grid.dataset.pages);
  const more = document.getElementById("more-photos");
  let loading = null; // the page being fetched, so two callers wait for the same one

  function loadNext() {
    if (page >= pages) return Promise.resolve();
    loading ??= (async () => {
      try {
        // The rest of the address stays: in pick mode, the next page's photos are picked too.
        const url = new URL(location.href);
        url.searchParams.set("page", String(page + 1));
        url.hash = "";
        const next = await fetchPage(url.href);
        grid.append(...next.querySelectorAll("#photo-grid > li"));
        page += 1;
        if (page >= pages) more?.remove();
      } catch {
        if (more) more.style.visibility = "visible";
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  if (more) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadNext();
    }, { rootMargin: "800px" });
    observer.observe(more);
    more.addEventListener("click", (event) => {
      event.preventDefault();
      loadNext();
    });
  }

  grid.addEventListener("click", (event) => {
    const cell = event.target.closest(".grid-cell");
    if (cell) rememberLastViewed(cell.dataset.asset);
  });

  grid.addEventListener("keydown", (event) => {
    const cell = event.target.closest(".grid-cell");
    if (!cell) return;
    const cells = [...grid.querySelectorAll(".grid-cell")];
    const index = cells.indexOf(cell);
    const columns = getComputedStyle(grid).gridTemplateColumns.split(" ").length;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[event.key];
    if (step === undefined) return;
    const target = cells[index + step];
    if (target) {
      event.preventDefault();
      target.focus();
    }
  });

  // The photo named in the address (the viewer's Back link) wins; else the one the viewer showed last.
  const highlight = async () => {
    const id = location.hash.replace(/^#asset-/, "") || sessionStorage.getItem(lastViewedKey);
    sessionStorage.removeItem(lastViewedKey);
    if (!id) return;
    let cell = document.getElementById(`asset-${id}`);
    // Further down the album than the first page: load pages until it is there.
    while (!cell && page < pages) {
      const before = page;
      await loadNext();
      if (page === before) break;
      cell = document.getElementById(`asset-${id}`);
    }
    if (!cell) return;
    cell.classList.remove("last-viewed");
    void cell.offsetWidth; // restart the fade when coming back again
    cell.classList.add("last-viewed");
    cell.scrollIntoView({ block: "nearest" });
    cell.focus({ preventScroll: true });
    cell.addEventListener("animationend", () => cell.classList.remove("last-viewed"), { once: true });
  };
  highlight();
  window.addEventListener("pageshow", (event) => { if (event.persisted) highlight(); });
}
