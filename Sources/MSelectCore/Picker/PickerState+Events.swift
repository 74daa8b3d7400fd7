/// How each event (a key, input, a resize, a search's result, a command's output, a timer) changes
/// the picker, and what follows every event.
extension PickerState {
  package mutating func handle(_ event: Event) {
    switch event {
    case .key(let key): handle(key)
    case .mouse(let event, let target, let time): handle(event, on: target, at: time)
    case .input(let block):
      if input.replacing { resetInput() }
      append(block)
    case .inputEnded: inputEnded()
    case .inputReset: resetInput()
    case .inputReplacing: input.replacing = true
    case .resize(let r, let c):
      viewport.resize(rows: r, columns: c)
      updateHeight()
      fire(.resize)
    case .transformed(let output): transformed(output)
    case .backgroundTransformed(let id, let output): backgroundTransformed(id: id, output: output)
    case .remote(let actions):
      if mode.holdsActions { mode.hold(actions) } else { run(actions) }
    case .searched(let found): accept(found)
    case .tick: info.spinner += 1
    case .previewOutput(let generation, let bytes):
      if generation == preview.generation {
        preview.append(bytes)
        if preview.following { scrollPreview(preview.lineCount) }
      }
    case .previewEnded(let generation, let status):
      if generation == preview.generation { preview.finish(status) }
    case .commandFailed(let reason):
      info.message = reason
    case .infoOutput(let generation, let bytes):
      if generation == info.generation { info.text = Array(bytes.prefix { $0 != 10 && $0 != 13 }) }
    case .every(let interval, let idle):
      if !mode.holdsActions, !binding.unbound.contains(.every(interval)),
        let actions = settings.behaviour.bindings.timers[interval]
      {
        surroundings.idleMilliseconds = idle
        run(actions)
        surroundings.idleMilliseconds = 0
      }
    }
    afterEvent()
  }

  /// The input ended: the cursor placed, `load` due once the search catches up.
  private mutating func inputEnded() {
    if input.replacing { resetInput() }
    input.ended = true
    // The tracked line did not come back: the cursor keeps its position.
    if let blocked = list.trackBlocked {
      list.trackBlocked = nil
      list.pendingPosition = blocked.position
    }
    placePendingCursor()
    input.loadPending = true
    if search.result.complete && search.result.query == searchQuery && search.result.lineCount == store.count
    {
      fire(.resultFinal)
      fireCountEvent()
    }
  }

  /// What follows any event: held keys released, `start`/`load`, `multi` and `focus` fired, the
  /// preview and the info command brought up to date.
  private mutating func afterEvent() {
    if case .waitingForSearch = mode, input.ended, !isSearching { release() }
    if input.loadPending && input.ended && !isSearching && search.result.complete
      && search.result.lineCount == store.count
    {
      input.loadPending = false
      if input.startPending {
        input.startPending = false
        fire(.start)
      }
      fire(.load)
    }
    clampScroll()
    if selection.changes != marking.seenMarks {
      marking.seenMarks = selection.changes
      fire(.multi)
      clampScroll()
    }
    if currentLine != list.focused {
      list.focused = currentLine
      if settings.preview.command != nil { preview.override = nil }
      fire(.focus)
      clampScroll()
    }
    updatePreview()
    updateInfoCommand()
  }
}
