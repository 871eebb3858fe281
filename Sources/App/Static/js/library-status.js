// While the library is being scanned, the groups page shows progress and refreshes itself, so
// albums appear as they are found; it stops once the scan is done.
import { fetchPage, request } from "./http.js";

export function initLibraryStatus() {
  const groups = document.getElementById("library-groups");
  if (!groups || groups.dataset.scanning !== "true") return;
  const poll = async () => {
    try {
      const { body: status } = await request("GET", groups.dataset.status);
      const page = await fetchPage(location.pathname + location.search);
      const fresh = page.getElementById("library-groups");
      const current = document.getElementById("library-groups");
      if (fresh && current) current.replaceWith(fresh);
      if (status.state === "scanning") setTimeout(poll, 1000);
    } catch {
      setTimeout(poll, 3000);
    }
  };
  setTimeout(poll, 1000);
}
