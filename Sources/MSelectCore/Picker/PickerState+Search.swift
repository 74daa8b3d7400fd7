/// Input coming in, searches going out and their results coming back, and `reload`.
extension PickerState {
  /// `reload`: the old lines go; marked lines are remembered by their bytes and marked again when
  /// the new input holds them.
  mutating func resetInput() {
    input.replacing = false
    input.remarks = WantedLines(settings.list.marksSurviveReload ? selection.lines(.input).map(lineID) : [])
    // The old lines' indices mean nothing in the new input (a tracked line is looked for by its id).
    list.trackedLine = nil
    // fzf's: the cursor keeps its place in the list once the new input is all there (a tracked line
    // is looked for instead).
    list.pendingPosition = list.trackBlocked == nil && viewport.cursor > 0 ? viewport.cursor : nil
    let everMarked = selection.everMarked
    selection = Selection(limit: settings.selection.max)
    if everMarked { selection.rememberMarking() }
    store = LineStore()
    input.ended = false
    // As in fzf, new input while the search is paused is listed whole, and nothing stays excluded.
    search.pausedQuery = []
    search.excluded = []
    search.schedule.restart()
    search.result = .empty
    list.reviewing = false
    viewport.reset()
    preview.key = nil
  }

  mutating func append(_ block: LineBlock) {
    let before = store.count
    store.append(block)
    if tailMoved { letGoOfLines() }
    let candidates = max(before, candidateStart)..<store.count
    let marked = selection.count
    marking.preselector.mark(candidates, of: store, in: &selection)
    if var finder = marking.focusFinder {
      // Tracked as `track-current` tracks: the cursor comes to the line and stays until it is moved.
      if let first = candidates.first(where: { finder.wants(store.line($0)) }) {
        list.trackedLine = first
        marking.focusFinder = nil
      } else {
        marking.focusFinder = finder
      }
    }
    if let remarks = input.remarks {
      for index in candidates where remarks.contains(lineID(index)) {
        selection.mark(index)
      }
    }
    if let blocked = list.trackBlocked, let found = candidates.first(where: { lineID($0) == blocked.id }) {
      list.trackedLine = found
      list.trackBlocked = nil
    }
    if selection.count > marked || marking.preselector.dropped > 0 {
      if let warning = marking.preselector.warning(marked: selection.count) { info.message = warning }
    }
    updateHeight()
  }

  /// `--tail`: the lines before the last N go, and their marks with them; the blocks that hold only
  /// such lines are freed, so memory stays bounded while input streams in.
  private mutating func letGoOfLines() {
    let gone = headerLineCount..<candidateStart
    for line in selection.lines(.input) where gone.contains(line) { selection.unmark(line) }
    if let tracked = list.trackedLine, gone.contains(tracked) { list.trackedLine = nil }
    // The cached results name lines that are gone; a search of the last N lines is cheap.
    search.schedule.cache = ResultCache()
    store.drop(gone)
  }

  mutating func accept(_ searched: SearchResult) {
    // A result for the input before a reload names lines that are gone.
    guard searched.epoch == search.schedule.epoch else { return }
    var found = searched.excluding(search.excluded)
    // A search of fewer lines may list some that `--tail` has let go of since.
    if tailMoved && found.everyLine == nil {
      let start = candidateStart
      found = found.excluding(Set(found.ranked.lazy.map { Int($0.index) }.filter { $0 < start }))
    }
    if !found.complete {
      // A preview: show the best lines now if they are for what is typed; the full result follows.
      guard found.query == searchQuery, found.query != search.result.query || !search.result.complete else {
        return
      }
      let newQuery = found.query != search.result.query
      show(found)
      // The previous result has left the screen: the cache need not keep it whole any more.
      if newQuery { search.schedule.cache.compact(current: searchQuery, newestShown: false) }
      updateHeight()
      runDeferredKeys()
      return
    }
    if let inFlight = search.schedule.inFlight,
      inFlight.query == found.query && inFlight.lineCount == found.lineCount
    {
      search.schedule.inFlight = nil
    }
    search.schedule.cache.remember(searched, current: searchQuery)
    guard found.query == searchQuery,
      found.lineCount >= search.result.lineCount || found.query != search.result.query
    else {
      return
    }
    show(found)
    updateHeight()
    if search.result.lineCount == store.count {
      fire(.result)
      if input.ended {
        fire(.resultFinal)
        fireCountEvent()
      }
    }
    if case .accepting(let key) = mode, search.result.query == searchQuery {
      mode = .normal
      acceptSelection(key: key)
    }
    runDeferredKeys()
  }

  /// Puts `found` on screen: a new query's list starts at the top (fzf mode: the cursor keeps its
  /// place in the list, as fzf's does), unless the line being tracked (`--track`, `track-current`)
  /// is listed: the cursor stays on it.
  mutating func show(_ found: SearchResult) {
    let tracked = list.trackedLine ?? (settings.list.track ? currentLine : nil)
    // The row the tracked line is drawn on: it stays there while the list changes around it.
    let row = viewport.cursor - viewport.offset
    let newQuery = found.query != search.result.query && settings.flavor == .mselect
    if newQuery { viewport.reset() }
    search.result = found
    noteRawMatches()
    // In raw mode the top is the first line, not the best match.
    if newQuery && settings.list.raw { moveToBest() }
    if let tracked, let position = position(of: tracked) {
      viewport.jump(to: position, row: row)
    } else if list.trackedLine != nil, list.trackBlocked == nil, found.complete,
      found.lineCount == store.count
    {
      // `track-current` ends when its line is no longer listed; fzf's cursor stays on its row.
      list.trackedLine = nil
      if settings.flavor == .fzf { viewport.jump(to: row, row: row) }
    }
    if found.complete, found.lineCount == store.count, list.keptLine != nil || list.pruneMarks {
      // After the header lines or the fields changed: the cursor's line keeps it (else the first),
      // and marks stay only on lines still listed.
      if let kept = list.keptLine { viewport.jump(to: position(of: kept) ?? 0) }
      if list.pruneMarks && selection.count > 0 && search.result.everyLine == nil {
        let listed = Set(search.result.ranked.map { Int($0.index) })
        for line in selection.lines(.input) where !listed.contains(line) { selection.unmark(line) }
      }
      (list.keptLine, list.pruneMarks) = (nil, false)
    }
    placePendingCursor()
  }

  /// Puts the cursor at `pendingPosition` once the whole input is listed.
  mutating func placePendingCursor() {
    guard let position = list.pendingPosition, search.result.complete, input.ended,
      search.result.lineCount == store.count
    else {
      return
    }
    list.pendingPosition = nil
    if listCount > 0 { viewport.jump(to: min(position, listCount - 1)) }
  }

  /// The search needed to bring the result up to date, if one is not already running.
  package mutating func nextSearch() -> SearchRequest? {
    let q = searchQuery
    let count = store.count
    if search.result.query == q && search.result.lineCount == count { return nil }
    // A search for this query is running: let it finish (new input is searched after it, as an
    // extension) rather than restart it, or fast streaming input would starve it.
    if let inFlight = search.schedule.inFlight, inFlight.query == q { return nil }
    var rank = settings.search.rank
    rank.sort = search.sorting
    let plan = SearchPlan(searchSettings.pattern(q), ranking: rank)
    // (With `--learn` the learned lines come first: a search orders them.)
    if plan.pattern.isEmpty && !plan.rank.sort {
      // Every line, in input order: no search, and no memory a line. Handled as a search's result
      // is (the cursor's line, the preview and bound events follow it).
      search.schedule.inFlight = nil
      var every = SearchResult(
        query: q, lineCount: count, everyLineOf: min(candidateStart, count)..<count,
        reversed: plan.rank.reverse)
      every.epoch = search.schedule.epoch
      handle(.searched(every))
      return nil
    }
    search.schedule.generation += 1
    search.schedule.inFlight = (q, count)
    var base: SearchResult?
    var narrowed: SearchRequest.Broader?
    var searched = 0
    // A query with terms that forgive mistakes ranks what it searched by what it saw (see
    // `TypoSightings`): an earlier search of it over fewer lines is not extended, it is done again.
    // With `--tail` letting lines go, an earlier result may name some of them: all is searched again.
    let extends = plan.pattern.sightings == nil
    if tailMoved {
      searched = count
    } else if extends && search.result.query == q && search.result.complete {
      base = search.result
      searched = search.result.lineCount
    } else if extends, let same = search.schedule.cache.result(for: q) {
      base = same
      searched = same.lineCount
    } else if let (broader, lineCount) = search.schedule.cache.broader(than: plan.pattern) {
      narrowed = broader
      searched = lineCount
    } else {
      searched = count
    }
    return SearchRequest(
      generation: search.schedule.generation, plan: plan, store: store,
      broader: SearchRequest.Handoff(narrowed),
      candidateStart: candidateStart,
      tail: min(searched, count)..<count, base: base, fields: settings.search.fields,
      epoch: search.schedule.epoch
    )
  }
}
