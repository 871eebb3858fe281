/// Photos in a grid and documents' first pages: their boxes have fixed sizes, so the pages are
/// planned without opening a file; each file is read only when its page is drawn, and let go after.
extension BlockRenderer {
    static let gridGap = 10.0
    /// Photos sit in 4:3 boxes (the shape most cameras take), fitted whole inside them.
    static let pictureBoxAspect = 4.0 / 3.0
    /// A document's first page takes this share of the text area's height.
    static let documentShare = 0.7

    func preparePictureRow(_ images: [ReportImage], columns: Int) -> PreparedBlock {
        let cellWidth = (width - Self.gridGap * Double(columns - 1)) / Double(columns)
        let boxHeight = cellWidth / Self.pictureBoxAspect
        let captions = images.map { layout($0.caption, .caption, width: cellWidth, maxHeight: TextStyle.caption.size * 5) }
        let captionHeight = captions.map(\.height).max() ?? 0
        return PreparedBlock(height: boxHeight + 4 + captionHeight) { [self] top in
            for (index, image) in images.enumerated() {
                let x = left + Double(index) * (cellWidth + Self.gridGap)
                let box = Box(x: x, y: top, width: cellWidth, height: boxHeight)
                switch PictureSource.photo(atPath: image.path) {
                case .success(let picture): picture.draw(on: cairo, fitting: box)
                case .failure(let failure): placeholder(box, saying: words.unreadablePhoto(image.path, failure))
                }
                captions[index].draw(on: cairo, x: x, y: top + boxHeight + 4)
            }
        }
    }

    func prepareDocument(_ document: ReportDocumentPage) -> PreparedBlock {
        let boxHeight = geometry.contentHeight * Self.documentShare
        let caption = layout(document.caption, .caption, width: width, maxHeight: TextStyle.caption.size * 5)
        return PreparedBlock(height: boxHeight + 4 + caption.height) { [self] top in
            let box = Box(x: left, y: top, width: width, height: boxHeight)
            switch PictureSource.document(atPath: document.path) {
            case .success(let page): frame(page.draw(on: cairo, fitting: box), grey: 0.6)
            case .failure(let failure): placeholder(box, saying: words.unreadableDocument(document.path, failure))
            }
            caption.draw(on: cairo, x: left, y: top + boxHeight + 4)
        }
    }

    /// A grey box with the reason its picture is not there.
    private func placeholder(_ box: Box, saying text: String) {
        fill(box, grey: 0.93)
        let note = layout(text, .note, width: box.width - 16, maxHeight: box.height - 16)
        note.draw(on: cairo, x: box.x + 8, y: box.y + (box.height - note.height) / 2)
    }
}
