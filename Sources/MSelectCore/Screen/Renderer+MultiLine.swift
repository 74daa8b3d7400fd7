/// Items over several rows (`--multi-line`, fzf's default): an item holding line breaks shows a row
/// per line, a marked one with its top, middle and bottom marks, the current one with the pointer on
/// each row.
extension Renderer {
  /// The rows of list item `i`, at most `limit` of them: its first ones, or with `tail` its last.
  /// nil for an item that takes one row (drawn as any other).
  func multiLineRows(
    _ state: PickerState, _ i: Int, width: Int, matcher: inout Matcher, cache: inout PositionCache,
    highlight: Bool, limit: Int, tail: Bool
  ) -> [[Frame.Span]]? {
    let index = state.line(at: i)
    let settings = state.settings
    guard settings.list.wrap || (settings.list.multiLine && state.store.line(index).contains(10)) else {
      return nil
    }
    let cells = state.itemCells(i)
    let parts = state.itemRows(cells, width: max(1, width - settings.markColumns))
    guard parts.count > 1 else { return nil }
    let isCurrent = i == state.cursor
    let base: Frame.Style = isCurrent ? .current : []
    let marked = state.selection.contains(index)
    let sign = VisibleText(settings.look.wrapSign ?? (unicode ? "↳ " : "> "))
    return state.withDisplayBytes(index) { bytes, colors -> [[Frame.Span]] in
      var highlights: Highlights = []
      if highlight && !state.search.result.query.isEmpty {
        highlights = cache.highlights(index, query: state.search.result.query) {
          matcher.highlights(bytes) ?? []
        }
      }
      let count = min(limit, parts.count)
      // A row cut off from the rest of its item ends with the line break that follows (fzf's).
      let cutAfter = !tail && count < parts.count && !parts[count].signed ? count - 1 : nil
      return (tail ? (parts.count - count)..<parts.count : 0..<count).map { k in
        let mark =
          marked
          ? settings.look.markerMultiLine[k == 0 ? 0 : k == parts.count - 1 ? 2 : 1]
          : settings.look.unmarked ?? ""
        var row = itemPrefix(state, i, width: width, mark: mark)
        let part = parts[k].cells
        if parts[k].signed { row.append(sign, style: base.union(.placeholder), highlights: []) }
        let shown =
          k == cutAfter && part.upperBound < cells.count
          ? Array(cells[part.lowerBound...part.upperBound]) : Array(cells[part])
        row.append(VisibleText(cells: shown), style: base, highlights: highlights, colors: colors)
        // fzf paints the current line's background under its text only (all of it with
        // `--highlight-line`); mselect's runs the row.
        if isCurrent && (settings.flavor != .fzf || settings.look.highlightLine) { row.fill(style: base) }
        return row.spans
      }
    }
  }
}
