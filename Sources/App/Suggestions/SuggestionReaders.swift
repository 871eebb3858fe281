import Inventory

/// The readers of item photos whose reading an item's suggestions wait for (`pending` until each
/// has read every photo of the item at its version). Each reads the sources of its `ReadingScope`.
enum SuggestionReaders {
    static let awaited: [ReaderStamp] = [PhotoCodeReading.reader, SerialPlates.stamp, ReceiptReading.stamp]
}
