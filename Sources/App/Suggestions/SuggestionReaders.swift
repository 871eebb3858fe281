import Inventory

/// The readers of item photos whose reading an item's suggestions wait for (`pending` until each
/// has read every photo of the item at its version). A new reader (plate text) adds its stamp here.
enum SuggestionReaders {
    static let awaited: [ReaderStamp] = [PhotoCodeReading.reader]
}
