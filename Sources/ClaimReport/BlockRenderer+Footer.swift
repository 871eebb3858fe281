/// The line at the foot of every page: the caller's text, and "Page N of M".
extension BlockRenderer {
    func drawFooter(_ text: String, page: Int, of count: Int) {
        let top = geometry.footerTop
        rule(at: top - 5, weight: 0.4, grey: 0.6)
        let oneLine = TextStyle.footer.size * 1.6
        let number = layout(words.page(page, of: count), .footer, width: width * 0.25, alignment: .trailing, maxHeight: oneLine)
        number.draw(on: cairo, x: left + width * 0.75, y: top)
        layout(text, .footer, width: width * 0.72, maxHeight: oneLine).draw(on: cairo, x: left, y: top)
    }
}
