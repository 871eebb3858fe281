/// A police list's entry: a small photo on the left, the heading and facts on its right.
extension BlockRenderer {
    /// The photo's share of the text width (a quarter: small, but a make and colour can be told).
    static let entryPhotoShare = 0.25
    static let entryGap = 12.0
    /// No fact's value takes more lines than this, so that an entry always fits a page.
    static let entryValueLines = 24.0

    func prepareEntry(_ entry: PoliceListEntry) -> PreparedBlock {
        let photoWidth = width * Self.entryPhotoShare
        let photoHeight = photoWidth / Self.pictureBoxAspect
        let textLeft = left + photoWidth + Self.entryGap
        let textWidth = width - photoWidth - Self.entryGap
        let labelWidth = textWidth * 0.3
        let heading = layout(entry.title, .subheading, width: textWidth)
        var rows: [(label: TextLayout, value: TextLayout, top: Double)] = []
        var y = heading.height + 4
        for fact in entry.facts {
            let label = layout(fact.label, .label, width: labelWidth - 8)
            let value = layout(fact.value, .body, width: textWidth - labelWidth, maxHeight: TextStyle.body.size * 1.3 * Self.entryValueLines)
            rows.append((label, value, y))
            y += max(label.height, value.height) + 3
        }
        let caption = entry.photo.map { layout($0.caption, .caption, width: photoWidth, maxHeight: TextStyle.caption.size * 3) }
        let photoColumnHeight = photoHeight + (caption.map { $0.height + 3 } ?? 0)
        let height = max(y, photoColumnHeight) + 8
        return PreparedBlock(height: height) { [self] top in
            let box = Box(x: left, y: top, width: photoWidth, height: photoHeight)
            if let photo = entry.photo {
                switch PictureSource.photo(atPath: photo.path) {
                case .success(let picture): picture.draw(on: cairo, fitting: box)
                case .failure(let failure): note(in: box, words.unreadablePhoto(photo.path, failure))
                }
                caption?.draw(on: cairo, x: left, y: top + photoHeight + 3)
            } else {
                note(in: box, words.noPhoto)
            }
            heading.draw(on: cairo, x: textLeft, y: top)
            for row in rows {
                let offset = row.value.firstBaseline - row.label.firstBaseline
                row.label.draw(on: cairo, x: textLeft, y: top + row.top + offset)
                row.value.draw(on: cairo, x: textLeft + labelWidth, y: top + row.top)
            }
            rule(at: top + height - 2, weight: 0.5, grey: 0.75)
        }
    }

    private func note(in box: Box, _ text: String) {
        fill(box, grey: 0.93)
        let note = layout(text, .note, width: box.width - 16, maxHeight: box.height - 16)
        note.draw(on: cairo, x: box.x + 8, y: box.y + (box.height - note.height) / 2)
    }
}
