// Homepwner's scripts: each module enhances a server-rendered page that already works without them.
import { showPendingToast } from "./toast.js";
import { initNewItemSheet } from "./new-item-sheet.js";
import { initItemList } from "./item-list.js";
import { initSearchBar } from "./search-bar.js";
import { initItemDetail } from "./item-detail.js";
import { initPhotoPopover } from "./photo-popover.js";
import { initImagePicker } from "./image-picker.js";
import { initPhotoUploads } from "./photo-uploads.js";
import { initChoicePickers } from "./choice-pickers.js";
import { initPhotoGrid } from "./photo-grid.js";
import { initLibraryStatus } from "./library-status.js";
import { initViewer } from "./viewer.js";
import { initBrokenThumbnails } from "./broken-thumbnails.js";
import { initAnchoredSheets } from "./anchored-sheets.js";
import { initCopyButtons } from "./copy-link.js";
import { initLocalDates } from "./local-dates.js";
import { initWalkthroughs } from "./walkthroughs.js";

document.documentElement.classList.add("js");

showPendingToast();
initLocalDates();
initNewItemSheet();
initItemList();
initSearchBar();
initItemDetail();
initPhotoPopover();
initImagePicker();
initPhotoUploads();
initChoicePickers();
initPhotoGrid();
initLibraryStatus();
initViewer();
initBrokenThumbnails();
initAnchoredSheets();
initCopyButtons();
initWalkthroughs();
