/// Running what `--bind` gives keys and events: actions, commands from templates, `transform`, `wait`.
extension PickerState {
  /// Runs the actions of a key or event, stopping at a refused mark; a `transform(…)` or `wait`
  /// holds the ones after it back until what it waits for comes.
  mutating func run(_ actions: [BoundAction]) {
    marking.refused = false
    var rest = actions[...]
    while outcome == nil && !marking.refused, let action = rest.popFirst() {
      perform(action)
      // fzf's `FZF_ACTION` does not count the actions that run commands.
      if !action.runsCommand && action != .action(.preview(.refreshPreview)) {
        binding.lastAction = action.name
      }
      if mode.holdsActions {
        // After the actions an inner `trigger(…)` held back.
        mode.hold(rest)
        return
      }
    }
  }

  /// Runs the held actions once what they waited for has come.
  mutating func release() {
    let actions = mode.held
    mode = .normal
    run(actions)
  }

  /// `zero` or `one` when the search of the whole input found no line or one (else nothing).
  mutating func fireCountEvent() {
    guard outcome == nil else { return }
    if search.result.matchCount == 0 {
      fire(.zero)
    } else if search.result.matchCount == 1 {
      fire(.one)
    }
  }

  /// Runs what `--bind` gave `event`.
  mutating func fire(_ event: BindEvent) {
    guard !binding.unbound.contains(.event(event)), let actions = settings.behaviour.bindings.events[event]
    else {
      return
    }
    // While a transform runs, an event's actions wait for it (`result` then `result-final`).
    if case .transforming = mode {
      mode.hold(actions)
      return
    }
    guard !mode.holdsActions else { return }
    run(actions)
  }

  mutating func perform(_ bound: BoundAction) {
    switch bound {
    case .action(let action): perform(action)
    case .execute(let template):
      if let command = expandForCurrent(template) { queue(.execute(command: command, silent: false)) }
    case .executeSilent(let template):
      if let command = expandForCurrent(template) { queue(.execute(command: command, silent: true)) }
    case .become(let template):
      if let command = expandForCurrent(template) { queue(.become(command: command)) }
    case .reload(let template, let sync): reload(template, sync: sync)
    case .print(let text): outbox.printed.append(text)
    case .changePreview(let template):
      guard settings.preview.command != nil || !template.isEmpty else { break }
      change(.previewCommand(template))
      preview.key = nil
    case .changePreviewWindow(let spec): changePreviewWindow(spec)
    case .put(let text):
      insert(Array(text.unicodeScalars.map(\.value)))
    case .position(let n):
      guard listCount > 0 else { break }
      // fzf's numbering: 1 the first, -1 the last, 0 the first too.
      viewport.jump(to: min(max(n > 0 ? n - 1 : n == 0 ? 0 : listCount + n, 0), listCount - 1))
    case .toggleSort:
      search.sorting.toggle()
      searchAgain()
    case .change(let setting, let text): set(setting, to: text)
    case .transform(let target, let template): transform(target, template, background: false)
    case .backgroundTransform(let target, let template): transform(target, template, background: true)
    case .unbind(let triggers): binding.unbound.formUnion(triggers)
    case .rebind(let triggers): binding.unbound.subtract(triggers)
    case .toggleBind(let triggers):
      for trigger in triggers {
        if binding.unbound.remove(trigger) == nil { binding.unbound.insert(trigger) }
      }
    case .trigger(let triggers): trigger(triggers)
    case .preview(let template):
      preview.override = template
      // The pane opens for it even where the spec hides it.
      if previewLayout == nil { preview.toggled.toggle() }
      preview.key = nil
    case .changeMulti(let limit): changeMulti(limit)
    }
  }

  /// `reload(…)`: the command's output replaces the input; the cursor's line, when tracked, is looked
  /// for in it by its id.
  private mutating func reload(_ template: String, sync: Bool) {
    guard let command = expand(template) else { return }
    if settings.list.track || list.trackedLine != nil, let line = currentLine {
      list.trackBlocked = (lineID(line), cursor)
    }
    queue(.reload(command: command, sync: sync))
  }

  /// `transform…(…)` runs its command while keys wait for its output; `bg-transform…(…)` runs it in
  /// the background, its output taken whenever it comes (`backgroundTransformed`).
  private mutating func transform(_ target: BoundAction.Setting?, _ template: String, background: Bool) {
    guard let command = expand(template) else { return }
    guard background else {
      mode = .transforming(target: target, key: binding.lastKey, then: mode.held)
      queue(.transform(command: command))
      return
    }
    held.lastBackgroundJob += 1
    held.backgroundJobs[held.lastBackgroundJob] = (target, binding.lastKey)
    queue(.backgroundTransform(id: held.lastBackgroundJob, command: command))
  }

  /// `change-multi(…)`: a new limit on the marks (none without a number; 0 counts as 1), which are
  /// dropped.
  private mutating func changeMulti(_ limit: Int?) {
    let max = limit.map { $0 == 0 ? 1 : $0 }
    guard max != settings.selection.max else { return }
    change(.maximum(max))
    var fresh = Selection(limit: max)
    if selection.everMarked { fresh.rememberMarking() }
    selection = fresh
  }

  /// `change-preview-window(…)`: fzf's sets are taken in turn, each on top of
  /// `--preview-window`'s own (an empty one is that), keeping the command and the wrapping toggled
  /// since.
  private mutating func changePreviewWindow(_ spec: String) {
    let choice = nextChoice(spec, of: "preview-window")
    var changed = configuration.preview
    changed.command = settings.preview.command
    let wrapping = (settings.preview.wrap, settings.preview.wrapWord)
    changed.eachSpec { ($0.wrap, $0.wrapWord) = wrapping }
    if !choice.isEmpty { changed.hidden = false }
    guard changed.apply(choice) else { return }
    change(.previewWindow(changed))
    preview.toggled = false
    preview.key = nil
    if previewLayout == nil { queue(.cancelPreview) }
  }

  /// `trigger(…)`: runs what the named keys and events are bound to, in turn.
  private mutating func trigger(_ triggers: [KeyBindings.Trigger]) {
    for (k, trigger) in triggers.enumerated() where outcome == nil {
      guard !binding.triggering.contains(trigger),
        !binding.unbound.contains(trigger), let actions = settings.behaviour.bindings[trigger]
      else { continue }
      // A binding that triggers itself would never end.
      binding.triggering.insert(trigger)
      run(actions)
      binding.triggering.remove(trigger)
      // Held by a `wait` or a transform: the keys after it run once it is over (fzf's).
      if mode.holdsActions {
        if k + 1 < triggers.count { mode.hold([.trigger(Array(triggers[(k + 1)...]))]) }
        break
      }
    }
  }

  /// Everything is searched again (the ranking, the searched fields or the candidates changed).
  mutating func searchAgain() {
    search.schedule.restart()
    search.result = .empty
  }

  /// `expand`, but nil when the template names the line under the cursor and there is none (fzf
  /// does not run such a command).
  mutating func expandForCurrent(_ template: String) -> [UInt8]? {
    if currentLine == nil && Placeholders.needsCurrentLine(template) { return nil }
    return expand(template)
  }

  /// A command template with its placeholders filled in for the current line, marks and query; nil
  /// (and the reason on the info line) when the values cannot be quoted for the shell.
  /// `shell` false: the text is read by mselect itself (a preview scroll offset), quoted as for sh.
  mutating func expand(_ template: String, shell: Bool = true) -> [UInt8]? {
    let marked = selection.lines(settings.selection.order)
    var values = Placeholders.Values(
      current: currentLine.map(printedLine), currentIndex: currentLine.map { $0 - headerLineCount },
      marked: marked.map(printedLine), query: queryBytes, delimiter: settings.delimiter)
    values.markedIndices = marked.map { $0 - headerLineCount }
    values.prompt = settings.look.prompt
    values.action = binding.lastAction
    values.fileDirectory = settings.commands.fileDirectory
    values.fileSerial = outbox.filesNamed
    values.terminator = settings.commands.fileTerminator
    values.quoting = shell ? settings.commands.quoting : .posix
    if Placeholders.needsEveryLine(template) {
      let listed = (0..<listCount).map { line(at: $0) }
      let lines = listed.map(printedLine)
      let indices = listed.map { $0 - headerLineCount }
      values.listed = { lines }
      values.listedIndices = { indices }
    }
    do {
      var named: [Placeholders.File] = []
      defer {
        outbox.name(named)
      }
      return try Placeholders.expand(template, values, files: &named)
    } catch {
      info.message = error.message
      return nil
    }
  }

  /// What names line `index` across reloads: its `--id-nth` fields, else the line as printed.
  func lineID(_ index: Int) -> [UInt8] {
    let line = printedLine(index)
    guard let spec = settings.list.idNth else { return line }
    return line.withUnsafeBytes { Fields.extract($0, spec, settings.delimiter) }
  }

  /// Line `index` as it is printed (without its colors under `--ansi`): what commands get and what
  /// marks are remembered by.
  func printedLine(_ index: Int) -> [UInt8] {
    ANSI.plainLine(store.line(index), settings.search.fields.ansi)
  }
}
