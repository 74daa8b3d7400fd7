/// Builds one row, cutting it to the width with `…` (or another `ellipsis`).
struct RowBuilder {
  let width: Int
  let ellipsis: VisibleText
  private(set) var spans: [Frame.Span] = []
  private var used = 0
  private var full = false

  /// mselect's mark, made once (every row of every frame starts a builder).
  static let defaultEllipsis = VisibleText("…")

  init(width: Int, ellipsis: VisibleText = RowBuilder.defaultEllipsis) {
    self.width = width
    self.ellipsis = ellipsis
  }

  var remaining: Int { width - used }

  /// Appends cells; those whose source index is in `highlights` get the match style, and those with
  /// an entry in `colors` (by source index) keep the input's colors (`--ansi`).
  mutating func append(
    _ text: VisibleText, style: Frame.Style, highlights: Highlights, colors: [String?]? = nil
  ) {
    guard !full else { return }
    var restWidth = text.width
    for cell in text.cells {
      var cellStyle = style
      if highlights.matched.contains(cell.source) {
        cellStyle.insert(highlights.repaired.contains(cell.source) ? .typo : .match)
      }
      if cell.isPlaceholder { cellStyle.insert(.placeholder) }
      defer { restWidth -= cell.width }
      // Cut with an ellipsis if the rest does not fit.
      let mark = ellipsis.width
      if used + cell.width > width || (restWidth > width - used && used + cell.width > width - mark) {
        // The mark where it fits; the row's last columns otherwise (a mark wider than the row is cut).
        for piece in ellipsis.cells where used + piece.width <= width {
          add(piece.text, width: piece.width, style: style)
        }
        full = true
        return
      }
      let own = colors.flatMap { cell.source < $0.count ? $0[cell.source] : nil }
      add(cell.text, width: cell.width, style: cellStyle, colors: own)
    }
  }

  /// Pads the row to the full width (so a background color spans it).
  mutating func fill(style: Frame.Style) {
    if used < width { add(String(repeating: " ", count: width - used), width: width - used, style: style) }
  }

  private mutating func add(_ text: String, width: Int, style: Frame.Style, colors: String? = nil) {
    if let last = spans.last, last.style == style, last.colors == colors {
      spans[spans.count - 1].text += text
    } else {
      spans.append(Frame.Span(text: text, style: style, colors: colors))
    }
    used += width
  }
}

extension VisibleText {
  /// Text made of already prepared cells.
  init(cells: [Cell]) {
    self.init("")
    self.cells = cells
  }
}
