/// Items over several rows (`--multi-line`, fzf's default): an item holding line breaks shows a row
/// per line, a marked one with its top, middle and bottom marks, the current one with the pointer on
/// each row.
extension Renderer {
  /// The rows of list item `i`, at most `limit` of them: its first ones, or with `tail` its last.
  /// nil for an item of one line (drawn as any other).
  func multiLineRows(
    _ state: PickerState, _ i: Int, width: Int, matcher: inout Matcher, cache: inout PositionCache,
    highlight: Bool, limit: Int, tail: Bool
  ) -> [[Frame.Span]]? {
    let index = state.line(at: i)
    let settings = state.settings
    guard settings.list.multiLine, state.store.line(index).contains(10) else { return nil }
    let isCurrent = i == state.cursor
    let base: Frame.Style = isCurrent ? .current : []
    let marked = state.selection.contains(index)
    return withDisplayBytes(state, index) { bytes, colors -> [[Frame.Span]] in
      var highlights: Highlights = []
      if highlight && !state.search.result.query.isEmpty {
        highlights = cache.highlights(index, query: state.search.result.query) {
          matcher.highlights(bytes) ?? []
        }
      }
      // The item's lines: its cells parted at the line breaks (shown as `␊` on one row).
      let cells = VisibleText(
        bytes, limit: 64 << 10, tabstop: settings.list.tabstop, controls: settings.controls
      )
      .cells
      var lines: [ArraySlice<VisibleText.Cell>] = []
      var start = 0
      for (k, cell) in cells.enumerated() where cell.isPlaceholder && cell.text == "␊" {
        lines.append(cells[start..<k])
        start = k + 1
      }
      lines.append(cells[start...])
      let count = min(limit, lines.count)
      let cutAfter = !tail && count < lines.count ? count - 1 : nil
      return (tail ? (lines.count - count)..<lines.count : 0..<count).map { k in
        let mark =
          marked
          ? settings.look.markerMultiLine[k == 0 ? 0 : k == lines.count - 1 ? 2 : 1]
          : settings.look.unmarked ?? ""
        var row = itemPrefix(state, i, width: width, mark: mark)
        // A row cut off from the rest of its item ends with the line break that follows (fzf's).
        let shown = k == cutAfter ? Array(cells[lines[k].startIndex...lines[k].endIndex]) : Array(lines[k])
        row.append(VisibleText(cells: shown), style: base, highlights: highlights, colors: colors)
        if isCurrent { row.fill(style: base) }
        return row.spans
      }
    }
  }
}
