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
}
