/// What each action does to the state.
extension PickerState {
  mutating func perform(_ action: Action) {
    // fzf's single mode: the marking actions do nothing at all (tab and shift-tab do not move either,
    // as in fzf 0.74).
    if action.marks && !settings.marks { return }
    switch action {
    case .control(let action): perform(action)
    case .motion(let action): perform(action)
    case .marking(let action): perform(action)
    case .preview(let action): perform(action)
    case .view(let action): perform(action)
    case .edit(let edit): perform(edit)
    }
  }

  /// Edits the query; without the input line (`--no-input`) it stays as it is.
  private mutating func perform(_ edit: Action.Edit) {
    if edit == .backwardDeleteChar && editor.characters.isEmpty { fire(.backwardEOF) }
    editor.pathWords = settings.behaviour.filepathWord
    if settings.look.inputShown && editor.perform(edit) { queryChanged() }
  }

  /// Accepting and cancelling, and the actions that hand work to the driver (a bell, a redraw, a
  /// suspension, forgetting a learned line) or hold the keys after them.
  private mutating func perform(_ action: Action.Control) {
    switch action {
    case .cancel:
      if editor.characters.isEmpty {
        outcome = .cancelled
      } else {
        editor.perform(.endOfLine)
        perform(.unixLineDiscard)
      }
    case .deleteCharOrEnd, .backwardDeleteCharOrEnd:
      if editor.characters.isEmpty {
        outcome = .cancelled
      } else {
        perform(action == .deleteCharOrEnd ? .deleteChar : .backwardDeleteChar)
      }
    case .acceptOrPrintQuery:
      if selection.count > 0 || listCount > 0 { acceptSelection(key: nil) } else { perform(.printQuery) }
    case .printQuery:
      outbox.printed.append(String(decoding: queryBytes, as: UTF8.self))
      outcome = .accepted(lines: [], key: nil)
    case .close:
      if previewCommand != nil && previewLayout != nil { perform(.hidePreview) } else { outcome = .cancelled }
    case .bell: queue(.bell)
    case .forget:
      guard settings.search.rank.learned != nil, let line = currentLine else { break }
      let bytes = store.lineBytes(line)
      change(.forget(bytes))
      queue(.forget(line: bytes))
      searchAgain()
    case .wait: mode.waitForSearch()
    case .jump, .jumpAccept:
      guard listCount > 0 else { break }
      mode = .jumping(accepts: action == .jumpAccept)
    case .bgCancel:
      held.backgroundJobs.removeAll()
      queue(.cancelBackground)
    case .accept: acceptSelection(key: nil)
    case .acceptNonEmpty:
      // An input with no lines at all would leave nothing to wait for: it accepts (as in fzf).
      let inputEmpty = input.ended && totalCount == 0
      if currentLine != nil || selection.count > 0 || inputEmpty { acceptSelection(key: nil) }
    case .abort: outcome = .cancelled
    case .redraw: queue(.redraw)
    case .suspend: queue(.suspend)
    case .ignore: break
    }
  }

  /// Moving the cursor and the view, and tracking a line.
  private mutating func perform(_ action: Action.Motion) {
    let reverse = settings.window.layout.listsDownwards
    switch action {
    case .best: if settings.list.raw { moveToBest() } else { perform(.first) }
    case .upMatch, .downMatch:
      guard settings.list.raw else { return perform(action == .upMatch ? .up : .down) }
      moveToMatch((action == .upMatch) == reverse ? -1 : 1)
    case .upSelected, .downSelected:
      // Positions grow downwards on screen unless the list grows upwards (fzf's default layout).
      // Past the last marked line it wraps around to the first, as fzf's next-selected does.
      let step = (action == .downSelected) == reverse ? 1 : -1
      guard listCount > 0 else { break }
      for distance in 1...listCount {
        let position = ((cursor + step * distance) % listCount + listCount) % listCount
        if selection.contains(line(at: position)) {
          viewport.jump(to: position)
          break
        }
      }
    case .offsetUp, .offsetDown:
      updateHeight()
      let step = (action == .offsetDown) == reverse ? 1 : -1
      viewport.scroll(by: step, count: listCount, visible: listRows, scrollOff: settings.list.scrollOff)
    case .offsetMiddle:
      updateHeight()
      viewport.center(count: listCount, visible: listRows)
    case .toggleTrack:
      change(.track(!settings.list.track))
      list.trackBlocked = nil
    case .trackCurrent: list.trackedLine = currentLine
    case .untrackCurrent:
      list.trackedLine = nil
      list.trackBlocked = nil
    case .toggleTrackCurrent: list.trackedLine = list.trackedLine == nil ? currentLine : nil
    case .up: move(reverse ? -1 : 1)
    case .down: move(reverse ? 1 : -1)
    // A page keeps one line of the last one in view, as fzf's does.
    case .pageUp: move(reverse ? -max(1, listRows - 1) : max(1, listRows - 1), wrap: false)
    case .pageDown: move(reverse ? max(1, listRows - 1) : -max(1, listRows - 1), wrap: false)
    case .halfPageUp, .halfPageDown:
      let half = max(1, listRows / 2)
      move(reverse == (action == .halfPageDown) ? half : -half, wrap: false)
    case .first:
      list.trackedLine = nil
      viewport.jump(to: 0)
    case .last:
      list.trackedLine = nil
      viewport.jump(to: max(0, listCount - 1))
    }
  }

  /// Marking lines, the review view, and taking lines out of the list.
  private mutating func perform(_ action: Action.Marking) {
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
      if !marking.refused { perform(action == .toggleDown ? .down : .up) }
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

  /// The preview pane: shown or hidden, scrolled, run again, wrapped.
  private mutating func perform(_ action: Action.Pane) {
    switch action {
    case .togglePreviewWrap, .togglePreviewWrapWord:
      let word = action == .togglePreviewWrapWord
      // The alternatives (`<N(…)`) follow, so the toggle holds whichever is in force.
      change(.togglePreviewWrap(word: word))
    case .togglePreview:
      guard previewCommand != nil else { break }
      preview.toggled.toggle()
      preview.key = nil
      if previewLayout == nil { queue(.cancelPreview) }
    case .previewUp: scrollPreview(-1)
    case .previewDown: scrollPreview(1)
    case .previewPageUp: scrollPreview(-(previewLayout?.inner.rows ?? 1))
    case .previewPageDown: scrollPreview(previewLayout?.inner.rows ?? 1)
    case .showPreview, .hidePreview:
      guard previewCommand != nil, (previewLayout != nil) != (action == .showPreview) else { break }
      perform(.togglePreview)
    case .refreshPreview:
      // Runs `--preview`'s command again (after a `preview(…)` too); without one there is nothing.
      guard settings.preview.command != nil else { break }
      preview.override = nil
      preview.key = nil
    case .previewHalfPageUp: scrollPreview(-max(1, (previewLayout?.inner.rows ?? 2) / 2))
    case .previewHalfPageDown: scrollPreview(max(1, (previewLayout?.inner.rows ?? 2) / 2))
    case .previewTop: scrollPreview(-preview.lineCount)
    case .previewBottom: scrollPreview(preview.lineCount)
    }
  }

  /// What the picker shows and searches: the query from history or a line, search on and off, the
  /// header, the input, multi-line items, scrolling sideways, raw mode.
  private mutating func perform(_ action: Action.View) {
    switch action {
    case .replaceQuery:
      guard let line = currentLine else { break }
      editor = QueryEditor(printedLine(line))
      queryChanged()
    case .enableSearch, .disableSearch, .toggleSearch:
      let pause = action == .toggleSearch ? !search.paused : action == .disableSearch
      guard pause != search.paused else { break }
      if pause { search.pausedQuery = searchQuery }
      search.paused = pause
    case .toggleHeader, .showHeader, .hideHeader:
      list.headerShown = action == .toggleHeader ? !list.headerShown : action == .showHeader
      updateHeight()
    case .toggleInput, .showInput, .hideInput:
      change(.inputShown(action == .toggleInput ? !settings.look.inputShown : action == .showInput))
      clampScroll()
    case .toggleMultiLine:
      change(.multiLine(!settings.list.multiLine))
      clampScroll()
    case .toggleHscroll: change(.hscroll(!settings.list.hscroll))
    case .toggleRaw: setRaw(!settings.list.raw)
    case .enableRaw, .disableRaw: setRaw(action == .enableRaw)
    case .toggleWrap:
      // As fzf: wrapping off forgets word wrap.
      let wrap = !settings.list.wrap
      change(.wrap(wrap, word: wrap && settings.list.wrapWord))
      clampScroll()
    case .toggleWrapWord:
      let word = !settings.list.wrapWord
      change(.wrap(word, word: word))
      clampScroll()
    case .toggleTypos:
      // On again: `--typos`'s budget when it was given, else one by length.
      let given = configuration.search.match.typos
      change(.typos(settings.search.match.typos.isOn ? .off : given.isOn ? given : .byLength))
      searchAgain()
    case .previousHistory, .nextHistory:
      guard let query = history.step(older: action == .previousHistory, from: queryBytes) else { break }
      editor = QueryEditor(query)
      queryChanged()
    }
  }

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

  /// Where `line` is listed, if it is (a scan of the list: only when tracking asks for it).
  func position(of line: Int) -> Int? {
    if settings.list.raw { return rawPosition(of: line) }
    if let (lines, reversed) = search.result.everyLine {
      guard lines.contains(line) else { return nil }
      return reversed ? lines.upperBound - 1 - line : line - lines.lowerBound
    }
    let index = UInt32(truncatingIfNeeded: line)
    return search.result.ranked.firstIndex { $0.index == index }
  }

  mutating func move(_ delta: Int, wrap: Bool = true) {
    list.trackedLine = nil
    viewport.move(by: delta, count: listCount, cycle: settings.list.cycle && wrap)
  }

  mutating func insert(_ text: [UInt32]) {
    if settings.look.inputShown && editor.insert(text) { queryChanged() }
  }

  mutating func queryChanged() {
    if input.replacing { resetInput() }
    list.reviewing = false
    search.override = nil
    fire(.change)
  }
}
