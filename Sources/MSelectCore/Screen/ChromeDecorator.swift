/// Puts the margins, the border (with its label) and the padding around the picker's content rows.
struct ChromeDecorator {
  let chrome: Chrome
  let unicode: Bool
  /// The terminal's size (percentages of margins and padding are of it).
  let rows: Int
  let columns: Int

  /// `content` rows (each at most `contentWidth` columns) framed into `height` rows of the terminal's
  /// width.
  func decorate(_ content: [[Frame.Span]], contentWidth: Int, height: Int) -> [[Frame.Span]] {
    let margin = chrome.margin.resolve(rows: rows, columns: columns)
    let padding = chrome.padding.resolve(rows: rows, columns: columns)
    let sides = chrome.border.sides
    let glyphs = chrome.border.glyphs(unicode: unicode)
    // A side border keeps one blank column between itself and the text, as fzf draws it.
    let inner = contentWidth + padding.left + padding.right + (sides.left ? 1 : 0) + (sides.right ? 1 : 0)
    let left = sides.left ? [span(glyphs[5] + " ", .border)] : []
    let right = sides.right ? [span(" " + glyphs[5], .border)] : []
    let marginLeft = blank(margin.left)
    func framed(_ row: [Frame.Span]) -> [Frame.Span] {
      var out = marginLeft + left + blank(padding.left) + row
      out += blank(contentWidth - columnsOf(row)) + blank(padding.right) + right
      return out
    }
    var result: [[Frame.Span]] = Array(repeating: [], count: margin.top)
    if sides.top { result.append(marginLeft + edge(top: true, inner: inner, glyphs: glyphs)) }
    result += Array(repeating: framed([]), count: padding.top)
    result += content.map(framed)
    result += Array(repeating: framed([]), count: padding.bottom)
    if sides.bottom { result.append(marginLeft + edge(top: false, inner: inner, glyphs: glyphs)) }
    result += Array(repeating: [], count: margin.bottom)
    return Array(result.prefix(height))
  }

  /// A top or bottom border line; the top one carries the label, centered.
  private func edge(top: Bool, inner: Int, glyphs: [String]) -> [Frame.Span] {
    let sides = chrome.border.sides
    var line = String(repeating: glyphs[4], count: max(0, inner))
    var out: [Frame.Span] = []
    if sides.left { out.append(span(top ? glyphs[0] : glyphs[2], .border)) }
    if top, let label = chrome.borderLabel, !label.isEmpty, inner > 2 {
      let text = VisibleText(label)
      var row = RowBuilder(width: inner - 2)
      row.append(text, style: .label, highlights: [])
      let used = min(text.width, inner - 2)
      let before = (inner - used) / 2
      out.append(span(String(repeating: glyphs[4], count: before), .border))
      out += row.spans
      line = String(repeating: glyphs[4], count: max(0, inner - before - used))
    }
    out.append(span(line, .border))
    if sides.right { out.append(span(top ? glyphs[1] : glyphs[3], .border)) }
    return out
  }

  private func span(_ text: String, _ style: Frame.Style) -> Frame.Span {
    Frame.Span(text: text, style: style)
  }

  private func blank(_ count: Int) -> [Frame.Span] {
    count > 0 ? [span(String(repeating: " ", count: count), [])] : []
  }

  private func columnsOf(_ row: [Frame.Span]) -> Int { row.reduce(0) { $0 + DisplayWidth.of($1.text) } }
}
