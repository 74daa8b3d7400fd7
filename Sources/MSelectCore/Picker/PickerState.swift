/// The interactive picker as a pure state machine: events in, state out; `Renderer` turns it into frames.
///
/// It never blocks: searches are requested through `nextSearch()` and come back as `.searched` events.
package struct PickerState {
  /// How the picker ended.
  package enum Outcome: Equatable, Sendable {
    /// Print these lines; `key` is the accepting key's name when `--expect` is in use.
    case accepted(lines: [Int], key: String?)
    case cancelled
    /// `--timeout` passed before anything was accepted.
    case timedOut
  }

  /// Something that happened.
  package enum Event {
    case key(Key)
    case input(LineBlock)
    case inputEnded
    case resize(rows: Int, columns: Int)
    case searched(SearchResult)
    /// Time passed (spinner).
    case tick
    /// Output of preview run `generation`.
    case previewOutput(generation: Int, bytes: [UInt8])
    /// Preview run `generation` ended with this wait status.
    case previewEnded(generation: Int, status: Int32)
    /// New candidates replace the old ones (`reload`): the lines go, the marks wait for the same bytes.
    case inputReset
    /// New input is on its way (`reload`): the old lines stay until it comes, or until the query
    /// changes (fzf's).
    case inputReplacing
    /// A mouse report, with what lies under it on the frame on screen (nil: nothing, or not known)
    /// and when it came (milliseconds, any clock: only differences count, for double clicks).
    case mouse(MouseEvent, target: ClickTarget?, time: Int)
    /// The output of the command a `.transform` command ran (empty if it could not run).
    case transformed([UInt8])
    /// The output of background command `id`, once it ended.
    case backgroundTransformed(id: Int, output: [UInt8])
    /// Actions a `--listen` request sent (run after any the picker holds back).
    case remote([BoundAction])
    /// A command could not be started (why, for the info line).
    case commandFailed(String)
    /// The `every(…)` timer of this interval (milliseconds) is due, and no key came for
    /// `idleMilliseconds` (its commands' `FZF_IDLE_TIME`).
    case every(Int, idleMilliseconds: Int = 0)
    /// The output of the `--info-command` run `generation`.
    case infoOutput(generation: Int, bytes: [UInt8])
  }

  /// The longest pause between the two presses of a double click (milliseconds).
  package static let doubleClickInterval = ClickTracker.interval

  /// Work for the driver that is not a search.
  package enum Command: Equatable, Sendable {
    /// Clear and redraw everything (ctrl-l).
    case redraw
    /// Stop the process like ctrl-z in a shell, then redraw.
    case suspend
    /// Run `command` (through the shell) for the preview pane, replacing any run in progress; its
    /// output comes back as `.previewOutput` events of `generation`. `rows` and `columns` are the
    /// pane's size (for `FZF_PREVIEW_LINES` and `FZF_PREVIEW_COLUMNS`); `line` the line under the
    /// cursor (an embedding program's preview shows it without running a command).
    case preview(generation: Int, command: [UInt8], rows: Int, columns: Int, line: Int?)
    /// Stop the preview run in progress.
    case cancelPreview
    /// Run `command` through the shell: on the terminal, the picker stepping aside (`silent`: without
    /// leaving the picker, output discarded); wait for it, then go on.
    case execute(command: [UInt8], silent: Bool)
    /// Put the terminal back and replace mselect by `command`.
    case become(command: [UInt8])
    /// Read new candidates from `command`'s output (the state was reset for them).
    case reload(command: [UInt8], sync: Bool)
    /// Run `command` (through the shell) and hand its output back as `.transformed`; nothing else
    /// happens meanwhile (fzf's `transform` actions are synchronous too).
    case transform(command: [UInt8])
    /// Run `command` while the picker goes on, and hand its output back as `.backgroundTransformed`
    /// of `id` when it ends.
    case backgroundTransform(id: Int, command: [UInt8])
    /// Stop the background commands (`bg-cancel`).
    case cancelBackground
    /// Run `command` (`--info-command`) and hand its output back as `.infoOutput` of `generation`.
    case info(generation: Int, command: [UInt8])
    /// Ring the terminal's bell.
    case bell
    /// Drop `line` from `--learn`'s store (the state already ranks as if it were).
    case forget(line: [UInt8])
  }

  /// The settings as given: what `change-preview-window`, `change-nth()` and `--min-height N+` go
  /// back to.
  let configuration: PickerSettings
  /// The configuration with the changes the actions made (`change(_:)`); nothing else changes it.
  package private(set) var settings: PickerSettings
  package internal(set) var store = LineStore()
  package internal(set) var input = InputProgress()
  package internal(set) var editor: QueryEditor
  /// The prompt (`change-prompt` changes it).

  /// ctrl-p / ctrl-n's walk through `--history`.
  var history: HistoryWalk
  package internal(set) var search = SearchState()
  package internal(set) var selection: Selection
  var marking: MarkingProgress
  package internal(set) var viewport: Viewport
  package internal(set) var list = ListState()
  /// The preview pane (`--preview`).
  package internal(set) var preview = PreviewPane()
  package internal(set) var info = InfoLine()
  /// What keys do now, before any binding (`KeyMode`).
  package internal(set) var mode = KeyMode.normal
  var held = HeldWork()
  var binding = BindingProgress()
  package internal(set) var outbox = Outbox()
  /// Set by the driver.
  package var surroundings = Surroundings()
  package internal(set) var outcome: Outcome?

  package init(settings: PickerSettings, rows: Int, columns: Int) {
    self.settings = settings
    configuration = settings
    viewport = Viewport(rows: rows, columns: columns)
    editor = QueryEditor(settings.query)
    selection = Selection(limit: settings.selection.max)
    marking = MarkingProgress(preselector: Preselector(settings.preselection, limit: settings.selection.max))
    if !settings.preselection.focus.isEmpty {
      var focus = PreselectionSettings(lines: settings.preselection.focus)
      focus.labelDelimiter = settings.preselection.labelDelimiter
      focus.ansi = settings.preselection.ansi
      marking.focusFinder = Preselector(focus, limit: nil)
    }
    search.sorting = settings.search.rank.sort
    // `--disabled` is the paused search's start: the list stays the one for the empty query.
    search.paused = !settings.search.filtering
    history = HistoryWalk(settings.behaviour.history)
    updateHeight()
    if settings.behaviour.sync { input.startPending = true } else { fire(.start) }
  }

  /// What the picker's searches match and rank by: the settings', always filtering (`--disabled`
  /// starts the picker with its search paused, `search.paused`; it is not a search that keeps every
  /// line).
  package var searchSettings: SearchSettings {
    var search = settings.search
    search.filtering = true
    return search
  }

  /// Makes a change of the settings an action asked for.
  mutating func change(_ change: SettingChange) {
    settings.apply(change)
  }

  // MARK: - Derived values

  /// The query as bytes.
  package var queryBytes: [UInt8] { editor.bytes }

  /// Cursor position in the list (0 is the best match).
  package var cursor: Int { viewport.cursor }
  /// List position shown in the first list row.
  package var offset: Int { viewport.offset }
  /// Rows the picker occupies.
  package var height: Int { viewport.height }
  package var rows: Int { viewport.rows }
  package var columns: Int { viewport.columns }

  /// The lines that can be matched and selected (the lines before are the header).
  package var candidates: Range<Int> { settings.search.candidates(count: store.count) }

  /// First line that is a candidate (the lines before are the header, or let go of by `--tail`).
  package var candidateStart: Int { candidates.lowerBound }

  /// The `--header-lines` lines read so far (the first of the input).
  package var headerLineCount: Int { min(settings.search.headerLines, store.count) }

  /// Whether `--tail` has let lines go: the candidates no longer start after the header.
  var tailMoved: Bool { candidateStart > headerLineCount }

  /// Number of candidate lines read so far.
  package var totalCount: Int { candidates.count }

  /// Number of lines in the list on screen.
  package var listCount: Int {
    list.reviewing ? list.reviewLines.count : settings.list.raw ? candidates.count : search.result.listed
  }

  /// The line shown at list position `i`.
  package func line(at i: Int) -> Int {
    list.reviewing ? list.reviewLines[i] : settings.list.raw ? rawLine(at: i) : search.result.line(at: i)
  }

  /// The line under the cursor, if any.
  package var currentLine: Int? { cursor < listCount ? line(at: cursor) : nil }

  /// The intervals (milliseconds) of the `every(…)` timers the driver is to send.
  package var timerIntervals: [Int] { settings.behaviour.bindings.timers.keys.sorted() }

  /// fzf's flags after the counts: `+S`/`-S` (sorting, when a key toggles it), `+T` (`--track`) or
  /// `+t` (`track-current`), `(..)` while `wait` holds actions back; and mselect's `+typos` while
  /// typing mistakes are forgiven.
  package var infoFlags: String {
    var flags = ""
    if case .waitingForSearch = mode { flags += " (..)" }
    if settings.behaviour.bindings.bindsToggleSort { flags += search.sorting ? " +S" : " -S" }
    if settings.search.match.typos.isOn { flags += " +typos" }
    let blocked = list.trackBlocked != nil ? "*" : ""
    if settings.list.track {
      flags += " +T" + blocked
    } else if list.trackedLine != nil || list.trackBlocked != nil {
      flags += " +t" + blocked
    }
    return flags
  }

  /// What the list is searched for: the query, unless `search(…)` gave something else or the search
  /// is paused.
  package var searchQuery: [UInt8] {
    search.override ?? (search.paused ? search.pausedQuery : queryBytes)
  }

  /// Whether the shown result is not yet the full answer for the current query and input.
  package var isSearching: Bool {
    search.result.query != searchQuery || search.result.lineCount < store.count || !search.result.complete
  }

  /// The header: `--header` lines, then the `--header-lines` input lines (none when hidden).
  package var headerCount: Int { list.headerShown ? settings.look.headerTextRows + headerLineCount : 0 }

  /// The variables commands get (fzf's): the query, the prompt, the counts, the cursor's position,
  /// the picker's size and the last key and action.
  package var environment: [String: String] {
    [
      "FZF_QUERY": String(decoding: queryBytes, as: UTF8.self), "FZF_PROMPT": settings.look.prompt,
      "FZF_NTH": settings.search.fields.spec?.text ?? "",
      "FZF_WITH_NTH": settings.list.shownFields?.text ?? "",
      "FZF_MATCH_COUNT": String(search.result.matchCount), "FZF_SELECT_COUNT": String(selection.count),
      "FZF_TOTAL_COUNT": String(totalCount),
      "FZF_POS": listCount == 0 ? "0" : String(min(cursor, listCount - 1) + 1),
      "FZF_LINES": String(height), "FZF_COLUMNS": String(columns), "FZF_KEY": binding.lastKey,
      "FZF_ACTION": binding.lastAction, "FZF_POINTER": settings.look.pointer,
      "FZF_GHOST": settings.look.ghost,
      "FZF_DIRECTION": settings.window.layout == .default ? "up" : "down",
      "FZF_INPUT_STATE": !settings.look.inputShown ? "hidden" : search.paused ? "disabled" : "enabled",
      "FZF_BORDER_LABEL": settings.look.chrome.borderLabel ?? "",
      "FZF_PREVIEW_LABEL": settings.preview.label ?? "",
      "FZF_LIST_LABEL": settings.look.chrome.list.label ?? "",
      "FZF_INPUT_LABEL": settings.look.chrome.input.label ?? "",
      "FZF_HEADER_LABEL": settings.look.chrome.header.label ?? "",
      "FZF_IDLE_TIME": String(surroundings.idleMilliseconds / 1000),
      "FZF_IDLE_TIME_MS": String(surroundings.idleMilliseconds),
    ].merging(rawVariable) { $1 }.merging(surroundings.listening) { $1 }.merging(clickVariables) { $1 }
      .merging(
        currentItem
      ) { $1 }
  }

  /// `FZF_CURRENT_ITEM`: the line under the cursor, unless it holds a NUL byte or is over 64 KiB (it
  /// could not be passed, or would crowd out the arguments).
  private var currentItem: [String: String] {
    guard let index = currentLine else { return [:] }
    let line = store.line(index)
    guard line.count <= 64 << 10, !line.contains(0) else { return [:] }
    return ["FZF_CURRENT_ITEM": String(decoding: line, as: UTF8.self)]
  }

  /// Where the picker's parts go now.
  package var layout: Layout {
    Layout(
      settings: settings, rows: rows, columns: columns, height: viewport.height, maxHeight: maxHeight,
      headerShown: list.headerShown, headerLines: headerLineCount,
      previewWanted: previewCommand != nil, previewToggled: preview.toggled)
  }

  /// Rows that are not list items: prompt, info, header, and the chrome around them.
  package var fixedRows: Int { layout.fixedRows }

  /// How many list items show (the rows for them, less `--gap`'s; with `--multi-line`, as many as
  /// their rows let from the first shown).
  package var listRows: Int {
    guard settings.list.multiLine || settings.list.wrap else { return layout.visibleItems }
    return itemsFitting(from: viewport.offset, rows: layout.listRows)
  }

  /// The rows list item `position` takes: one per line of it with `--multi-line`, and the gap.
  package func itemHeight(_ position: Int) -> Int {
    let list = settings.list
    guard list.multiLine || list.wrap, position < listCount else { return 1 + list.gap }
    guard list.wrap else {
      return 1 + store.line(line(at: position)).reduce(0) { $1 == 10 ? $0 + 1 : $0 } + list.gap
    }
    return wrappedRowCount(position, width: itemTextWidth) + list.gap
  }

  /// How many items from list position `first` fit in `rows` rows (at least one).
  func itemsFitting(from first: Int, rows: Int) -> Int {
    var used = 0
    var count = 0
    // The last item's gap need not fit.
    while first + count < listCount,
      used + itemHeight(first + count) - settings.list.gap <= rows || count == 0
    {
      used += itemHeight(first + count)
      count += 1
    }
    return max(1, count)
  }

  /// The first list position from which the items to the list's end fill `rows` rows (0 when they
  /// all fit): an offset past it would leave rows blank below the last item.
  func firstShowingEnd(rows: Int) -> Int {
    var used = 0
    var first = listCount
    // The last item's gap need not fit.
    while first > 0, used + itemHeight(first - 1) - settings.list.gap <= rows {
      used += itemHeight(first - 1)
      first -= 1
    }
    return min(first, max(0, listCount - 1))
  }

  /// The most rows the picker may use.
  package var maxHeight: Int {
    // Only a percentage has a minimum (worked out from a layout of its own, so only then).
    guard case .percent = settings.window.height else { return viewport.maxHeight(settings.window.height) }
    return viewport.maxHeight(settings.window.height, minimum: minimumHeight)
  }

  /// The fewest rows a percentage height gives (`--min-height N`; with `N+`, N list rows and the rows
  /// around them, and ten rows and the frame of a preview pane above, as fzf 0.74 counts them: only
  /// `up`, where a pane squeezed the list out of view).
  var minimumHeight: Int {
    guard settings.window.minHeightAddsChrome else { return settings.window.minHeight }
    // Worked out as the picker started (fzf's): showing the input later does not grow it.
    var started = settings
    started.look.inputShown = configuration.look.inputShown
    let chrome = Layout(
      settings: started, rows: rows, columns: columns, height: rows, maxHeight: rows,
      headerShown: list.headerShown,
      headerLines: headerLineCount, previewWanted: false, previewToggled: false)
    let preview = configuration.preview
    let pane =
      preview.command != nil && preview.position == .up && !preview.hidden
      ? preview.drawnBorder(settings.window.layout).rows + 10 : 0
    return settings.window.minHeight + chrome.fixedRows + pane
  }

  /// Takes the files the pending commands read (`{+f}`): the driver writes them before it runs any.
  package mutating func takeFiles() -> [Placeholders.File] {
    outbox.takeFiles()
  }

  /// Takes the pending non-search commands.
  package mutating func takeCommands() -> [Command] {
    takeWork().map(\.command)
  }

  /// Takes the pending non-search commands, each with the variables it is to run with.
  package mutating func takeWork() -> [(command: Command, environment: [String: String])] {
    outbox.takeWork()
  }

  /// Queues a command for the driver, run with the current variables and `extra` ones.
  mutating func queue(_ command: Command, extra: [String: String] = [:]) {
    outbox.queue(command, environment: environment.merging(extra) { $1 })
  }

  /// The matches the info line counts: in the review view the marked lines listed, whatever the
  /// query matches.
  package var matchesShown: Int { list.reviewing ? listCount : search.result.matchCount }

  /// The counts the info line shows (`FZF_INFO`): matches and total, the marked count, the flags.
  package var infoCounts: String { "\(matchesShown)/\(totalCount)" + markedCount + infoFlags }

  /// The marked count as the info line shows it (` (2)`, ` (2/5)`; empty while nothing is counted).
  package var markedCount: String {
    // Once anything was marked, Enter prints exactly the marked set: `(0)` says it will print nothing.
    let counted =
      switch settings.flavor {
      case .mselect: selection.count > 0 || selection.everMarked
      case .fzf: settings.marks
      }
    guard counted else { return "" }
    return settings.selection.max.map { " (\(selection.count)/\($0))" } ?? " (\(selection.count))"
  }

  /// Runs `--info-command` again when what it is told changed (the counts, the cursor, the query).
  mutating func updateInfoCommand() {
    guard let template = settings.commands.infoCommand else { return }
    let counts = infoCounts
    let key = [counts, String(cursor), String(decoding: queryBytes, as: UTF8.self)]
    guard key != info.key else { return }
    info.key = key
    guard let command = expand(template) else { return }
    info.generation += 1
    queue(.info(generation: info.generation, command: command), extra: ["FZF_INFO": counts])
  }

  // MARK: - Events

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
