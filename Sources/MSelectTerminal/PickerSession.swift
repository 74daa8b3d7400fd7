import Glibc
import MSelectCore

/// Runs the picker on /dev/tty: the event loop that feeds keys, input, signals and search results
/// into `PickerState` and paints its frames. Every way out restores the terminal.
package final class PickerSession {
  /// How the picker ended, with what the caller needs to print.
  package struct Ending {
    package var outcome: PickerState.Outcome
    package var store: LineStore
    package var query: [UInt8]
    /// Lines `print(…)` queued, printed before the accepted lines.
    package var printed: [String] = []
  }

  /// Spinner period while input or a search is running.
  static let tickInterval: Int32 = 100
  /// How long the last output may wait for the terminal on the way out.
  static let finalDrain: Int32 = 1000
  /// The pause before a preview starts (nanoseconds).
  static let previewDelay = 30_000_000
  /// How long the terminal gets to answer a cursor position query before the first picture, and
  /// before the terminal is given back (milliseconds): a terminal that never answers costs this, as
  /// fzf's 500 ms; one over a slow link or a loaded tmux answers within it.
  static let answerWait = 500
  /// How long a terminal that has answered before gets to say where the cursor is after a resize
  /// (milliseconds): a busy one (tmux on a loaded machine) can take longer than `answerWait`, and
  /// without its answer rows pulled back from the scrollback stay on the screen.
  static let resizeAnswerWait = 1500

  let tty: TTY
  let signals: SignalPipe
  let worker: SearchWorker
  private let reader: (any PolledLineStream)?
  var state: PickerState
  var painter: ScreenPainter
  private var renderer: Renderer
  /// The match positions drawn, kept from frame to frame while the query stays.
  private var positions = PositionCache()
  private var decoder = KeyDecoder()
  var lastFrame: Frame?
  let previews: PreviewRunner
  /// `bg-transform…(…)` commands running, and what each was run as (for its `{+f}` files).
  lazy var backgroundJobs = BackgroundJobs(shell: state.settings.commands.shell, files: temporaryFiles)
  /// The last `reload`: its output is the input from then on.
  var reload: ReloadJob<any PolledLineStream>?
  /// The preview command running (its `{+f}` files are removed when it ends).
  var previewCommand: [UInt8]?
  /// Keys read while the picker waited for the terminal's answer, handled by the loop.
  private var earlyKeys: [Key] = []
  /// What ends a line (for reloaded input).
  let terminator: UInt8
  /// Files made for `{+f}` placeholders, removed on the way out.
  let temporaryFiles = TemporaryFiles()
  /// A preview run: what to run, for which pane size, and for which line.
  typealias PreviewRun = (
    generation: Int, command: [UInt8], rows: Int, columns: Int, environment: [String: String], line: Int?
  )
  /// When preview runs start: runs asked for while the cursor keeps moving wait for a pause.
  var previewSchedule = PreviewSchedule<PreviewRun>(delay: PickerSession.previewDelay)
  /// When the last key came (for `FZF_IDLE_TIME`).
  private var lastKey = PickerSession.now()
  /// When a lone ESC began to wait for the rest of a sequence (60 ms at most).
  private var escape = EscapeClock(delay: 60_000_000)
  /// When the spinner last moved (every `tickInterval` while busy, even if the loop never waits).
  private var lastTick = PickerSession.now()
  /// `--listen`'s socket, when asked for.
  private let listener: RemoteListener?
  /// Makes the preview in the process instead of running the command: given the index of the line
  /// under the cursor (the embedded picker's `preview`).
  package var previewText: ((Int) -> [UInt8])?

  /// Opens the terminal; `reader` streams the candidates (nil when they were read already into `store`).
  package init(
    settings: PickerSettings, reader: (any PolledLineStream)?, store: LineStore?, unicode: Bool,
    terminator: UInt8 = 10
  ) throws(TerminalError) {
    self.terminator = terminator
    previews = PreviewRunner(shell: settings.commands.shell)
    // A picker lives long and replaces large results often: freed blocks of a megabyte or more go back
    // to the system instead of staying in the heap (glibc's default raises this threshold as large
    // blocks are freed, so the heap would keep the largest result ever made).
    Syscall.returnFreedBlocks(atLeast: 128 << 10)
    tty = try TTY()
    signals = try SignalPipe()
    worker = try SearchWorker()
    self.reader = reader
    let environment = Environment.current
    listener = try settings.commands.listen.map { (address) throws(TerminalError) in
      // An empty variable is no key: the other one (set and not empty) is the key then.
      let key = [environment["FZF_API_KEY"], environment["MSELECT_API_KEY"]].compactMap { $0 }.first {
        !$0.isEmpty
      }
      return try RemoteListener(address, apiKey: key)
    }
    // The key is the listener's alone: commands get FZF_PORT or FZF_SOCK, the key only if handed it.
    Environment.remove(["FZF_API_KEY", "MSELECT_API_KEY"])
    let size = tty.size
    var settings = settings
    settings.commands.fileDirectory = temporaryFiles.directory
    settings.commands.quoting = ShellCommand.quoting(ShellCommand.words(settings.commands.shell))
    state = PickerState(settings: settings, rows: size.rows, columns: size.columns)
    state.surroundings.listening = listener?.environment ?? [:]
    if let store {
      for block in store.blocks { state.handle(.input(block)) }
      state.handle(.inputEnded)
    } else if reader == nil {
      state.handle(.inputEnded)
    }
    renderer = Renderer(unicode: unicode)
    renderer.cell = tty.cellPixels
    let theme = Theme(colors: settings.look.colors, palette: settings.look.palette)
    painter = ScreenPainter(
      theme: theme, fullscreen: settings.window.height == .fullscreen, mouse: settings.behaviour.mouse)
    painter.inTmux = !(Environment.current["TMUX"] ?? "").isEmpty
    tty.resetOnCrash = painter.resetModes
    CrashGuard.install()
  }

  deinit {
    CrashGuard.uninstall()
  }

  /// What one turn of the loop hands the next: whether input is still read, when the picker times
  /// out (`--timeout`), and when each `every(…)` timer is due next (monotonic nanoseconds, by its
  /// interval).
  struct Turn {
    var inputOpen: Bool
    let deadline: Int?
    var timers: [Int: Int]
  }

  /// Runs until the person accepts or cancels. Errors (and fatal signals) restore the terminal first.
  /// Each turn: hand out the state's work, draw, wait for what comes or is due, serve it.
  package func run() throws(TerminalError) -> Ending {
    try tty.enterRawMode()
    begin()
    defer {
      worker.stop()
      backgroundJobs.stopAll()
      stepAside()
      stopReload()
      reader?.stopProducer()
      temporaryFiles.removeAll()
      Leftovers.cleanUp()
    }
    let now = PickerSession.now()
    var turn = Turn(
      inputOpen: reader != nil, deadline: state.settings.behaviour.timeout.map { now + $0 * 1_000_000 },
      timers: Dictionary(uniqueKeysWithValues: state.timerIntervals.map { ($0, now + $0 * 1_000_000) }))
    while true {
      if let request = state.nextSearch() { worker.submit(request) }
      try performWork(&turn)
      if let outcome = state.outcome {
        return Ending(
          outcome: outcome, store: state.store, query: state.queryBytes, printed: state.outbox.printed)
      }
      paint()
      let ready = try waitForEvents(turn)
      if let ending = serveDeadlines(&turn) { return ending }
      if let ending = try serve(ready, &turn) { return ending }
    }
  }

  /// Waits for the terminal, the input, searches, commands and signals, or for the nearest deadline.
  private func waitForEvents(_ turn: Turn) throws(TerminalError) -> EventSources.Ready {
    escape.note(pending: decoder.hasPendingEscape, now: PickerSession.now())
    // Input waits while a lone ESC does: the Esc key is on time however fast input streams.
    var sources = EventSources(
      terminal: tty.fd, terminalOutputPending: tty.hasPendingOutput, signals: signals.readEnd,
      searches: worker.descriptor,
      input: turn.inputOpen && escape.due == nil ? input?.descriptor : nil,
      preview: previews.descriptor
    )
    sources.remote = listener?.descriptors ?? []
    sources.background = backgroundJobs.descriptors
    // Keys read while an answer was awaited (after `execute`, say) are handled at once.
    var timeout: Int32 = !earlyKeys.isEmpty ? 0 : busy(turn) ? PickerSession.tickInterval : -1
    previews.reapRetired()
    for due in [
      previewSchedule.deadline, turn.deadline, listener?.nextDeadline, turn.timers.values.min(),
      previews.retiredDeadline, escape.due, turn.inputOpen ? input?.heldLinesDue : nil,
    ]
    .compactMap({ $0 }) {
      let wait = Int32(clamping: max(0, (due - PickerSession.now() + 999_999) / 1_000_000))
      timeout = timeout < 0 ? wait : min(timeout, wait)
    }
    do {
      return try sources.wait(timeoutMilliseconds: timeout)
    } catch {
      throw .failed(error)
    }
  }

  /// Input is read or a search runs: the spinner turns.
  private func busy(_ turn: Turn) -> Bool { turn.inputOpen || state.isSearching }

  /// What is due by the clock: lines held back, a preview waiting for a pause, `--timeout`, timers.
  private func serveDeadlines(_ turn: inout Turn) -> Ending? {
    if turn.inputOpen, let block = input?.takeHeldLines() { take(block) }
    if let due = previewSchedule.due(now: PickerSession.now()) { startPreview(due) }
    if let deadline = turn.deadline, PickerSession.now() >= deadline {
      return Ending(outcome: .timedOut, store: state.store, query: state.queryBytes)
    }
    // `every(…)` timers: each due one fires once, however late, and is due again an interval on.
    let now = PickerSession.now()
    for (interval, due) in turn.timers where now >= due {
      turn.timers[interval] = now + interval * 1_000_000
      state.handle(.every(interval, idleMilliseconds: (now - lastKey) / 1_000_000))
    }
    return nil
  }

  /// Serves what is ready: the preview's output, background commands, the listener, signals,
  /// search results, input, and the terminal's keys.
  private func serve(_ ready: EventSources.Ready, _ turn: inout Turn) throws(TerminalError) -> Ending? {
    if ready.preview { drainPreview() }
    for job in backgroundJobs.service(ready.background) {
      state.handle(.backgroundTransformed(id: job.id, output: job.output))
    }
    if let listener,
      !ready.remote.isEmpty || listener.nextDeadline.map({ PickerSession.now() >= $0 }) == true
    {
      listener.service(ready.remote) { state.answer($0, local: listener.isLocal) }
    }
    guard ready.any else {
      handleEarlyKeys()
      if !flushDueEscape() { tick() }
      return nil
    }
    if busy(turn) && PickerSession.now() - lastTick >= Int(PickerSession.tickInterval) * 1_000_000 { tick() }
    if ready.signals { try handleSignals() }
    if ready.searches {
      for result in worker.takeResults() { state.handle(.searched(result)) }
    }
    if ready.input { readInput(&turn) }
    handleEarlyKeys()
    if ready.terminalWritable { tty.flush() }
    if ready.terminal, let bytes = try tty.read() {
      // The terminal went away (hangup): nothing can be chosen any more.
      if bytes.isEmpty { return Ending(outcome: .cancelled, store: state.store, query: state.queryBytes) }
      for key in decoder.feed(bytes) where state.outcome == nil { handle(key) }
      escape.note(pending: decoder.hasPendingEscape, now: PickerSession.now())
    }
    _ = flushDueEscape()
    return nil
  }

  /// Where the lines come from: the last reload's output, else the input.
  private var input: (any PolledLineStream)? { reload?.output ?? reader }

  /// Reads what the input (or a reload's output) has; at its end, the input ends.
  private func readInput(_ turn: inout Turn) {
    guard let reader = input else { return }
    do {
      let (block, ended) = try reader.readOnce(streaming: true, interrupt: tty.fd)
      if let block { take(block) }
      if ended {
        turn.inputOpen = false
        reapReload()
        endInput()
        if reload == nil, let failure = reader.failure() { state.handle(.commandFailed(failure)) }
      }
    } catch {
      // An input error ends the input; the lines read so far stay selectable.
      turn.inputOpen = false
      endInput()
    }
  }

  /// Lines read: to the state, or held while a `reload-sync` gathers its whole output.
  private func take(_ block: LineBlock) {
    let handed = reload != nil ? reload!.take(block) : block
    if let handed { state.handle(.input(handed)) }
  }

  private func tick() {
    lastTick = PickerSession.now()
    state.handle(.tick)
  }

  /// Hands over a pending ESC as the Esc key (or its sequence) once its time is up; true if it did.
  private func flushDueEscape() -> Bool {
    guard escape.expire(pending: decoder.hasPendingEscape, now: PickerSession.now()) else { return false }
    for key in decoder.flushEscape() where state.outcome == nil { handle(key) }
    return true
  }

  /// Hands a key to the state; mouse reports go with what lies under them on the frame on screen.
  private func handle(_ key: Key) {
    lastKey = PickerSession.now()
    switch key {
    case .cursorReport(let row, let column):
      tty.write(painter.anchor(row: row, column: column))
    case .mouse(let event):
      var target: Frame.Target?
      if let frame = lastFrame, let top = painter.top(screenRows: state.rows) {
        target = frame.target(row: event.row - top, column: event.column)
      }
      state.handle(.mouse(event, target: target, time: PickerSession.now() / 1_000_000))
    default:
      state.handle(.key(key))
    }
  }

  /// Sets the terminal up and learns where the picture begins (below text on the cursor's line):
  /// the cursor position answer is waited for, a short while, before anything is drawn. Keys typed
  /// meanwhile are handled after it, in order.
  func begin() {
    paintAnew(after: painter.start())
    awaitAnswers(keepingKeys: true)
  }

  /// The screen is no longer the frame painted last (cleared, resized, given back and taken again):
  /// `sequence` goes out, and the next frame is painted whole.
  func paintAnew(after sequence: String) {
    tty.write(sequence)
    lastFrame = nil
  }

  /// Reads the terminal until every cursor position query is answered or `milliseconds` passed;
  /// answers go to the painter, other keys wait in `earlyKeys` (`keepingKeys`) or are dropped (on
  /// the way out: mouse reports still in flight must not reach the shell either).
  private func awaitAnswers(keepingKeys: Bool, milliseconds: Int = PickerSession.answerWait) {
    let deadline = PickerSession.now() + milliseconds * 1_000_000
    var keys: [Key] = []
    while painter.awaitsAnswer {
      let left = Int32(clamping: (deadline - PickerSession.now()) / 1_000_000)
      // A signal stops the wait (it stays in the pipe for the loop): SIGTERM must not wait for an
      // answer from a terminal that does not read.
      let sources = [(tty.fd, Int16(POLLIN)), (signals.readEnd, Int16(POLLIN))]
      guard left > 0, let ready = try? Syscall.poll(sources, timeoutMilliseconds: left),
        ready[0] != 0, ready[1] == 0
      else { break }
      guard let bytes = try? tty.read() else { continue }
      if bytes.isEmpty { break }
      for key in decoder.feed(bytes) {
        if case .cursorReport = key { handle(key) } else { keys.append(key) }
      }
    }
    if keepingKeys { earlyKeys += keys }
  }

  /// Handles the keys read while waiting for an answer, where the loop handles keys (after the input
  /// that arrived with them, as if read then).
  private func handleEarlyKeys() {
    let keys = earlyKeys
    earlyKeys = []
    for key in keys where state.outcome == nil { handle(key) }
  }

  /// Stops the preview, erases the picture and puts the terminal settings back (waiting a moment for
  /// a slow terminal to take the last output): the way out, and the way aside for ctrl-z and
  /// `execute`.
  func stepAside() {
    stopPreview()
    state.handle(.previewEnded(generation: previews.generation, status: 0))
    // Answers and mouse reports on their way must arrive while the picker still reads the terminal
    // (in raw mode, so they are not echoed), not after, where the shell would take them as typed.
    // The picture stays until then: keys typed while it shows are the picker's.
    if state.settings.behaviour.mouse && painter.answers {
      tty.write(ScreenPainter.mouseOff + painter.fence())
    }
    awaitAnswers(keepingKeys: false)
    tty.write(painter.finish(keepingPicture: state.settings.window.keepsPicture))
    tty.drain(milliseconds: PickerSession.finalDrain)
    tty.leaveRawMode()
  }

  /// `handleSignals()` for a wait that cannot throw: the failure, if any, to throw after it.
  func signalsHandled() -> TerminalError? {
    do throws(TerminalError) {
      try handleSignals()
      return nil
    } catch {
      return error
    }
  }

  /// Monotonic nanoseconds.
  static func now() -> Int { Syscall.monotonicNanoseconds() }

  private func paint() {
    // While the terminal has not taken the last picture, newer ones wait: the one drawn when it
    // catches up is the newest, and nothing piles up.
    guard !tty.hasPendingOutput else { return }
    let frame = renderer.render(state, cache: &positions)
    guard frame != lastFrame else { return }
    tty.write(painter.paint(frame))
    lastFrame = frame
  }

  func handleSignals() throws(TerminalError) {
    let received = signals.take()
    // A terminating signal goes first: resizes queued before it each wait for the terminal's answer,
    // and a terminal that stopped reading would hold it up for as long as it answers none.
    if let ending = received.first(where: { !SignalPipe.control.contains($0) }) { die(by: ending) }
    // Only the last of several resizes matters: the size is read when it is handled.
    let lastResize = received.lastIndex(of: SIGWINCH)
    for (index, signal) in received.enumerated() {
      switch signal {
      case SIGWINCH where index != lastResize: continue
      case SIGWINCH:
        let size = tty.size
        tty.write(painter.measure())  // where the picture is now (keys typed meanwhile wait)
        awaitAnswers(keepingKeys: true, milliseconds: PickerSession.resizeAnswerWait)
        paintAnew(after: painter.resized(columns: size.columns))
        // The size the painter was told: a later resize is in the signal pipe, and comes next.
        takeSize(size)
      case SIGTSTP: try suspend()
      case SIGCONT:
        try tty.enterRawMode()
        paintAnew(after: painter.invalidate(clear: false))
      default: die(by: signal)
      }
    }
  }

  /// The terminal's size (as it is now, unless given), to the state, and its cells' size in pixels
  /// to the renderer (how many rows a Sixel picture covers).
  func takeSize(_ given: (rows: Int, columns: Int)? = nil) {
    let size = given ?? tty.size
    renderer.cell = tty.cellPixels
    state.handle(.resize(rows: size.rows, columns: size.columns))
  }

  /// ctrl-z: put the terminal back, stop like any job, and take it again when continued.
  func suspend() throws(TerminalError) {
    // Nothing could continue a stop in the shell's own group (`vim $(mselect)`): ctrl-z does nothing.
    guard CurrentProcess.canBeStopped else { return }
    stepAside()
    // The whole job stops, as for ctrl-z in cooked mode; SIGSTOP, which cannot be caught or dropped
    // (as SIGTSTP is in an orphaned group). Execution resumes here after SIGCONT.
    kill(0, SIGSTOP)
    takeSize()
    try tty.enterRawMode()
    begin()
  }

  /// A terminating signal from outside: restore the terminal, then die by the same signal.
  func die(by signal: Int32) -> Never {
    worker.stop()
    previews.stop()
    listener?.close()
    Leftovers.cleanUp()  // commands running in the background and `{+f}` files go with the picker
    temporaryFiles.removeAll()
    tty.write(painter.finish())  // what the terminal takes now: a stalled one must not hold this up
    tty.restore()
    // fzf ends with its interrupt status on these; mselect dies by the signal (the shell sees 128+N).
    if state.settings.flavor == .fzf && [SIGTERM, SIGHUP, SIGINT].contains(signal) { _exit(130) }
    SignalPipe.reset(signal)
    raise(signal)
    _exit(128 + signal)
  }
}
