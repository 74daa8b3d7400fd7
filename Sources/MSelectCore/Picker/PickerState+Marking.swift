/// Marking lines (within `--max`), the review of the marks, taking lines out of the list, and
/// accepting: what is printed.
extension PickerState {
  /// Marking lines, the review view, and taking lines out of the list.
  mutating func perform(_ action: Action.Marking) {
    let reverse = settings.window.layout.listsDownwards
    switch action {
    case .exclude, .excludeMulti:
      var lines: [Int] = []
      if action == .excludeMulti && selection.count > 0 {
        lines = selection.lines(.input)
      } else if let line = currentLine {
        lines = [line]
      }
      guard !lines.isEmpty else { break }
      for line in lines { selection.unmark(line) }
      search.excluded.formUnion(lines)
      if list.reviewing { list.reviewLines.removeAll { search.excluded.contains($0) } }
      search.result = search.result.excluding(search.excluded)
      search.schedule.cache = ResultCache()
    case .toggle: toggleCurrent()
    case .toggleDown, .toggleUp:
      // A mark refused by `--max` leaves the cursor on its line, where the refusal happened.
      toggleCurrent()
      if !marking.refused { perform(.motion(action == .toggleDown ? .down : .up)) }
    case .toggleIn: perform(reverse ? .toggleUp : .toggleDown)
    case .toggleOut: perform(reverse ? .toggleDown : .toggleUp)
    case .select: current { state, line in state.refuseIfFull(state.selection.mark(line)) }
    case .deselect: current { state, line in state.selection.unmark(line) }
    case .selectAll:
      var refused = false
      forEachListed { state, line in refused = !state.selection.mark(line) || refused }
      refuseIfFull(!refused)
    case .deselectAll: forEachListed { state, line in state.selection.unmark(line) }
    case .toggleAll:
      // The marks go first, so that a limit counts the lines being marked only (as in fzf).
      var unmarked: [Int] = []
      forEachListed { state, line in
        if state.selection.contains(line) { state.selection.unmark(line) } else { unmarked.append(line) }
      }
      var refused = false
      for line in unmarked { refused = !selection.mark(line) || refused }
      refuseIfFull(!refused)
    case .clearSelection:
      for line in selection.lines(.input) { selection.unmark(line) }
    case .toggleMarkedView:
      if list.reviewing {
        list.reviewing = false
      } else if selection.count == 0 {
        info.message = "nothing marked"
      } else {
        list.reviewing = true
        list.reviewLines = selection.lines(settings.selection.order)
      }
      viewport.reset()
    }
  }

  /// Ends the picker with the marked lines, or the current one (with `key`, an `--expect` key's
  /// name); waits for the list first when the line under the cursor belongs to an older query.
  mutating func acceptSelection(key: String?) {
    // mselect prints the marks once any line was marked, even when all were unmarked again (nothing,
    // then); fzf prints the current line whenever none is marked (iterfzf and scripts rely on it).
    let printsMarks = settings.flavor == .fzf ? selection.count > 0 : selection.everMarked
    if !printsMarks && !list.reviewing && (search.result.query != searchQuery || !search.result.complete) {
      // The line under the cursor belongs to an older query; decide when the new results are in.
      mode = .accepting(key: key)
      return
    }
    let lines: [Int]
    if printsMarks {
      lines = selection.lines(settings.selection.order)
    } else {
      lines = currentLine.map { [$0] } ?? []
    }
    if let min = settings.selection.min, lines.count < min {
      info.message = "select at least \(min)"
      return
    }
    outcome = .accepted(lines: lines, key: key)
  }

  /// Toggles the line under the cursor.
  mutating func toggleCurrent() {
    guard let line = currentLine else { return }
    refuseIfFull(selection.toggle(line))
  }

  mutating func current(_ body: (inout PickerState, Int) -> Void) {
    guard let line = currentLine else { return }
    body(&self, line)
  }

  /// Runs `body` on every listed line, in input order so `--max` keeps the first ones. While a search
  /// is still scoring (a provisional list), that is the lines listed so far.
  mutating func forEachListed(_ body: (inout PickerState, Int) -> Void) {
    let lines = list.reviewing ? list.reviewLines.sorted() : search.result.inputOrder.map { Int($0) }
    for line in lines { body(&self, line) }
  }

  mutating func refuseIfFull(_ accepted: Bool) {
    guard !accepted else { return }
    marking.refused = true
    // fzf says nothing; its count, `(3/3)`, shows the limit.
    if let max = settings.selection.max, settings.flavor == .mselect {
      info.message = "at most \(max) can be marked"
    }
  }
}
