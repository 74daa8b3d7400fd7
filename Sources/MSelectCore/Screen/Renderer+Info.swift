/// The prompt line and the info line: the query with its caret, `MATCHES/TOTAL`, the marked count,
/// the spinner, a message and fzf's separator.
extension Renderer {
  /// The prompt line: the prompt, the query (its start dropped when the caret would leave the row),
  /// the ghost text, and the info where `--info inline` or `inline-right` puts it; and the caret's
  /// column.
  func promptRow(_ state: PickerState, width: Int, separator: String?, borderFollows: Bool) -> (
    spans: [Frame.Span], caret: Int
  ) {
    let prompt = VisibleText(state.settings.look.prompt)
    var cells = state.queryBytes.withUnsafeBytes { VisibleText($0) }.cells
    var caret = prompt.width + cells.prefix(state.editor.cursor).reduce(0) { $0 + $1.width }
    // Keep the caret on screen: drop characters from the left of a long query (counted first, then
    // dropped at once: a pasted query of thousands of characters costs its length, not its square).
    var dropped = 0
    while caret >= width && dropped < cells.count {
      caret -= cells[dropped].width
      dropped += 1
    }
    cells.removeFirst(dropped)
    var row = RowBuilder(width: width)
    row.append(prompt, style: .prompt, highlights: [])
    row.append(VisibleText(cells: cells), style: .query, highlights: [])
    let ghostShown = cells.isEmpty && !state.settings.look.ghost.isEmpty
    if ghostShown {
      row.append(VisibleText(state.settings.look.ghost), style: .ghost, highlights: [])
    }
    let info = state.settings.look.chrome.info
    if info == .inline || info == .inlineRight {
      // The info after the query (or at the right edge), when it fits.
      let prefix = state.settings.look.chrome.infoPrefix ?? (info == .inline ? " < " : "")
      var pieces = infoPieces(state, width: row.remaining - 1 - DisplayWidth.of(prefix))
      // An idle spinner leaves no blank here, unlike on the info's own line.
      if pieces.spinner.allSatisfy({ $0 == " " }) { pieces.spinner = "" }
      let text = prefix + pieces.spinner + pieces.counts
      // One column for the cursor after the query (the ghost text starts on it).
      let end = borderFollows ? 0 : 1
      let gap =
        info == .inlineRight ? max(2, row.remaining - end - DisplayWidth.of(text)) : ghostShown ? 0 : 1
      if gap + DisplayWidth.of(text) <= row.remaining {
        row.append(VisibleText(String(repeating: " ", count: gap)), style: [], highlights: [])
        if !prefix.isEmpty { row.append(VisibleText(prefix), style: .border, highlights: []) }
        if !pieces.spinner.isEmpty {
          row.append(VisibleText(pieces.spinner), style: .spinner, highlights: [])
        }
        appendCounts(&row, state, pieces.counts)
        let rule =
          info == .inline
          ? separatorRule(
            separator, state, width: row.remaining - 1 - (width - Renderer.infoWidth(width, borderFollows)))
          : VisibleText()
        if !rule.cells.isEmpty {
          row.append(VisibleText(" "), style: [], highlights: [])
          row.append(rule, style: .border, highlights: [])
        }
      }
    }
    return (row.spans, min(caret, width - 1))
  }

  /// The info line: the spinner, `MATCHES/TOTAL`, the marked count and a message (see `infoPieces`),
  /// at the left or aligned right.
  func infoRow(
    _ state: PickerState, width: Int, alignRight: Bool, separator: String?, borderFollows: Bool
  ) -> [Frame.Span] {
    let usable = Renderer.infoWidth(width, borderFollows)
    // The info is on the prompt line, or hidden: this one holds only the separator.
    if state.settings.look.chrome.info == .inlineRight || state.settings.look.chrome.info == .hidden {
      var row = RowBuilder(width: width)
      // fzf's hidden info leaves the last column blank, border or not.
      let length = state.settings.look.chrome.info == .hidden ? max(1, width - 1) : usable
      row.append(separatorRule(separator, state, width: length), style: .border, highlights: [])
      return row.spans
    }
    var fitting = infoPieces(state, width: usable)
    // Aligned right, an idle spinner leaves no blank.
    if alignRight && fitting.spinner.allSatisfy({ $0 == " " }) { fitting.spinner = "" }
    let used =
      DisplayWidth.of(fitting.spinner) + DisplayWidth.of(fitting.counts) + DisplayWidth.of(fitting.message)
    // fzf's separator: a rule from the info to the far edge (`--separator`).
    let rule = separatorRule(separator, state, width: usable - used - 1)
    var row = RowBuilder(width: width)
    if alignRight {
      if !rule.cells.isEmpty {
        row.append(rule, style: .border, highlights: [])
        row.append(VisibleText(" "), style: [], highlights: [])
      }
      let gap = max(0, usable - used - (width - row.remaining))
      row.append(VisibleText(String(repeating: " ", count: gap)), style: [], highlights: [])
    }
    if !fitting.spinner.isEmpty { row.append(VisibleText(fitting.spinner), style: .spinner, highlights: []) }
    appendCounts(&row, state, fitting.counts)
    if !fitting.message.isEmpty { row.append(VisibleText(fitting.message), style: .message, highlights: []) }
    if !alignRight && !rule.cells.isEmpty {
      row.append(VisibleText(" "), style: [], highlights: [])
      row.append(rule, style: .border, highlights: [])
    }
    return row.spans
  }

  /// The columns the info line fills: as fzf's, one short of the content's width unless a border
  /// follows it on the right.
  static func infoWidth(_ width: Int, _ borderFollows: Bool) -> Int {
    max(1, borderFollows ? width : width - 1)
  }

  /// `--separator`'s text repeated over `width` columns (its escape sequences dropped, its tabs
  /// expanded); empty without a separator.
  func separatorRule(_ separator: String?, _ state: PickerState, width: Int) -> VisibleText {
    guard let separator, width > 0 else { return VisibleText() }
    let glyphs = unicode || separator != Chrome.defaultSeparator ? separator : "-"
    let plain = ANSI.withoutControlSequences(Array(glyphs.utf8)[...]).withUnsafeBytes { ANSI.stripped($0) }
    let pattern = VisibleText(plain, tabstop: state.settings.list.tabstop)
    guard pattern.width > 0 else { return VisibleText() }
    var rule = VisibleText()
    var column = 0
    while true {
      for cell in pattern.cells {
        guard column + cell.width <= width else { return rule }
        rule.cells.append(cell)
        column += cell.width
      }
    }
  }

  /// `--info-command`'s line, once it has printed one.
  func commandInfo(_ state: PickerState) -> [UInt8]? {
    state.settings.commands.infoCommand == nil ? nil : state.info.text
  }

  /// The counts of the info line, or `--info-command`'s line in its own colors.
  func appendCounts(_ row: inout RowBuilder, _ state: PickerState, _ counts: String) {
    guard let text = commandInfo(state) else {
      return row.append(VisibleText(counts), style: .info, highlights: [])
    }
    let colored = text.withUnsafeBytes { ANSI.colored($0) }
    colored.text.withUnsafeBytes { bytes in
      row.append(
        VisibleText(bytes, tabstop: state.settings.list.tabstop), style: .info, highlights: [],
        colors: colored.colors)
    }
  }

  /// The parts of the info that fit `width`. When the width is short, the least important parts go
  /// first: the message, the review tag, the total, the spinner; the marked count stays longest,
  /// since it tells what Enter will print.
  func infoPieces(_ state: PickerState, width: Int) -> (
    spinner: String, counts: String, message: String
  ) {
    let busy = !state.input.ended || state.isSearching
    let frames = unicode ? Renderer.spinnerFrames : Renderer.asciiSpinner
    let spinner = busy ? frames[state.info.spinner % frames.count] + " " : "  "
    let listed = state.matchesShown
    let marked = state.markedCount
    if let text = commandInfo(state) {
      return (spinner, String(decoding: text.withUnsafeBytes { ANSI.stripped($0) }, as: UTF8.self), "")
    }
    let tags = state.infoFlags + (state.list.reviewing ? "  [marked only]" : "")
    let message = state.info.message.map { "  " + $0 } ?? ""
    let counts = "\(listed)/\(state.totalCount)"
    let choices: [(spinner: String, counts: String, message: String)] = [
      (spinner, counts + marked + tags, message),
      (spinner, counts + marked + tags, ""),
      (spinner, counts + marked, ""),
      (spinner, "\(listed)" + marked, ""),
      ("", "\(listed)" + marked, ""),
      ("", marked.isEmpty ? "\(listed)" : String(marked.dropFirst()), ""),
    ]
    return choices.first {
      DisplayWidth.of($0.spinner) + DisplayWidth.of($0.counts) + DisplayWidth.of($0.message) <= width
    } ?? choices[choices.count - 1]
  }
}
