/// Draws the preview pane: the command's output in a frame, colors kept, every other control
/// sequence dropped (a preview can never move the cursor or talk to the terminal).
struct PreviewRenderer {
  let pane: PreviewPane
  let layout: PickerState.PreviewLayout
  let unicode: Bool
  /// The output's first lines stay on top while the rest scrolls (`--preview-window ~N`).
  var headerLines = 0
  /// The frame, as drawn (`PreviewSettings.drawnBorder`), and the label in its top.
  var border = Chrome.Border.rounded
  var label: String?
  var labelPosition = Chrome.LabelPosition()

  /// The pane's scrollbar glyph (`--scrollbar`), drawn where the layout keeps a column for it.
  var scrollbar: String?
  /// What marks the label cut to fit (`--ellipsis`).
  var labelEllipsis = RowBuilder.defaultEllipsis
  /// What starts each wrapped row, dimmed.
  var wrapSign = VisibleText("↳ ")
  /// A cell's size in pixels, when the terminal says (how many rows a Sixel picture covers).
  var cell: (width: Int, height: Int)?

  /// The pane's `height` rows, each `layout.outer.columns` wide.
  func rows(height: Int) -> [[Frame.Span]] { draw(height: height).rows }

  /// The pane's `height` rows, and the pictures of the output placed on them (from the top-left
  /// corner of the pane's text, inside its frame).
  func draw(height: Int) -> (rows: [[Frame.Span]], images: [Frame.Image]) {
    let innerRows = max(0, height - border.rows)
    let innerWidth = layout.inner.columns
    var (text, images, first, cut) = outputRows(innerRows: innerRows, innerWidth: innerWidth)
    // fzf's scroll position, `FIRST/TOTAL` over the right of the first row, when the output does not
    // fit the pane (`noinfo`: never).
    let position = " \(first + 1)/\(pane.lineCount)"
    // fzf counts a pane filled to its last row by a line that ends in a newline as scrollable too.
    let filled = text.count >= innerRows && pane.output.last == 10
    if layout.active.info, cut || filled || first > headerLines, innerRows > 0, position.count < innerWidth {
      if text.isEmpty { text.append([]) }
      text[0] =
        PreviewRenderer.cut(text[0], to: innerWidth - position.count) + [
          Frame.Span(text: position, style: .info)
        ]
    }
    if let status = pane.status, status != 0, text.count < innerRows {
      var row = RowBuilder(width: innerWidth)
      row.append(VisibleText(PreviewRenderer.describe(status)), style: .message, highlights: [])
      text.append(row.spans)
    }
    while text.count < innerRows { text.append([]) }
    var contentWidth = innerWidth
    if layout.barColumn || layout.barInFrame, let scrollbar {
      // fzf's bar: as long as the pane's share of the output, as far down as the scroll.
      let total = pane.lineCount - headerLines
      let rows = innerRows - headerLines
      let bar = PreviewRenderer.bar(
        total: total, height: rows, offset: min(total - rows, first - headerLines))
      text = text.enumerated().map { index, row in
        let shown = bar.contains(index - headerLines)
        return PreviewRenderer.cut(row, to: innerWidth) + [
          Frame.Span(text: shown ? scrollbar : " ", style: .border)
        ]
      }
      // In the frame's blank column before its right side, the row is one wider than the text.
      if layout.barColumn { contentWidth += 1 }
    }
    let margin = [Frame.Span(text: String(repeating: " ", count: layout.margin), style: [])]
    guard border != .none else {
      // Each row as wide as the pane: a pane on the left keeps the list to its right.
      return (
        text.map { row in
          let used = row.reduce(0) { $0 + DisplayWidth.of($1.text) }
          let fill = String(repeating: " ", count: max(0, layout.outer.columns - used))
          return row + (fill.isEmpty ? [] : [Frame.Span(text: fill, style: [])])
        }, images
      )
    }
    var frame = Chrome()
    frame.border = border
    frame.borderLabel = label
    frame.borderLabelPosition = labelPosition
    var decorator = ChromeDecorator(
      chrome: frame, unicode: unicode, rows: height, columns: layout.outer.columns - layout.margin)
    decorator.ellipsis = labelEllipsis
    let box = decorator.decorate(text, contentWidth: contentWidth, height: height)
    return (layout.margin > 0 ? box.map { $0 + margin } : box, images)
  }

  /// The rows of output that fit `innerRows`: the header lines, then the lines from the scroll on,
  /// wrapped or cut, with the pictures among them; the first line after the header, and whether
  /// some of the output was left out.
  private func outputRows(
    innerRows: Int, innerWidth: Int
  ) -> (rows: [[Frame.Span]], images: [Frame.Image], first: Int, cut: Bool) {
    let wrapping = PreviewWrapping(width: innerWidth, settings: layout.active, signWidth: wrapSign.width)
    var text: [[Frame.Span]] = []
    var images: [Frame.Image] = []
    // The header lines, then the scrolled ones after them.
    var lines = Array(0..<min(headerLines, pane.lineCount)).makeIterator()
    // A scroll past the output shows its end (an offset of `+N` on a short output shows it all).
    let first = PreviewPane.firstLine(
      pane, scroll: pane.scroll, rows: innerRows, headerLines: headerLines, wrapping: wrapping)
    var body = first
    func next() -> Int? {
      if let header = lines.next() { return header }
      defer { body += 1 }
      return body < pane.lineCount ? body : nil
    }
    var cut = false
    while let line = next() {
      guard text.count < innerRows else {
        cut = true
        break
      }
      let (pictures, rest) = PreviewImage.split(pane.line(line))
      if !pictures.isEmpty {
        guard let image = place(pictures, row: text.count, innerRows: innerRows, innerWidth: innerWidth)
        else {
          // fzf's: a picture that does not fit shows as its outline down to the pane's bottom.
          text += wireframe(rows: innerRows - text.count, width: innerWidth)
          cut = true
          break
        }
        images.append(image)
        text += Array(repeating: [], count: image.rows)
        if rest.isEmpty { continue }
      }
      let (cells, colors) = PreviewPane.cells(rest)
      for piece in wrapping.rows(cells) {
        guard text.count < innerRows else {
          cut = true
          break
        }
        var row = RowBuilder(width: innerWidth, ellipsis: VisibleText())
        if piece.signed { row.append(wrapSign, style: .placeholder, highlights: []) }
        row.append(VisibleText(cells: Array(cells[piece.cells])), style: [], highlights: [], colors: colors)
        text.append(row.spans)
      }
    }
    return (text, images, first, cut)
  }

  /// The line's pictures put at the start of row `row`, covering the cells they say they take (the
  /// rest of the pane when they do not say); nil when they do not fit in the pane.
  private func place(_ pictures: [PreviewImage], row: Int, innerRows: Int, innerWidth: Int) -> Frame.Image? {
    var (rows, columns) = (0, 0)
    for picture in pictures where picture.draws {
      let size = picture.size(cell: cell)
      rows = max(rows, size.rows ?? (innerRows - row))
      columns = max(columns, size.columns ?? innerWidth)
    }
    guard row + rows <= innerRows, columns <= innerWidth else { return nil }
    return Frame.Image(row: row, column: 0, rows: rows, columns: columns, sequences: pictures)
  }

  /// fzf's outline of a picture left out: a top edge, then the sides.
  private func wireframe(rows: Int, width: Int) -> [[Frame.Span]] {
    guard rows > 0, width >= 2 else { return [] }
    let (h, v) = unicode ? ("─", "│") : ("-", "|")
    let top = (unicode ? "┌" : "+") + String(repeating: h, count: width - 2) + (unicode ? "┐" : "+")
    let side = v + String(repeating: " ", count: width - 2) + v
    return [[Frame.Span(text: top, style: [])]]
      + Array(repeating: [Frame.Span(text: side, style: [])], count: rows - 1)
  }

  /// fzf's scrollbar rows for `total` lines in `height` rows scrolled down by `offset`: none when
  /// they fit.
  static func bar(total: Int, height: Int, offset: Int) -> Range<Int> {
    guard total > 0, height > 0, total > height else { return 0..<0 }
    let length = max(1, height * height / total)
    let start = min(height - length, max(0, (height - length) * offset / (total - height)))
    return start..<(start + length)
  }

  /// `row` cut to `width` columns and padded to it.
  private static func cut(_ row: [Frame.Span], to width: Int) -> [Frame.Span] {
    var kept: [Frame.Span] = []
    var used = 0
    for span in row {
      var text = ""
      for character in span.text {
        let w = DisplayWidth.of(String(character))
        guard used + w <= width else { break }
        text.append(character)
        used += w
      }
      if !text.isEmpty { kept.append(Frame.Span(text: text, style: span.style, colors: span.colors)) }
      if used >= width { break }
    }
    if used < width { kept.append(Frame.Span(text: String(repeating: " ", count: width - used), style: [])) }
    return kept
  }

  /// How a command ended, for the pane: `[exit status 2]`, `[killed by signal 9]`.
  static func describe(_ status: Int32) -> String {
    let signal = status & 0x7F
    if signal == 0 { return "[exit status \((status >> 8) & 0xFF)]" }
    return "[killed by signal \(signal)]"
  }
}
