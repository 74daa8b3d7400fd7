/// Turns styles into terminal attributes: colors (mselect's defaults, overridden by a `--color`
/// palette), or only bold, underline and reverse (`NO_COLOR`, `--color=bw`).
package struct Theme: Sendable {
  package let colors: Bool
  package let palette: Palette

  /// The default colors (`colors` false: none, only bold and reverse video).
  package init(colors: Bool) {
    self.init(colors: colors, palette: Palette())
  }

  /// `palette`'s colors (`--color`), unless `colors` is false or the palette is monochrome.
  package init(colors: Bool, palette: Palette) {
    self.colors = colors && !palette.monochrome
    self.palette = palette
  }

  /// The SGR parameters for a style ("" for plain).
  package func attributes(_ style: Frame.Style) -> String {
    guard colors else { return Theme.monochrome(style) }
    var parts: [String] = []
    // Later parameters win: the text's own colors first, then the section's, the current line's,
    // then the part's.
    let section = Theme.section(of: style)
    addText(style, section, to: &parts)
    addParts(style, section, to: &parts)
    let joined = parts.joined(separator: ";")
    return palette.bold ? joined : Theme.withoutBold(joined)
  }

  /// `attributes` without colors: bold, underline, reverse video and dim.
  private static func monochrome(_ style: Frame.Style) -> String {
    var parts: [String] = []
    if style.contains(.current) || style.contains(.pointer) || style.contains(.marker)
      || style.contains(.message)
    {
      parts.append("1")
    }
    if style.contains(.match) { parts.append("4") }
    // Reverse video: an attribute every terminal has, and unlike the match's underline.
    if style.contains(.typo) { parts.append("7") }
    if style.contains(.placeholder) { parts.append("7") }
    if style.contains(.ghost) || style.contains(.unmatched) { parts.append("2") }
    return parts.joined(separator: ";")
  }

  /// The text's colors: the palette's, its section's, the current line's, a match's.
  private func addText(_ style: Frame.Style, _ section: SectionElements?, to parts: inout [String]) {
    let current = style.contains(.current)
    add(.fg, to: &parts)
    add(.bg, default: palette.black ? "40" : nil, to: &parts)
    if let section {
      if let fg = section.fg { add(fg, to: &parts) }
      // The input's and the header's background is the list's unless they have their own.
      if palette.looks[section.bg] != nil {
        add(section.bg, to: &parts)
      } else if section.listBackground {
        add(.listBg, to: &parts)
      }
    }
    // fzf's 256-colour theme, or mselect's colors, for what the palette does not set.
    let fzf = palette.fzfTheme
    if current {
      // fzf paints the current line's text with fg+ (bold, bright), never with fg; its marker
      // takes only the background (not bold).
      if !(fzf && style.contains(.marker)) { add(.fgCurrent, default: fzf ? "1;38;5;254" : "1", to: &parts) }
      add(.bgCurrent, default: "48;5;236", to: &parts)
    }
    if style.contains(.match) {
      if current {
        add(.hlCurrent, default: fzf ? "38;5;151" : "38;5;114", to: &parts)
      } else {
        add(.hl, default: fzf ? "38;5;108" : "32", to: &parts)
      }
    }
  }

  /// The colors of the picker's parts the style holds: pointer, marker, prompt, borders, ….
  private func addParts(_ style: Frame.Style, _ section: SectionElements?, to parts: inout [String]) {
    let fzf = palette.fzfTheme
    // Orange, apart from both themes' green matches, and readable on dark and light backgrounds
    // alike; underlined, so that it still differs where colours are hard to tell apart.
    if style.contains(.typo) { add(.typo, default: "4;38;5;166", to: &parts) }
    if style.contains(.placeholder) { parts.append("2") }
    if style.contains(.pointer) { add(.pointer, default: "38;5;161", to: &parts) }
    if style.contains(.marker) { add(.marker, default: fzf ? "38;5;168" : "35", to: &parts) }
    if style.contains(.prompt) { add(.prompt, default: fzf ? "1;38;5;110" : "34", to: &parts) }
    if style.contains(.query) { add(.query, default: fzf ? "1" : nil, to: &parts) }
    if style.contains(.ghost) { add(.ghost, default: "2", to: &parts) }
    if style.contains(.info) { add(.info, default: "38;5;144", to: &parts) }
    if style.contains(.header) { add(.header, default: fzf ? "38;5;109" : "36", to: &parts) }
    if style.contains(.message) { parts.append("1;31") }
    if style.contains(.spinner) { add(.spinner, default: fzf ? "38;5;148" : "38;5;161", to: &parts) }
    if style.contains(.border) {
      add(
        section.flatMap { palette.looks[$0.border] == nil ? nil : $0.border } ?? .border, default: "38;5;59",
        to: &parts)
    }
    if style.contains(.label) {
      add(
        section.flatMap { palette.looks[$0.label] == nil ? nil : $0.label } ?? .label,
        default: fzf ? "38;5;145" : "38;5;144",
        to: &parts)
    }
    if style.contains(.gutter) { parts.append("38;5;236") }
    if style.contains(.unmatched) { add(.nomatch, default: "2", to: &parts) }
  }

  /// SGR parameters without bold (`--no-bold`); a `1` that is a color's number stays.
  static func withoutBold(_ parameters: String) -> String {
    var kept: [Substring] = []
    var parts = parameters.split(separator: ";")[...]
    while let part = parts.popFirst() {
      if part == "38" || part == "48" || part == "58" {
        // An extended color keeps its arguments: `5;N`, or `2;R;G;B`.
        let count = parts.first == "5" ? 2 : parts.first == "2" ? 4 : 0
        kept.append(part)
        kept += parts.prefix(count)
        parts = parts.dropFirst(count)
      } else if part != "1" {
        kept.append(part)
      }
    }
    return kept.joined(separator: ";")
  }

  /// The elements that color a section's cells: its text, background, border and label.
  private struct SectionElements {
    let fg: Palette.Element?
    let bg: Palette.Element
    let border: Palette.Element
    let label: Palette.Element
    /// Without a background of its own, the list's (the input's and the header's, as fzf's).
    var listBackground = false
  }

  /// The section `style` is in, if any.
  private static func section(of style: Frame.Style) -> SectionElements? {
    if style.contains(.inList) {
      return SectionElements(fg: .listFg, bg: .listBg, border: .listBorder, label: .listLabel)
    }
    if style.contains(.inInput) {
      return SectionElements(
        fg: .inputFg, bg: .inputBg, border: .inputBorder, label: .inputLabel, listBackground: true)
    }
    if style.contains(.inHeader) {
      return SectionElements(
        fg: nil, bg: .headerBg, border: .headerBorder, label: .headerLabel, listBackground: true)
    }
    if style.contains(.inFooter) {
      return SectionElements(fg: nil, bg: .footerBg, border: .footerBorder, label: .footerLabel)
    }
    if style.contains(.inPreview) {
      return SectionElements(fg: .previewFg, bg: .previewBg, border: .previewBorder, label: .previewLabel)
    }
    return nil
  }

  /// Appends the palette's look for `element`, or `fallback` when the palette has none.
  private func add(_ element: Palette.Element, default fallback: String? = nil, to parts: inout [String]) {
    guard let look = palette.looks[element] else {
      if let fallback { parts.append(fallback) }
      return
    }
    parts += look.attributes
    if let foreground = look.foreground { parts.append(foreground) }
    if let background = look.background { parts.append(background) }
  }

  /// One row as terminal bytes (attributes reset at the end).
  /// `row` without the spaces at its end that draw nothing (no attribute, no color of the input's).
  package func trimmingBlankEnd(_ row: [Frame.Span]) -> [Frame.Span] {
    var row = row
    while let last = row.last, last.colors == nil, attributes(last.style).isEmpty {
      let kept = last.text.reversed().drop { $0 == " " }
      if kept.isEmpty {
        row.removeLast()
        continue
      }
      if kept.count < last.text.count { row[row.count - 1].text = String(kept.reversed()) }
      break
    }
    return row
  }

  package func encode(_ row: [Frame.Span]) -> String {
    var out = ""
    var active = ""
    for span in row {
      var attributes = self.attributes(span.style)
      // The input's colors (`--ansi`) come first, so the current line's and the matches' win; a
      // header's own colors win over the header's.
      if colors, let own = span.colors {
        if attributes.isEmpty {
          attributes = own
        } else {
          attributes = span.style.contains(.header) ? attributes + ";" + own : own + ";" + attributes
        }
      }
      if attributes != active {
        out += "\u{1B}[0m"
        if !attributes.isEmpty { out += "\u{1B}[\(attributes)m" }
        active = attributes
      }
      out += span.text
    }
    if !active.isEmpty { out += "\u{1B}[0m" }
    return out
  }
}
