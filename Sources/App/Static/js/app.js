// Homepwner's scripts: each module enhances a server-rendered page that already works without them.
import { showPendingToast } from "./toast.js";
import { initNewItemSheet } from "./new-item-sheet.js";
import { initItemList } from "./item-list.js";
import { initItemDetail } from "./item-detail.js";

showPendingToast();
initNewItemSheet();
initItemList();
initItemDetail();
