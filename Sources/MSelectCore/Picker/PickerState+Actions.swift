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
