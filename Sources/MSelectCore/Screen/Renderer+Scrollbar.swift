/// fzf's scrollbar beside the list.
extension Renderer {
  /// fzf's scrollbar for a list of `rows` rows: its length and first row, or nil when the list fits.
  func scrollbar(_ state: PickerState, rows: Int) -> (length: Int, start: Int)? {
    var perLine = state.settings.list.gap + 1
    if state.settings.list.multiLine {
      // fzf's estimate: the items around the first shown, each counted up to a screenful.
      let shown =
        max(0, min(state.offset, state.listCount - rows - 1))..<min(state.listCount, state.offset + rows)
      if !shown.isEmpty {
        perLine = max(1, shown.reduce(0) { $0 + min(rows, state.itemHeight($1)) } / shown.count)
      }
    }
    let total = state.listCount * perLine
    guard state.listCount > 0, total > rows, rows > 0 else { return nil }
    let length = max(1, rows * rows / total)
    let start = min(rows - length, (rows * perLine - length) * state.offset / max(1, total - rows))
    return (length, max(0, start))
  }
}
