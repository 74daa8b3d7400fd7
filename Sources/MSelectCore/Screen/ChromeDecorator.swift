/// Puts the margins, the border (with its label) and the padding around the picker's content rows.
struct ChromeDecorator {
  var chrome: Chrome
  let unicode: Bool
  /// The terminal's size (percentages of margins and padding are of it).
  let rows: Int
  let columns: Int
  /// What marks a label cut to fit its border (`--ellipsis`).
  var ellipsis = RowBuilder.defaultEllipsis

  /// `content` rows (each at most `contentWidth` columns) framed into `height` rows of the terminal's
  /// width.
  func decorate(_ content: [[Frame.Span]], contentWidth: Int, height: Int) -> [[Frame.Span]] {
    let margin = chrome.margin.resolve(rows: rows, columns: columns)
    let padding = chrome.padding.resolve(rows: rows, columns: columns)
    let sides = chrome.border.sides
    let glyphs = chrome.border.glyphs(unicode: unicode)
    // A side border keeps one blank column between itself and the text, as fzf draws it (more
    // where its glyph is narrower than `│`).
    let side = Chrome.Border.sideColumns
    let gap = max(0, side - DisplayWidth.of(glyphs[5]))
    let total = contentWidth + padding.left + padding.right + chrome.border.columns
    let left = sides.left ? [span(glyphs[5] + String(repeating: " ", count: gap), .border)] : []
    let marginLeft = blank(margin.left)
    // A row one column wider than the content (fzf's list reaching into the blank column before
    // the right border) takes that column from the padding, or from the border's blank.
    func framed(_ row: [Frame.Span]) -> [Frame.Span] {
      let over = max(0, columnsOf(row) - contentWidth)
      var out = marginLeft + left + blank(padding.left) + row
      out += blank(contentWidth - columnsOf(row)) + blank(padding.right - over)
      if sides.right {
        let blanks = gap - max(0, over - padding.right)
        out.append(span(String(repeating: " ", count: max(0, blanks)) + glyphs[5], .border))
      }
      return out
    }
    var result: [[Frame.Span]] = Array(repeating: [], count: margin.top)
    if sides.top { result.append(marginLeft + edge(top: true, total: total, glyphs: glyphs)) }
    result += Array(repeating: framed([]), count: padding.top)
    result += content.map(framed)
    result += Array(repeating: framed([]), count: padding.bottom)
    if sides.bottom { result.append(marginLeft + edge(top: false, total: total, glyphs: glyphs)) }
    result += Array(repeating: [], count: margin.bottom)
    return Array(result.prefix(height))
  }

  /// A top or bottom border line, with the label where `--border-label-pos` puts it (centered by
  /// default; `N` columns from the left, `-N` from the right; `:bottom` on the bottom line).
  private func edge(top: Bool, total: Int, glyphs: [String]) -> [Frame.Span] {
    let sides = chrome.border.sides
    let left = sides.left ? (top ? glyphs[0] : glyphs[2]) : nil
    let right = sides.right ? (top ? glyphs[1] : glyphs[3]) : nil
    // A frame with one horizontal line holds the label there.
    let labeled = sides.top && sides.bottom ? chrome.borderLabelPosition.bottom != top : true
    return line(
      left: left, right: right, total: total, glyph: glyphs[4], label: labeled ? chrome.borderLabel : nil)
  }

  /// A rule across the frame between the sections inside it (fzf's inline sections), ending in the
  /// sides' T-junctions, with the label placed as on the top line.
  func rule(contentWidth: Int) -> [Frame.Span] {
    let sides = chrome.border.sides
    let glyphs = chrome.border.glyphs(unicode: unicode)
    let junctions = chrome.border.junctions(unicode: unicode)
    return line(
      left: sides.left ? junctions.left : nil, right: sides.right ? junctions.right : nil,
      total: contentWidth + chrome.border.columns, glyph: glyphs[4], label: chrome.borderLabel)
  }

  /// A line `total` columns wide: the caps, `glyph` repeated between them (blanks where a wide glyph
  /// does not fit, as fzf fills it), `label` set into it.
  private func line(left: String?, right: String?, total: Int, glyph: String, label: String?) -> [Frame.Span]
  {
    let leftColumns = left.map { DisplayWidth.of($0) } ?? 0
    let inner = total - leftColumns - (right.map { DisplayWidth.of($0) } ?? 0)
    let left = left.map { [span($0, .border)] } ?? []
    let right = right.map { [span($0, .border)] } ?? []
    let position = chrome.borderLabelPosition
    let glyphColumns = max(1, DisplayWidth.of(glyph))
    func fill(_ columns: Int) -> Frame.Span {
      let columns = max(0, columns)
      let text = String(repeating: glyph, count: columns / glyphColumns)
      return span(text + String(repeating: " ", count: columns % glyphColumns), .border)
    }
    guard let label, !label.isEmpty, inner > 2 else { return left + [fill(inner)] + right }
    let text = VisibleText(label)
    guard text.width <= inner else {
      // fzf's: a label longer than the line covers the corners too, cut with the ellipsis.
      var row = RowBuilder(width: total, ellipsis: ellipsis)
      row.append(text, style: .label, highlights: [])
      return row.spans
    }
    var row = RowBuilder(width: inner, ellipsis: ellipsis)
    row.append(text, style: .label, highlights: [])
    let used = text.width
    let start: Int
    if position.offset > 0 {
      start = position.offset - 1
    } else if position.offset < 0 {
      start = total + position.offset + 1 - used
    } else {
      start = leftColumns + (inner - used) / 2
    }
    let before = min(max(0, start - leftColumns), inner - used)
    return left + [fill(before)] + row.spans + [fill(inner - before - used)] + right
  }

  private func span(_ text: String, _ style: Frame.Style) -> Frame.Span {
    Frame.Span(text: text, style: style)
  }

  private func blank(_ count: Int) -> [Frame.Span] {
    count > 0 ? [span(String(repeating: " ", count: count), [])] : []
  }

  private func columnsOf(_ row: [Frame.Span]) -> Int { row.reduce(0) { $0 + DisplayWidth.of($1.text) } }
}
