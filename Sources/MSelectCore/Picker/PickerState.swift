/// The interactive picker as a pure state machine: events in, state out; `Renderer` turns it into frames.
///
/// It never blocks: searches are requested through `nextSearch()` and come back as `.searched` events.
public struct PickerState {
  /// How the picker ended.
  public enum Outcome: Equatable, Sendable {
    /// Print these lines; `key` is the accepting key's name when `--expect` is in use.
    case accepted(lines: [Int], key: String?)
    case cancelled
    /// `--timeout` passed before anything was accepted.
    case timedOut
  }

  /// Something that happened.
  public enum Event {
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
    /// A mouse report, with what lies under it on the frame on screen (nil: nothing, or not known)
    /// and when it came (milliseconds, any clock: only differences count, for double clicks).
    case mouse(MouseEvent, target: Frame.Target?, time: Int)
    /// The output of the command a `.transform` command ran (empty if it could not run).
    case transformed([UInt8])
    /// Actions a `--listen` request sent (run after any the picker holds back).
    case remote([BoundAction])
    /// A command could not be started (why, for the info line).
    case commandFailed(String)
    /// The `every(…)` timer of this interval (milliseconds) is due.
    case every(Int)
  }

  /// The longest pause between the two presses of a double click (milliseconds).
  public static let doubleClickInterval = 500

  /// Work for the driver that is not a search.
  public enum Command: Equatable, Sendable {
    /// Clear and redraw everything (ctrl-l).
    case redraw
    /// Stop the process like ctrl-z in a shell, then redraw.
    case suspend
    /// Run `command` (through the shell) for the preview pane, replacing any run in progress; its
    /// output comes back as `.previewOutput` events of `generation`. `rows` and `columns` are the
    /// pane's size (for `FZF_PREVIEW_LINES` and `FZF_PREVIEW_COLUMNS`).
    case preview(generation: Int, command: [UInt8], rows: Int, columns: Int)
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
    /// Ring the terminal's bell.
    case bell
  }

  /// The settings (`change-preview` and `change-preview-window` change the preview's).
  public private(set) var settings: PickerSettings
  public private(set) var store = LineStore()
  public private(set) var inputEnded = false
  public private(set) var editor: QueryEditor
  public private(set) var selection: Selection
  private var preselector: Preselector
  /// Finds the line the cursor starts on (`PreselectionSettings.focus`); nil once found, or without one.
  private var focusFinder: Preselector?
  /// The search result on screen (it may lag behind the query while a search runs).
  public private(set) var result = SearchResult.empty
  private var cache = ResultCache()
  private var generation = 0
  private var inFlight: (query: [UInt8], lineCount: Int)?
  public private(set) var viewport: Viewport
  /// Showing only the marked lines (ctrl-s).
  public private(set) var reviewing = false
  private var reviewLines: [Int] = []
  /// A short note on the info line (refused marks, `--min` not met); cleared by the next key.
  public private(set) var message: String?
  public private(set) var outcome: Outcome?
  /// The prompt (`change-prompt` changes it).
  public private(set) var prompt: String
  /// Lines `print(…)` queued, printed before the accepted lines.
  public private(set) var printed: [String] = []
  /// Whether matches are ranked (`toggle-sort` flips it).
  public private(set) var sorting: Bool
  /// Bumped by `.inputReset`: search results of an older input are dropped.
  private var epoch = 0
  /// Lines marked before a reload, marked again when the same bytes come back.
  private var remarks: WantedLines?
  /// The line the `focus` event last fired for.
  private var focused: Int?
  /// Where ctrl-p / ctrl-n are in the history (`settings.history.count`: the query being typed), and
  /// that query, kept while walking.
  private var historyPosition: Int
  private var draft: [UInt8] = []
  /// Enter was pressed before the results for the typed query arrived: accept when they do.
  private var pendingAccept: String??
  /// Keys that act on the list, typed before the list for the typed query came (`da<Tab>` in one
  /// burst), with the keys after them: run in order once it is shown, so they act on its lines.
  private var deferredKeys: [Key] = []
  public private(set) var spinner = 0
  /// The preview pane (`--preview`).
  public private(set) var preview: PreviewPane
  private var commands: [Command] = []
  /// Files the queued commands read, not written yet, and how many were ever named.
  private var files: [Placeholders.File] = []
  private var filesNamed = 0
  /// What `environment` was when each of `commands` was queued.
  private var environments: [[String: String]] = []
  /// Keys and events `unbind(…)` took away.
  private var unbound: Set<KeyBindings.Trigger> = []
  /// Typing does not change the list (`--disabled`, `disable-search`): it stays searched for
  /// `pausedQuery`.
  private var searchPaused: Bool
  private var pausedQuery: [UInt8] = []
  /// `search(…)`: the list is searched for this instead of the query, until the query changes.
  private var searchOverride: [UInt8]?
  /// Lines `exclude` took out of the list (until a reload).
  private var excluded: Set<Int> = []
  /// `track-current`: the line the cursor stays on when the list changes, until the cursor is moved.
  private var trackedLine: Int?
  /// `jump` or `jump-accept` waits for a label's key (the labels are drawn on the visible lines).
  public private(set) var jumping: Action?
  /// Whether the header (`--header`, `--header-lines`) is drawn (`toggle-header`).
  public private(set) var headerShown = true
  /// `preview(…)`: the command shown in the pane instead of `--preview`'s, until the cursor moves.
  private var previewOverride: String?
  /// What held actions wait for: a `transform` command's output (its target), or the search.
  private enum Hold {
    case transform(BoundAction.Setting?)
    case search
  }
  private var hold: Hold?
  /// The preview pane keeps to the end of the output (`follow`, until scrolled up).
  private var previewFollowing = false
  /// `load` (and with `--sync`, `start`) wait for the whole input's first search to be complete.
  private var loadPending = false
  private var startPending = false
  /// The actions after a `transform(…)` or `wait`, run when what they wait for comes.
  private var heldActions: [BoundAction] = []
  /// The last key pressed and the last action run, by fzf's names (`FZF_KEY`, `FZF_ACTION`).
  private var lastKey = ""
  private var lastAction = ""
  /// `selection.changes` when the `multi` event last looked.
  private var seenMarks = 0
  /// The keys and events whose actions `trigger(…)` is running (one cannot trigger itself).
  private var triggering: Set<KeyBindings.Trigger> = []
  /// How often each `change-nth(…)`, `change-with-nth(…)` and `change-preview-window(…)` list has
  /// turned.
  private var rotations: [String: Int] = [:]
  /// `--preview-window` as given: what `change-preview-window(…)` starts from each time.
  private let initialPreview: PreviewSettings
  /// The current key's actions met a mark refused by `--max`: the rest of them are skipped.
  private var refused = false
  /// The last left press on an item: where and when (a second one there soon after is a double click).
  private var lastClick: (line: Int, time: Int)?

  public init(settings: PickerSettings, rows: Int, columns: Int) {
    self.settings = settings
    viewport = Viewport(rows: rows, columns: columns)
    editor = QueryEditor(settings.query)
    selection = Selection(limit: settings.selection.max)
    preselector = Preselector(settings.preselection, limit: settings.selection.max)
    if !settings.preselection.focus.isEmpty {
      var focus = PreselectionSettings(lines: settings.preselection.focus)
      focus.labelDelimiter = settings.preselection.labelDelimiter
      focus.ansi = settings.preselection.ansi
      focusFinder = Preselector(focus, limit: nil)
    }
    preview = PreviewPane(visible: settings.preview.command != nil && !settings.preview.hidden)
    prompt = settings.prompt
    initialPreview = settings.preview
    sorting = settings.search.rank.sort
    // `--disabled` is the paused search's start: the list stays the one for the empty query.
    searchPaused = !settings.search.filtering
    self.settings.search.filtering = true
    historyPosition = settings.history.count
    updateHeight()
    if settings.sync { startPending = true } else { fire(.start) }
  }

  // MARK: - Derived values

  /// The query as bytes.
  public var queryBytes: [UInt8] { editor.bytes }

  /// Cursor position in the list (0 is the best match).
  public var cursor: Int { viewport.cursor }
  /// List position shown in the first list row.
  public var offset: Int { viewport.offset }
  /// Rows the picker occupies.
  public var height: Int { viewport.height }
  public var rows: Int { viewport.rows }
  public var columns: Int { viewport.columns }

  /// The lines that can be matched and selected (the lines before are the header).
  public var candidates: Range<Int> { settings.search.candidates(count: store.count) }

  /// First line that is a candidate (the lines before are the header).
  public var candidateStart: Int { candidates.lowerBound }

  /// Number of candidate lines read so far.
  public var totalCount: Int { candidates.count }

  /// Number of lines in the list on screen.
  public var listCount: Int { reviewing ? reviewLines.count : result.listed }

  /// The line shown at list position `i`.
  public func line(at i: Int) -> Int { reviewing ? reviewLines[i] : result.line(at: i) }

  /// The line under the cursor, if any.
  public var currentLine: Int? { cursor < listCount ? line(at: cursor) : nil }

  /// The intervals (milliseconds) of the `every(…)` timers the driver is to send.
  public var timerIntervals: [Int] { settings.bindings.timers.keys.sorted() }

  /// fzf's flags after the counts: `+S`/`-S` (sorting, when a key toggles it), `+T` (`--track`) or
  /// `+t` (`track-current`), `(..)` while `wait` holds actions back.
  public var infoFlags: String {
    var flags = ""
    if case .search = hold { flags += " (..)" }
    if settings.bindings.bindsToggleSort { flags += sorting ? " +S" : " -S" }
    if settings.track {
      flags += " +T"
    } else if trackedLine != nil {
      flags += " +t"
    }
    return flags
  }

  /// What the list is searched for: the query, unless `search(…)` gave something else or the search
  /// is paused.
  public var searchQuery: [UInt8] { searchOverride ?? (searchPaused ? pausedQuery : queryBytes) }

  /// Whether the shown result is not yet the full answer for the current query and input.
  public var isSearching: Bool {
    result.query != searchQuery || result.lineCount < store.count || !result.complete
  }

  /// The header: `--header` lines, then the `--header-lines` input lines (none when hidden).
  public var headerCount: Int { headerShown ? settings.headerTextRows + candidateStart : 0 }

  /// The variables commands get (fzf's): the query, the prompt, the counts, the cursor's position,
  /// the picker's size and the last key and action.
  public var environment: [String: String] {
    [
      "FZF_QUERY": String(decoding: queryBytes, as: UTF8.self), "FZF_PROMPT": prompt,
      "FZF_NTH": settings.search.fields.spec?.text ?? "", "FZF_WITH_NTH": settings.shownFields?.text ?? "",
      "FZF_MATCH_COUNT": String(result.matchCount), "FZF_SELECT_COUNT": String(selection.count),
      "FZF_TOTAL_COUNT": String(totalCount), "FZF_POS": String(min(cursor, max(0, listCount - 1)) + 1),
      "FZF_LINES": String(height), "FZF_COLUMNS": String(columns), "FZF_KEY": lastKey,
      "FZF_ACTION": lastAction,
    ].merging(listening) { $1 }
  }

  /// `FZF_PORT` or `FZF_SOCK` for commands, once the `--listen` address is open (set by the driver).
  public var listening: [String: String] = [:]

  /// Rows that are not list items: prompt, info, header, and the chrome around them.
  public var fixedRows: Int {
    let insets = settings.chrome.insets(rows: rows, columns: columns)
    var pane = 0
    if let layout = previewLayout, layout.position == .up || layout.position == .down {
      pane = layout.outer.rows
    }
    return 1 + (settings.chrome.infoHasOwnRow ? 1 : 0) + headerCount + insets.top + insets.bottom + pane
  }

  /// Rows available for list items.
  public var listRows: Int { max(1, height - fixedRows) }

  /// The most rows the picker may use.
  public var maxHeight: Int { viewport.maxHeight(settings.height) }

  /// Takes the files the pending commands read (`{+f}`): the driver writes them before it runs any.
  public mutating func takeFiles() -> [Placeholders.File] {
    defer { files.removeAll() }
    return files
  }

  /// Takes the pending non-search commands.
  public mutating func takeCommands() -> [Command] {
    takeWork().map(\.command)
  }

  /// Takes the pending non-search commands, each with the variables it is to run with.
  public mutating func takeWork() -> [(command: Command, environment: [String: String])] {
    defer {
      commands.removeAll()
      environments.removeAll()
    }
    return Array(zip(commands, environments))
  }

  /// Queues a command for the driver.
  private mutating func queue(_ command: Command) {
    commands.append(command)
    environments.append(environment)
  }

  // MARK: - Events

  public mutating func handle(_ event: Event) {
    switch event {
    case .key(let key): handle(key)
    case .mouse(let event, let target, let time): handle(event, on: target, at: time)
    case .input(let block): append(block)
    case .inputEnded:
      inputEnded = true
      loadPending = true
      if result.complete && result.query == searchQuery && result.lineCount == store.count {
        fireCountEvent()
      }
    case .inputReset: resetInput()
    case .resize(let r, let c):
      viewport.resize(rows: r, columns: c)
      updateHeight()
      fire(.resize)
    case .transformed(let output): transformed(output)
    case .remote(let actions):
      if hold != nil { heldActions += actions } else { run(actions) }
    case .searched(let found): accept(found)
    case .tick: spinner += 1
    case .previewOutput(let generation, let bytes):
      if generation == preview.generation {
        preview.append(bytes)
        if previewFollowing { scrollPreview(preview.lineCount) }
      }
    case .previewEnded(let generation, let status):
      if generation == preview.generation { preview.finish(status) }
    case .commandFailed(let reason):
      message = reason
    case .every(let interval):
      if hold == nil, !unbound.contains(.every(interval)), let actions = settings.bindings.timers[interval] {
        run(actions)
      }
    }
    if case .search = hold, inputEnded, !isSearching { release() }
    if loadPending && inputEnded && !isSearching && result.complete && result.lineCount == store.count {
      loadPending = false
      if startPending {
        startPending = false
        fire(.start)
      }
      fire(.load)
    }
    clampScroll()
    if selection.changes != seenMarks {
      seenMarks = selection.changes
      fire(.multi)
      clampScroll()
    }
    if currentLine != focused {
      focused = currentLine
      if settings.preview.command != nil { previewOverride = nil }
      fire(.focus)
      clampScroll()
    }
    updatePreview()
  }

  // MARK: - Bound actions and events

  /// Runs the actions of a key or event, stopping at a refused mark; a `transform(…)` or `wait`
  /// holds the ones after it back until what it waits for comes.
  private mutating func run(_ actions: [BoundAction]) {
    refused = false
    var rest = actions[...]
    while outcome == nil && !refused, let action = rest.popFirst() {
      perform(action)
      lastAction = action.name
      if hold != nil {
        // After the actions an inner `trigger(…)` held back.
        heldActions += rest
        return
      }
    }
  }

  /// Runs the held actions once what they waited for has come.
  private mutating func release() {
    hold = nil
    let actions = heldActions
    heldActions = []
    run(actions)
  }

  /// `zero` or `one` when the search of the whole input found no line or one (else nothing).
  private mutating func fireCountEvent() {
    guard outcome == nil else { return }
    if result.matchCount == 0 {
      fire(.zero)
    } else if result.matchCount == 1 {
      fire(.one)
    }
  }

  /// Runs what `--bind` gave `event`.
  private mutating func fire(_ event: BindEvent) {
    guard hold == nil, !unbound.contains(.event(event)), let actions = settings.bindings.events[event] else {
      return
    }
    run(actions)
  }

  private mutating func perform(_ bound: BoundAction) {
    switch bound {
    case .action(let action): perform(action)
    case .execute(let template):
      if let command = expandForCurrent(template) { queue(.execute(command: command, silent: false)) }
    case .executeSilent(let template):
      if let command = expandForCurrent(template) { queue(.execute(command: command, silent: true)) }
    case .become(let template):
      if let command = expandForCurrent(template) { queue(.become(command: command)) }
    case .reload(let template, let sync):
      if let command = expand(template) { queue(.reload(command: command, sync: sync)) }
    case .print(let text): printed.append(text)
    case .changePreview(let template):
      guard settings.preview.command != nil || !template.isEmpty else { break }
      settings.preview.command = template
      preview.key = nil
    case .changePreviewWindow(let spec):
      // fzf's: the sets are taken in turn, each on top of `--preview-window`'s own (an empty one is
      // that), keeping the command and the wrapping toggled since.
      let choice = nextChoice(spec, of: "preview-window")
      var changed = initialPreview
      changed.command = settings.preview.command
      changed.wrap = settings.preview.wrap
      if !choice.isEmpty { changed.hidden = false }
      if changed.apply(choice) {
        settings.preview = changed
        preview.visible = !changed.hidden
        preview.key = nil
        if !preview.visible { queue(.cancelPreview) }
      }
    case .put(let text):
      insert(Array(text.unicodeScalars.map(\.value)))
    case .position(let n):
      guard listCount > 0 else { break }
      viewport.jump(to: min(max(n > 0 ? n - 1 : listCount + n, 0), listCount - 1))
    case .toggleSort:
      sorting.toggle()
      searchAgain()
    case .change(let setting, let text): set(setting, to: text)
    case .transform(let target, let template):
      guard let command = expand(template) else { break }
      hold = .transform(target)
      queue(.transform(command: command))
    case .unbind(let names): unbound.formUnion(names.compactMap(KeyBindings.Trigger.init(name:)))
    case .rebind(let names): unbound.subtract(names.compactMap(KeyBindings.Trigger.init(name:)))
    case .toggleBind(let names):
      for trigger in names.compactMap(KeyBindings.Trigger.init(name:)) {
        if unbound.remove(trigger) == nil { unbound.insert(trigger) }
      }
    case .trigger(let names):
      for trigger in names.compactMap(KeyBindings.Trigger.init(name:)) where outcome == nil && hold == nil {
        guard !triggering.contains(trigger), !unbound.contains(trigger),
          let actions = settings.bindings[trigger]
        else { continue }
        // A binding that triggers itself would never end.
        triggering.insert(trigger)
        run(actions)
        triggering.remove(trigger)
      }
    case .preview(let template):
      previewOverride = template
      preview.visible = true
      preview.key = nil
    case .changeMulti(let limit):
      let max = limit.map { $0 == 0 ? 1 : $0 }
      guard max != settings.selection.max else { break }
      settings.selection.max = max
      var fresh = Selection(limit: max)
      if selection.everMarked { fresh.rememberMarking() }
      selection = fresh
    }
  }

  /// The next of `list`'s `|`-separated choices, one each time an action of `kind` takes it (fzf
  /// turns `change-nth(2|1|)` and `change-preview-window(down|hidden|)` so).
  private mutating func nextChoice(_ list: String, of kind: String) -> String {
    let choices = list.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let turn = rotations[kind + " " + list, default: 0]
    rotations[kind + " " + list] = turn + 1
    return choices[turn % choices.count]
  }

  /// Sets what `change-…(…)` and `transform-…(…)` name.
  private mutating func set(_ setting: BoundAction.Setting, to text: String) {
    switch setting {
    case .query:
      editor = QueryEditor(Array(text.utf8))
      queryChanged()
    case .prompt: prompt = text
    case .header:
      settings.header = text.isEmpty ? nil : text
      updateHeight()
    case .search: searchOverride = Array(text.utf8)
    case .pointer:
      guard DisplayWidth.of(text) <= 2 else { break }
      settings.pointer = text
    case .borderLabel: settings.chrome.borderLabel = text.isEmpty ? nil : text
    case .headerLines:
      guard let n = Int(text.filter { $0 != " " }), n >= 0, n != settings.search.headerLines else { break }
      settings.search.headerLines = n
      // Lines that became header lines cannot stay marked.
      for line in selection.lines(.input) where line < n { selection.unmark(line) }
      searchAgain()
    case .nth, .withNth:
      let choice = nextChoice(text, of: setting.rawValue)
      let spec = choice.isEmpty ? nil : choice.contains("{") ? FieldSpec(template: choice) : FieldSpec(choice)
      guard choice.isEmpty || spec != nil else { break }
      let old = settings.search.fields
      var fields = SearchFields(
        setting == .nth ? spec : old.spec, view: setting == .withNth ? spec : old.view,
        delimiter: old.delimiter)
      fields.ansi = old.ansi
      settings.search.fields = fields
      if setting == .withNth { settings.shownFields = spec }
      searchAgain()
    case .ghost: settings.ghost = text
    case .previewLabel: settings.preview.label = text.isEmpty ? nil : text
    case .listLabel, .inputLabel, .headerLabel, .footerLabel, .footer: break
    }
  }

  /// The output of a `transform` command: its first line sets the target (a header takes every
  /// line); `transform(…)`'s is a list of actions. Then the held actions run.
  private mutating func transformed(_ output: [UInt8]) {
    guard case .transform(let target) = hold else { return }
    hold = nil
    var text = String(decoding: output, as: UTF8.self)
    while text.last?.isNewline == true { text.removeLast() }
    if let target {
      let value = target == .header ? text : String(text.prefix { !$0.isNewline })
      set(target, to: value)
      release()
      return
    }
    do {
      heldActions = try BindSpec.actions(text) + heldActions
    } catch {
      message = "transform: \(error.message)"
    }
    release()
  }

  /// Everything is searched again (the ranking, the searched fields or the candidates changed).
  private mutating func searchAgain() {
    cache = ResultCache()
    result = .empty
    inFlight = nil
  }

  /// `expand`, but nil when the template names the line under the cursor and there is none (fzf
  /// does not run such a command).
  private mutating func expandForCurrent(_ template: String) -> [UInt8]? {
    if currentLine == nil && Placeholders.needsCurrentLine(template) { return nil }
    return expand(template)
  }

  /// A command template with its placeholders filled in for the current line, marks and query; nil
  /// (and the reason on the info line) when the values cannot be quoted for the shell.
  /// `shell` false: the text is read by mselect itself (a preview scroll offset), quoted as for sh.
  private mutating func expand(_ template: String, shell: Bool = true) -> [UInt8]? {
    let marked = selection.lines(settings.selection.order)
    var values = Placeholders.Values(
      current: currentLine.map(printedLine), currentIndex: currentLine.map { $0 - candidateStart },
      marked: marked.map(printedLine), query: queryBytes, delimiter: settings.delimiter)
    values.markedIndices = marked.map { $0 - candidateStart }
    values.prompt = prompt
    values.action = lastAction
    values.fileDirectory = settings.fileDirectory
    values.fileSerial = filesNamed
    values.terminator = settings.fileTerminator
    values.quoting = shell ? settings.quoting : .posix
    if Placeholders.needsEveryLine(template) {
      let listed = (0..<listCount).map { line(at: $0) }
      let lines = listed.map(printedLine)
      let indices = listed.map { $0 - candidateStart }
      values.listed = { lines }
      values.listedIndices = { indices }
    }
    do {
      var named: [Placeholders.File] = []
      defer {
        files += named
        filesNamed += named.count
      }
      return try Placeholders.expand(template, values, files: &named)
    } catch {
      message = error.message
      return nil
    }
  }

  /// Line `index` as it is printed (without its colors under `--ansi`): what commands get and what
  /// marks are remembered by.
  func printedLine(_ index: Int) -> [UInt8] {
    ANSI.plainLine(store.line(index), settings.search.fields.ansi)
  }

  /// `reload`: the old lines go; marked lines are remembered by their bytes and marked again when
  /// the new input holds them.
  private mutating func resetInput() {
    remarks = WantedLines(settings.marksSurviveReload ? selection.lines(.input).map(printedLine) : [])
    let everMarked = selection.everMarked
    selection = Selection(limit: settings.selection.max)
    if everMarked { selection.rememberMarking() }
    store = LineStore()
    inputEnded = false
    epoch += 1
    // As in fzf, new input while the search is paused is listed whole, and nothing stays excluded.
    pausedQuery = []
    excluded = []
    cache = ResultCache()
    result = .empty
    inFlight = nil
    reviewing = false
    viewport.reset()
    preview.key = nil
  }

  // MARK: - Preview

  /// The preview pane's place: its outer size (border included) and the size of its text, or nil
  /// when there is no pane.
  public struct PreviewLayout: Equatable, Sendable {
    public var position: PreviewSettings.Position
    public var outer: (rows: Int, columns: Int)
    public var inner: (rows: Int, columns: Int)

    public static func == (a: PreviewLayout, b: PreviewLayout) -> Bool {
      a.position == b.position && a.outer == b.outer && a.inner == b.inner
    }
  }

  /// What the preview pane shows: `preview(…)`'s command, else `--preview`'s.
  private var previewCommand: String? { previewOverride ?? settings.preview.command }

  public var previewLayout: PreviewLayout? {
    guard previewCommand != nil, preview.visible else { return nil }
    let p = settings.preview
    let insets = settings.chrome.insets(rows: rows, columns: columns)
    let width = max(1, columns - insets.left - insets.right)
    // The frame's rows and columns (a side line keeps a blank column before the text); without
    // one, a blank column parts the pane from the list.
    let sides = p.drawnBorder.sides
    let frameRows = (sides.top ? 1 : 0) + (sides.bottom ? 1 : 0)
    let frameColumns = p.border == .none ? 1 : (sides.left ? 2 : 0) + (sides.right ? 2 : 0)
    switch p.position {
    case .left, .right:
      let outer = min(max(p.size.resolve(width), frameColumns + 1), width - 1)
      guard outer > 0 else { return nil }
      let height = max(1, viewport.height - insets.top - insets.bottom)
      return PreviewLayout(
        position: p.position, outer: (height, outer),
        inner: (max(0, height - frameRows), max(0, outer - frameColumns)))
    case .up, .down:
      let available = max(1, maxHeight - insets.top - insets.bottom)
      let outer = min(max(p.size.resolve(available), frameRows + 1), max(1, available - 3))
      return PreviewLayout(
        position: p.position, outer: (outer, width),
        inner: (max(0, outer - frameRows), max(0, width - (p.border == .none ? 0 : frameColumns))))
    }
  }

  /// Starts a preview run when what the command is run for changed (the current line, and the query
  /// or the marks when its placeholders use them).
  private mutating func updatePreview() {
    guard let template = previewCommand, preview.visible, let layout = previewLayout else { return }
    var key = [currentLine ?? -1]
    if Placeholders.dependsOnQuery(template) { key += queryBytes.map(Int.init) + [-2] }
    if Placeholders.dependsOnMarks(template) { key.append(selection.changes) }
    guard key != preview.key else { return }
    let generation = preview.generation + 1
    let scroll = settings.preview.scroll.map {
      PreviewSettings.firstLine(
        expand($0, shell: false) ?? [], height: max(0, layout.inner.rows - settings.preview.headerLines))
    }
    preview.restart(generation: generation, key: key, scroll: scroll ?? 0)
    previewFollowing = settings.preview.follow
    // With nothing under the cursor the preview still runs, its line placeholders empty (as fzf's).
    guard let command = expand(template) else {
      queue(.cancelPreview)
      return
    }
    queue(
      .preview(
        generation: generation, command: command, rows: layout.inner.rows, columns: layout.inner.columns))
  }

  private mutating func scrollPreview(_ delta: Int) {
    // Rows under the fixed header lines (`~N`) show the scrolled part.
    let header = settings.preview.headerLines
    let rows = max(1, (previewLayout?.inner.rows ?? 1) - header)
    let lowest = max(header, preview.scroll)
    let bottom = max(header, preview.lineCount - rows)
    preview.scroll = min(max(0, lowest + delta), bottom)
    // `follow`: scrolled to the end it follows again, scrolled up it stops.
    previewFollowing = settings.preview.follow && preview.scroll >= bottom
  }

  private mutating func append(_ block: LineBlock) {
    let before = store.count
    store.append(block)
    let candidates = max(before, candidateStart)..<store.count
    let marked = selection.count
    preselector.mark(candidates, of: store, in: &selection)
    if var finder = focusFinder {
      // Tracked as `track-current` tracks: the cursor comes to the line and stays until it is moved.
      if let first = candidates.first(where: { finder.wants(store.line($0)) }) {
        trackedLine = first
        focusFinder = nil
      } else {
        focusFinder = finder
      }
    }
    if let remarks {
      for index in candidates where remarks.contains(printedLine(index)) {
        selection.mark(index)
      }
    }
    if selection.count > marked || preselector.dropped > 0 {
      if let warning = preselector.warning(marked: selection.count) { message = warning }
    }
    updateHeight()
  }

  private mutating func accept(_ search: SearchResult) {
    // A result for the input before a reload names lines that are gone.
    guard search.epoch == epoch else { return }
    let found = search.excluding(excluded)
    if !found.complete {
      // A preview: show the best lines now if they are for what is typed; the full result follows.
      guard found.query == searchQuery, found.query != result.query || !result.complete else { return }
      let newQuery = found.query != result.query
      show(found)
      // The previous result has left the screen: the cache need not keep it whole any more.
      if newQuery { cache.compact(current: searchQuery, newestShown: false) }
      updateHeight()
      runDeferredKeys()
      return
    }
    if let inFlight, inFlight.query == found.query && inFlight.lineCount == found.lineCount {
      self.inFlight = nil
    }
    cache.remember(search, current: searchQuery)
    guard found.query == searchQuery, found.lineCount >= result.lineCount || found.query != result.query
    else {
      return
    }
    show(found)
    updateHeight()
    if result.lineCount == store.count {
      fire(.result)
      if inputEnded { fireCountEvent() }
    }
    if let key = pendingAccept, result.query == searchQuery {
      pendingAccept = nil
      acceptSelection(key: key)
    }
    runDeferredKeys()
  }

  /// Puts `found` on screen: a new query's list starts at the top, unless the line being tracked
  /// (`--track`, `track-current`) is listed: the cursor stays on it.
  private mutating func show(_ found: SearchResult) {
    let tracked = trackedLine ?? (settings.track ? currentLine : nil)
    if found.query != result.query { viewport.reset() }
    result = found
    if let tracked, let position = position(of: tracked) { viewport.jump(to: position) }
  }

  /// The search needed to bring the result up to date, if one is not already running.
  public mutating func nextSearch() -> SearchRequest? {
    let q = searchQuery
    let count = store.count
    if result.query == q && result.lineCount == count { return nil }
    // A search for this query is running: let it finish (new input is searched after it, as an
    // extension) rather than restart it, or fast streaming input would starve it.
    if let inFlight, inFlight.query == q { return nil }
    let pattern = settings.search.pattern(q)
    var rank = settings.search.rank
    rank.sort = sorting
    if pattern.isEmpty {
      // Every line, in input order: no search, and no memory a line. Handled as a search's result
      // is (the cursor's line, the preview and bound events follow it).
      inFlight = nil
      var every = SearchResult(
        query: q, lineCount: count, everyLineOf: min(candidateStart, count)..<count,
        reversed: rank.effective(for: pattern).reverse)
      every.epoch = epoch
      handle(.searched(every))
      return nil
    }
    generation += 1
    inFlight = (q, count)
    var base: SearchResult?
    var narrowed: SearchRequest.Broader?
    var searched = 0
    if result.query == q && result.complete {
      base = result
      searched = result.lineCount
    } else if let same = cache.result(for: q) {
      base = same
      searched = same.lineCount
    } else if let (broader, lineCount) = cache.broader(than: pattern) {
      narrowed = broader
      searched = lineCount
    } else {
      searched = count
    }
    return SearchRequest(
      generation: generation, pattern: pattern, store: store, broader: SearchRequest.Handoff(narrowed),
      candidateStart: candidateStart,
      tail: min(searched, count)..<count, base: base, rank: rank, fields: settings.search.fields, epoch: epoch
    )
  }

  private mutating func handle(_ key: Key) {
    if aborts(key) {
      // Leaving never waits for a list, and what was waiting goes with it.
      deferredKeys = []
    } else if !deferredKeys.isEmpty || result.query != searchQuery && actsOnTheList(key) {
      deferredKeys.append(key)
      return
    }
    handleNow(key)
  }

  /// Whether `key` ends the picker without a choice (`abort`, bound to Esc and ctrl-c by default).
  private func aborts(_ key: Key) -> Bool {
    actions(for: key)?.first == .action(.abort)
  }

  /// What `key` is bound to now (nil: nothing, or taken away by `unbind`).
  private func actions(for key: Key) -> [BoundAction]? {
    unbound.contains(.key(key)) ? nil : settings.bindings.actions(for: key)
  }

  /// Whether what `key` does depends on the lines listed (moving, marking, a command on the current
  /// line), so it must wait for the list of what is typed.
  private func actsOnTheList(_ key: Key) -> Bool {
    guard let actions = actions(for: key) else { return false }
    return actions.contains { bound in
      switch bound {
      case .action(let action): PickerState.listActions.contains(action)
      case .execute, .executeSilent, .become, .print, .position: true
      default: false
      }
    }
  }

  /// The actions whose effect depends on the list (see `actsOnTheList`); accepting waits its own way
  /// (`pendingAccept`).
  private static let listActions: Set<Action> = [
    .up, .down, .pageUp, .pageDown, .first, .last, .toggle, .toggleDown, .toggleUp, .select, .deselect,
    .selectAll, .deselectAll, .toggleAll, .halfPageUp, .halfPageDown, .toggleIn, .toggleOut, .best, .upMatch,
    .downMatch, .upSelected, .downSelected, .exclude, .excludeMulti, .offsetUp, .offsetDown, .offsetMiddle,
    .jump, .jumpAccept,
  ]

  /// Runs the deferred keys that can run now: up to the next one that acts on the list while the list
  /// is not yet the one for the typed query.
  private mutating func runDeferredKeys() {
    while outcome == nil, let key = deferredKeys.first, result.query == searchQuery || !actsOnTheList(key) {
      deferredKeys.removeFirst()
      handleNow(key)
    }
  }

  private mutating func handleNow(_ key: Key) {
    message = nil
    pendingAccept = nil
    lastKey = key.name
    if let mode = jumping {
      jumping = nil
      var landed = false
      if case .char(let c) = key, let label = Unicode.Scalar(c).map(Character.init),
        let index = settings.jumpLabels.firstIndex(of: label)
      {
        let position = offset + settings.jumpLabels.distance(from: settings.jumpLabels.startIndex, to: index)
        if position < min(listCount, offset + listRows) {
          viewport.jump(to: position)
          landed = true
          if mode == .jumpAccept { acceptSelection(key: nil) }
        }
      }
      fire(landed ? .jump : .jumpCancel)
      return
    }
    let actions = actions(for: key)
    if case .search = hold {
      // Waiting for the search (`wait`): keys are ignored but the ones that abort, which drop the
      // held actions instead of ending, and run the rest of their own.
      guard let actions,
        let stop = actions.firstIndex(where: { $0 == .action(.abort) || $0 == .action(.cancel) })
      else { return }
      hold = nil
      heldActions = []
      run(Array(actions[(stop + 1)...]))
      return
    }
    if let name = settings.expectKeys[key] {
      acceptSelection(key: name)
      return
    }
    if let actions {
      // A mark refused by `--max` ends the chain: tab does not move past the line it could not mark.
      refused = false
      run(actions)
      return
    }
    switch key {
    case .char(let c): insert([c])
    case .paste(let bytes):
      // Pasted line breaks and tabs become spaces; other control bytes are dropped.
      let text = UTF8Decoding.scalars(bytes).compactMap { c -> UInt32? in
        c == 10 || c == 13 || c == 9 ? 32 : (c < 0x20 || c == 0x7F ? nil : c)
      }
      insert(text)
    default: break
    }
  }

  /// Wheel over the pane scrolls it, elsewhere it runs `scroll-up` / `scroll-down`; a press on an item
  /// moves the cursor there first, then runs what `left-click`, `double-click` or `right-click` is
  /// bound to; a left press on the pointer or marker column toggles the item instead.
  private mutating func handle(_ event: MouseEvent, on target: Frame.Target?, at time: Int) {
    switch event.action {
    case .wheel(let up):
      if target == .preview {
        message = nil
        scrollPreview(up ? -PickerState.wheelStep : PickerState.wheelStep)
      } else {
        handle(.wheel(up: up))
      }
    case .press(let button):
      guard case .item(let position, let onMarker) = target, position < listCount else {
        lastClick = nil
        return
      }
      viewport.jump(to: position)
      let line = line(at: position)
      let last = lastClick
      lastClick = nil
      switch button {
      case .left where onMarker:
        // Quick clicks on marks toggle them one by one: never a double click.
        message = nil
        refused = false
        toggleCurrent()
      case .left:
        if let last, last.line == line, time - last.time <= PickerState.doubleClickInterval {
          handle(.doubleClick)
        } else {
          lastClick = (line, time)
          handle(.leftClick)
        }
      case .right: handle(.rightClick)
      case .middle: break
      }
    case .release: break
    }
  }

  /// Preview lines one wheel step scrolls.
  static let wheelStep = 3

  // MARK: - Actions

  private mutating func perform(_ action: Action) {
    if action.marks && !settings.marks {
      // fzf's single mode: nothing is marked, but tab and shift-tab still move.
      switch action {
      case .toggleDown: perform(.down)
      case .toggleUp: perform(.up)
      case .toggleIn: perform(settings.layout.listsDownwards ? .up : .down)
      case .toggleOut: perform(settings.layout.listsDownwards ? .down : .up)
      default: break
      }
      return
    }
    if action == .backwardDeleteChar && editor.characters.isEmpty { fire(.backwardEOF) }
    if let changed = editor.perform(action) {
      if changed { queryChanged() }
      return
    }
    let reverse = settings.layout.listsDownwards
    switch action {
    case .cancel:
      if editor.characters.isEmpty {
        outcome = .cancelled
      } else {
        _ = editor.perform(.endOfLine)
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
      printed.append(String(decoding: queryBytes, as: UTF8.self))
      outcome = .accepted(lines: [], key: nil)
    case .best: perform(.first)
    case .upMatch: perform(.up)
    case .downMatch: perform(.down)
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
    case .close:
      if previewCommand != nil && preview.visible { perform(.hidePreview) } else { outcome = .cancelled }
    case .offsetUp, .offsetDown:
      updateHeight()
      let step = (action == .offsetDown) == reverse ? 1 : -1
      viewport.scroll(by: step, count: listCount, visible: listRows, scrollOff: settings.scrollOff)
    case .offsetMiddle:
      updateHeight()
      viewport.center(count: listCount, visible: listRows)
    case .replaceQuery:
      guard let line = currentLine else { break }
      editor = QueryEditor(printedLine(line))
      queryChanged()
    case .exclude, .excludeMulti:
      var lines: [Int] = []
      if action == .excludeMulti && selection.count > 0 {
        lines = selection.lines(.input)
      } else if let line = currentLine {
        lines = [line]
      }
      guard !lines.isEmpty else { break }
      for line in lines { selection.unmark(line) }
      excluded.formUnion(lines)
      if reviewing { reviewLines.removeAll { excluded.contains($0) } }
      result = result.excluding(excluded)
      cache = ResultCache()
    case .enableSearch, .disableSearch, .toggleSearch:
      let pause = action == .toggleSearch ? !searchPaused : action == .disableSearch
      guard pause != searchPaused else { break }
      if pause { pausedQuery = searchQuery }
      searchPaused = pause
    case .toggleHeader, .showHeader, .hideHeader:
      headerShown = action == .toggleHeader ? !headerShown : action == .showHeader
      updateHeight()
    case .bell: queue(.bell)
    case .togglePreviewWrap, .togglePreviewWrapWord: settings.preview.wrap.toggle()
    case .wait: hold = .search
    case .jump, .jumpAccept:
      guard listCount > 0 else { break }
      jumping = action
    case .toggleTrack: settings.track.toggle()
    case .trackCurrent: trackedLine = currentLine
    case .untrackCurrent: trackedLine = nil
    case .toggleTrackCurrent: trackedLine = trackedLine == nil ? currentLine : nil
    case .toggleWrap, .toggleWrapWord, .toggleHscroll, .toggleMultiLine, .toggleRaw, .enableRaw, .disableRaw,
      .toggleInput, .showInput, .hideInput, .bgCancel:
      break
    case .accept: acceptSelection(key: nil)
    case .acceptNonEmpty:
      // An input with no lines at all would leave nothing to wait for: it accepts (as in fzf).
      let inputEmpty = inputEnded && totalCount == 0
      if currentLine != nil || selection.count > 0 || inputEmpty { acceptSelection(key: nil) }
    case .abort: outcome = .cancelled
    case .up: move(reverse ? -1 : 1)
    case .down: move(reverse ? 1 : -1)
    // A page keeps one line of the last one in view, as fzf's does.
    case .pageUp: move(reverse ? -max(1, listRows - 1) : max(1, listRows - 1), wrap: false)
    case .pageDown: move(reverse ? max(1, listRows - 1) : -max(1, listRows - 1), wrap: false)
    case .halfPageUp, .halfPageDown:
      let half = max(1, listRows / 2)
      move(reverse == (action == .halfPageDown) ? half : -half, wrap: false)
    case .first:
      trackedLine = nil
      viewport.jump(to: 0)
    case .last:
      trackedLine = nil
      viewport.jump(to: max(0, listCount - 1))
    case .toggle: toggleCurrent()
    case .toggleDown, .toggleUp:
      // A mark refused by `--max` leaves the cursor on its line, where the refusal happened.
      toggleCurrent()
      if !refused { perform(action == .toggleDown ? .down : .up) }
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
      if reviewing {
        reviewing = false
      } else if selection.count == 0 {
        message = "nothing marked"
      } else {
        reviewing = true
        reviewLines = selection.lines(settings.selection.order)
      }
      viewport.reset()
    case .togglePreview:
      guard previewCommand != nil else { break }
      preview.visible.toggle()
      preview.key = nil
      if !preview.visible { queue(.cancelPreview) }
    case .previewUp: scrollPreview(-1)
    case .previewDown: scrollPreview(1)
    case .previewPageUp: scrollPreview(-(previewLayout?.inner.rows ?? 1))
    case .previewPageDown: scrollPreview(previewLayout?.inner.rows ?? 1)
    case .showPreview, .hidePreview:
      guard previewCommand != nil, preview.visible != (action == .showPreview) else { break }
      perform(.togglePreview)
    case .refreshPreview: preview.key = nil
    case .previewHalfPageUp: scrollPreview(-max(1, (previewLayout?.inner.rows ?? 2) / 2))
    case .previewHalfPageDown: scrollPreview(max(1, (previewLayout?.inner.rows ?? 2) / 2))
    case .previewTop: scrollPreview(-preview.lineCount)
    case .previewBottom: scrollPreview(preview.lineCount)
    case .previousHistory, .nextHistory:
      let history = settings.history
      guard !history.isEmpty else { break }
      // As readline (and fzf) do, an entry edited and left keeps the edit until the picker ends.
      if historyPosition == history.count {
        draft = queryBytes
      } else {
        settings.history[historyPosition] = queryBytes
      }
      let target = historyPosition + (action == .previousHistory ? -1 : 1)
      guard target >= 0, target <= history.count else { break }
      historyPosition = target
      editor = QueryEditor(target == history.count ? draft : history[target])
      queryChanged()
    case .redraw: queue(.redraw)
    case .suspend: queue(.suspend)
    case .ignore: break
    default: break
    }
  }

  private mutating func acceptSelection(key: String?) {
    if !selection.everMarked && !reviewing && (result.query != searchQuery || !result.complete) {
      // The line under the cursor belongs to an older query; decide when the new results are in.
      pendingAccept = .some(key)
      return
    }
    let lines: [Int]
    if selection.everMarked {
      lines = selection.lines(settings.selection.order)
    } else {
      lines = currentLine.map { [$0] } ?? []
    }
    if let min = settings.selection.min, lines.count < min {
      message = "select at least \(min)"
      return
    }
    outcome = .accepted(lines: lines, key: key)
  }

  /// Toggles the line under the cursor.
  private mutating func toggleCurrent() {
    guard let line = currentLine else { return }
    refuseIfFull(selection.toggle(line))
  }

  private mutating func current(_ body: (inout PickerState, Int) -> Void) {
    guard let line = currentLine else { return }
    body(&self, line)
  }

  /// Runs `body` on every listed line, in input order so `--max` keeps the first ones. While a search
  /// is still scoring (a provisional list), that is the lines listed so far.
  private mutating func forEachListed(_ body: (inout PickerState, Int) -> Void) {
    let lines = reviewing ? reviewLines.sorted() : result.inputOrder.map { Int($0) }
    for line in lines { body(&self, line) }
  }

  private mutating func refuseIfFull(_ accepted: Bool) {
    guard !accepted else { return }
    refused = true
    // fzf says nothing; its count, `(3/3)`, shows the limit.
    if let max = settings.selection.max, settings.flavor == .mselect {
      message = "at most \(max) can be marked"
    }
  }

  /// Where `line` is listed, if it is (a scan of the list: only when tracking asks for it).
  private func position(of line: Int) -> Int? {
    if let (lines, reversed) = result.everyLine {
      guard lines.contains(line) else { return nil }
      return reversed ? lines.upperBound - 1 - line : line - lines.lowerBound
    }
    let index = UInt32(truncatingIfNeeded: line)
    return result.ranked.firstIndex { $0.index == index }
  }

  private mutating func move(_ delta: Int, wrap: Bool = true) {
    trackedLine = nil
    viewport.move(by: delta, count: listCount, cycle: settings.cycle && wrap)
  }

  private mutating func insert(_ text: [UInt32]) {
    if editor.insert(text) { queryChanged() }
  }

  private mutating func queryChanged() {
    reviewing = false
    searchOverride = nil
    fire(.change)
  }

  // MARK: - Layout

  /// Grows the picker to fit the list (up to `maxHeight`); it never shrinks while running.
  private mutating func updateHeight() {
    // A preview pane wants room whatever the list's length: the picker takes its whole height then.
    let needed =
      previewCommand != nil && preview.visible ? maxHeight : fixedRows + max(listCount, 1)
    viewport.grow(toFit: needed, settings.height)
  }

  private mutating func clampScroll() {
    updateHeight()
    viewport.clamp(count: listCount, visible: listRows, scrollOff: settings.scrollOff)
  }
}
