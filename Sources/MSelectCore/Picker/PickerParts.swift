/// The parts `PickerState` is made of, beside the query editor, the marks, the viewport and the
/// preview pane: each holds one concern's runtime state, so a reader sees at once what belongs
/// together and what an action may touch.

/// The search behind the list: the result on screen, the searches running, and what the list is
/// searched for when it is not the query.
package struct SearchState {
  /// The search result on screen (it may lag behind the query while a search runs).
  package internal(set) var result = SearchResult.empty
  /// The searches handed out and running, and the results kept.
  var schedule = SearchSchedule()
  /// Whether matches are ranked (`toggle-sort` flips it).
  package internal(set) var sorting = true
  /// Typing does not change the list (`--disabled`, `disable-search`): it stays searched for
  /// `pausedQuery`.
  var paused = false
  var pausedQuery: [UInt8] = []
  /// `search(…)`: the list is searched for this instead of the query, until the query changes.
  var override: [UInt8]?
  /// Lines `exclude` took out of the list (until a reload).
  var excluded: Set<Int> = []
  /// Raw mode: the lines the result holds (nil: every line matches), for `result`'s query and lines.
  var rawMatches: (set: LineSet?, query: [UInt8], lineCount: Int, listed: Int)?
}

/// How far the input has come, and what waits for it (`load`, `--sync`'s `start`, a reload).
package struct InputProgress {
  /// The whole input was read.
  package internal(set) var ended = false
  /// A `reload`'s input is on its way; the old lines show until it comes.
  var replacing = false
  /// `load` (and with `--sync`, `start`) wait for the whole input's first search to be complete.
  var loadPending = false
  var startPending = false
  /// Lines marked before a reload, marked again when the same bytes come back.
  var remarks: WantedLines?
}

/// What marking needs beside the marks themselves: the lines to mark and focus as they come, and
/// what the current key's marking met.
struct MarkingProgress {
  var preselector: Preselector
  /// Finds the line the cursor starts on (`PreselectionSettings.focus`); nil once found, or without one.
  var focusFinder: Preselector?
  /// `selection.changes` when the `multi` event last looked.
  var seenMarks = 0
  /// The current key's actions met a mark refused by `--max`: the rest of them are skipped.
  var refused = false
}

/// What the list shows and where the cursor stays: the review view, tracking, jump labels, the
/// header and the clicks on it.
package struct ListState {
  /// Showing only the marked lines (ctrl-s).
  package internal(set) var reviewing = false
  var reviewLines: [Int] = []
  /// The line the `focus` event last fired for.
  var focused: Int?
  /// `track-current`: the line the cursor stays on when the list changes, until the cursor is moved.
  var trackedLine: Int?
  /// A reload while the cursor's line is tracked: that line's id (`lineID`) and the list position the
  /// cursor had. Until a line with the same id comes, or the input ends, the info shows `+T*`.
  var trackBlocked: (id: [UInt8], position: Int)?
  /// Where the cursor goes once the reloaded input is all listed, when the tracked line did not come
  /// back: the position it had.
  var pendingPosition: Int?
  /// The line the cursor stays on once the list is searched again (after the header lines or the
  /// fields changed); `pruneMarks`: then marks of lines no longer listed go (fzf's, after
  /// `change-with-nth`).
  var keptLine: Int?
  var pruneMarks = false
  /// Whether the header (`--header`, `--header-lines`) is drawn (`toggle-header`).
  package internal(set) var headerShown = true
  /// Where the header and the footer were last clicked (fzf's `FZF_CLICK_HEADER_LINE`, …).
  var headerClick: Click?
  var footerClick: Click?
  /// Left presses on items, for double clicks.
  var clicks = ClickTracker()
}

/// Keys held back until the list they act on is shown, and the background commands running (the
/// actions a `wait` or a `transform` holds are the `KeyMode`'s).
struct HeldWork {
  /// Keys that act on the list, typed before the list for the typed query came (`da<Tab>` in one
  /// burst), with the keys after them: run in order once it is shown, so they act on its lines.
  private var deferredKeys: [Key] = []
  /// The background transforms running, by id: what each sets, and the key that ran it.
  var backgroundJobs: [Int: (target: BoundAction.Setting?, key: String)] = [:]
  var lastBackgroundJob = 0

  /// Whether `key` may run now; if not, it is kept to run later. A key that `aborts` always runs,
  /// and what waited goes with it (leaving never waits for a list). Otherwise a key waits behind
  /// those waiting already, while the mode `defers` keys, and when it `needsTheList` (it acts on the
  /// lines while the list shown is not the typed query's yet).
  mutating func admit(_ key: Key, aborts: Bool, defers: Bool, needsTheList: Bool) -> Bool {
    if aborts {
      deferredKeys = []
      return true
    }
    guard deferredKeys.isEmpty && !defers && !needsTheList else {
      deferredKeys.append(key)
      return false
    }
    return true
  }

  /// The first waiting key, unless the mode `defers` keys: it may run once the list it needs (if
  /// any) is shown, and those after it wait for it.
  func next(defers: Bool) -> Key? {
    defers ? nil : deferredKeys.first
  }

  /// Takes the first waiting key off the queue: it runs now.
  mutating func takeNext() {
    deferredKeys.removeFirst()
  }
}

/// How the bindings stand at run time: what `unbind` took away, what `trigger` runs, how far the
/// `change-…` lists have turned, and the last key and action.
struct BindingProgress {
  /// Keys and events `unbind(…)` took away.
  var unbound: Set<KeyBindings.Trigger> = []
  /// The keys and events whose actions `trigger(…)` is running (one cannot trigger itself).
  var triggering: Set<KeyBindings.Trigger> = []
  /// How often each `change-nth(…)`, `change-with-nth(…)` and `change-preview-window(…)` list has
  /// turned.
  var rotations: [String: Int] = [:]
  /// The last key pressed and the last action run, by fzf's names (`FZF_KEY`, `FZF_ACTION`; `start`
  /// before any).
  var lastKey = ""
  var lastAction = "start"
}

/// What the picker hands the driver: commands with the variables they run with, the files they
/// read, and the lines `print(…)` queued.
package struct Outbox {
  private var commands: [PickerState.Command] = []
  /// The variables each of `commands` runs with.
  private var environments: [[String: String]] = []
  /// Files the queued commands read, not written yet, and how many were ever named.
  private var files: [Placeholders.File] = []
  private(set) var filesNamed = 0
  /// Lines `print(…)` queued, printed before the accepted lines.
  package internal(set) var printed: [String] = []

  /// Queues `command`, to run with `environment`.
  mutating func queue(_ command: PickerState.Command, environment: [String: String]) {
    commands.append(command)
    environments.append(environment)
  }

  /// Notes files a command reads (`{+f}`), to be written before it runs.
  mutating func name(_ named: [Placeholders.File]) {
    files += named
    filesNamed += named.count
  }

  /// The commands queued, each with its variables; none are left.
  mutating func takeWork() -> [(command: PickerState.Command, environment: [String: String])] {
    defer {
      commands.removeAll()
      environments.removeAll()
    }
    return Array(zip(commands, environments))
  }

  /// The files named and not yet written; none are left.
  mutating func takeFiles() -> [Placeholders.File] {
    defer { files.removeAll() }
    return files
  }
}

/// What the info line shows beside the counts.
package struct InfoLine {
  /// A short note (refused marks, `--min` not met); cleared by the next key.
  package internal(set) var message: String?
  package internal(set) var spinner = 0
  /// `--info-command`'s first line (nil until it has printed one), and what the last run was for
  /// (its `FZF_INFO`, the cursor, the query).
  package internal(set) var text: [UInt8]?
  var key: [String]?
  var generation = 0
}

/// What the driver tells the picker of its surroundings, for the variables commands get.
package struct Surroundings {
  /// How long no key came, in milliseconds (`FZF_IDLE_TIME`, `FZF_IDLE_TIME_MS`): an `every(…)`
  /// event's, while its actions run.
  package internal(set) var idleMilliseconds = 0
  /// `FZF_PORT` or `FZF_SOCK`, once the `--listen` address is open.
  package var listening: [String: String] = [:]
}
