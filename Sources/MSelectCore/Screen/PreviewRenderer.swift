/// Draws the preview pane: the command's output in a frame, colors kept, every other control
/// sequence dropped (a preview can never move the cursor or talk to the terminal).
struct PreviewRenderer {
  let pane: PreviewPane
  let layout: PickerState.PreviewLayout
  /// Long lines wrap instead of being cut (`--preview-window wrap`).
  let wrap: Bool
  let unicode: Bool
  /// The output's first lines stay on top while the rest scrolls (`--preview-window ~N`).
  var headerLines = 0
  /// The frame, as drawn (`PreviewSettings.drawnBorder`), and the label in its top.
  var border = Chrome.Border.rounded
  var label: String?
  var labelPosition = Chrome.LabelPosition()

  /// The pane's `height` rows, each `layout.outer.columns` wide.
  func rows(height: Int) -> [[Frame.Span]] {
    let innerRows = max(0, height - border.rows)
    let innerWidth = layout.inner.columns
    var text: [[Frame.Span]] = []
    // The header lines, then the scrolled ones after them.
    var lines = Array(0..<min(headerLines, pane.lineCount)).makeIterator()
    // A scroll past the output shows its end (an offset of `+N` on a short output shows it all).
    let first = max(min(pane.scroll, pane.lineCount - max(0, innerRows - headerLines)), headerLines)
    var body = first
    func next() -> Int? {
      if let header = lines.next() { return header }
      defer { body += 1 }
      return body < pane.lineCount ? body : nil
    }
    // fzf's scroll position, `FIRST/TOTAL` at the right of the first row, when the output does not
    // fit the pane.
    let position =
      pane.lineCount > innerRows && innerRows > 0
      ? " \(first + 1)/\(pane.lineCount)" : ""
    let positionWidth = position.count < innerWidth ? position.count : 0
    while text.count < innerRows, let line = next() {
      let colored = ANSI.withoutControlSequences(pane.line(line)).withUnsafeBytes { ANSI.colored($0) }
      let visible = colored.text.withUnsafeBytes { VisibleText($0, limit: 64 << 10) }
      var cells = visible.cells[...]
      repeat {
        let rowWidth = text.isEmpty ? innerWidth - positionWidth : innerWidth
        var row = RowBuilder(width: rowWidth)
        var taken = 0
        var used = 0
        for cell in cells {
          if used + cell.width > rowWidth { break }
          used += cell.width
          taken += 1
        }
        if wrap {
          row.append(
            VisibleText(cells: Array(cells.prefix(taken))), style: [], highlights: [], colors: colored.colors)
          cells = cells.dropFirst(max(taken, 1))
        } else {
          row.append(VisibleText(cells: Array(cells)), style: [], highlights: [], colors: colored.colors)
          cells = []
        }
        var spans = row.spans
        if text.isEmpty && positionWidth > 0 {
          let used = spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
          if used < rowWidth {
            spans.append(Frame.Span(text: String(repeating: " ", count: rowWidth - used), style: []))
          }
          spans.append(Frame.Span(text: String(position.suffix(positionWidth)), style: .info))
        }
        text.append(spans)
      } while !cells.isEmpty && text.count < innerRows
    }
    if let status = pane.status, status != 0, text.count < innerRows {
      var row = RowBuilder(width: innerWidth)
      row.append(VisibleText(PreviewRenderer.describe(status)), style: .message, highlights: [])
      text.append(row.spans)
    }
    while text.count < innerRows { text.append([]) }
    guard border != .none else {
      // Each row as wide as the pane: a pane on the left keeps the list to its right.
      return text.map { row in
        let used = row.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let fill = String(repeating: " ", count: max(0, layout.outer.columns - used))
        return row + (fill.isEmpty ? [] : [Frame.Span(text: fill, style: [])])
      }
    }
    var frame = Chrome()
    frame.border = border
    frame.borderLabel = label
    frame.borderLabelPosition = labelPosition
    return ChromeDecorator(chrome: frame, unicode: unicode, rows: height, columns: layout.outer.columns)
      .decorate(text, contentWidth: innerWidth, height: height)
  }

  /// How a command ended, for the pane: `[exit status 2]`, `[killed by signal 9]`.
  static func describe(_ status: Int32) -> String {
    let signal = status & 0x7F
    if signal == 0 { return "[exit status \((status >> 8) & 0xFF)]" }
    return "[killed by signal \(signal)]"
  }
}
