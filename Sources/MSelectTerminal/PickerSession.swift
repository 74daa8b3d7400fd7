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
  /// before the terminal is given back (milliseconds): a terminal that never answers costs this.
  static let answerWait = 150

  private let tty: TTY
  private let signals: SignalPipe
  private let worker: SearchWorker
  private let reader: InputReader?
  /// What a `reload-sync` command has printed so far (nil: no such reload runs).
  private var heldReload: [LineBlock]?
  var state: PickerState
  var painter: ScreenPainter
  private var renderer: Renderer
  /// The match positions drawn, kept from frame to frame while the query stays.
  private var positions = PositionCache()
  private var decoder = KeyDecoder()
  var lastFrame: Frame?
  let previews: PreviewRunner
  /// `bg-transform…(…)` commands running, and what each was run as (for its `{+f}` files).
  private lazy var backgroundJobs = BackgroundJobs(shell: state.settings.shell, files: temporaryFiles)
  /// The input of the last `reload`, and its process and command (reaped when its output ends).
  private var reloaded: InputReader?
  private var reloadProcess: pid_t?
  private var reloadCommand: [UInt8]?
  /// The preview command running (its `{+f}` files are removed when it ends).
  var previewCommand: [UInt8]?
  /// Keys read while the picker waited for the terminal's answer, handled by the loop.
  private var earlyKeys: [Key] = []
  /// What ends a line (for reloaded input).
  private let terminator: UInt8
  /// Files made for `{+f}` placeholders, removed on the way out.
  let temporaryFiles = TemporaryFiles()
  /// A preview run: what to run, for which pane size, and when to start it.
  typealias PreviewRun = (
    generation: Int, command: [UInt8], rows: Int, columns: Int, environment: [String: String], deadline: Int
  )
  /// A preview run asked for, waiting for a pause in the cursor's moves.
  var pendingPreview: PreviewRun?
  /// When the last key came (for `FZF_IDLE_TIME`).
  private var lastKey = PickerSession.now()
  /// When a lone ESC began to wait for the rest of a sequence (60 ms at most).
  private var escape = EscapeClock(delay: 60_000_000)
  /// When the spinner last moved (every `tickInterval` while busy, even if the loop never waits).
  private var lastTick = PickerSession.now()
  /// When the last preview run started.
  var lastPreviewStart: Int?
  /// `--listen`'s socket, when asked for.
  private let listener: RemoteListener?
  /// Makes the preview in the process instead of running the command: given the line index the
  /// preview command expanded to (the embedded picker's preview is the template `{n}`).
  package var previewText: ((Int) -> [UInt8])?

  /// Opens the terminal; `reader` streams the candidates (nil when they were read already into `store`).
  package init(
    settings: PickerSettings, reader: InputReader?, store: LineStore?, unicode: Bool, terminator: UInt8 = 10
  ) throws(TerminalError) {
    self.terminator = terminator
    previews = PreviewRunner(shell: settings.shell)
    // A picker lives long and replaces large results often: freed blocks of a megabyte or more go back
    // to the system instead of staying in the heap (glibc's default raises this threshold as large
    // blocks are freed, so the heap would keep the largest result ever made).
    Syscall.returnFreedBlocks(atLeast: 128 << 10)
    tty = try TTY()
    signals = try SignalPipe()
    worker = try SearchWorker()
    self.reader = reader
    let environment = Environment.current
    listener = try settings.listen.map { (address) throws(TerminalError) in
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
    settings.fileDirectory = temporaryFiles.directory
    settings.quoting = ShellCommand.quoting(ShellCommand.words(settings.shell))
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
    let theme = Theme(colors: settings.colors, palette: settings.palette)
    painter = ScreenPainter(theme: theme, fullscreen: settings.height == .fullscreen, mouse: settings.mouse)
    painter.inTmux = !(Environment.current["TMUX"] ?? "").isEmpty
    tty.resetOnCrash = painter.resetModes
    CrashGuard.install()
  }

  deinit {
    CrashGuard.uninstall()
  }

  /// Runs until the person accepts or cancels. Errors (and fatal signals) restore the terminal first.
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
    var inputOpen = reader != nil
    let deadline = state.settings.timeout.map { PickerSession.now() + $0 * 1_000_000 }
    // When each `every(…)` timer is due next (monotonic nanoseconds), by its interval.
    var timers: [Int: Int] = [:]
    for interval in state.timerIntervals { timers[interval] = PickerSession.now() + interval * 1_000_000 }
    while true {
      if let request = state.nextSearch() { worker.submit(request) }
      // A transform's output, handed back, may queue more work: taken until none is left.
      var work = takeWork()
      while !work.isEmpty {
        for (command, environment) in work {
          switch command {
          case .redraw:
            tty.write(painter.invalidate(clear: true))
            lastFrame = nil
          case .suspend: try suspend()
          case .preview(let generation, let command, let rows, let columns):
            // The first run after a quiet spell starts at once; while the cursor keeps moving,
            // runs wait for a short pause, so only the preview it stops at runs.
            let now = PickerSession.now()
            let quiet =
              pendingPreview == nil && lastPreviewStart.map { now - $0 >= PickerSession.previewDelay } ?? true
            dropPendingPreview()
            let run = (generation, command, rows, columns, environment, now + PickerSession.previewDelay)
            if quiet { startPreview(run) } else { pendingPreview = run }
          case .cancelPreview:
            dropPendingPreview()
            stopPreview()
          case .execute(let command, let silent):
            try execute(command, silent: silent, environment: environment)
          case .become(let command):
            become(command, environment: environment)
          case .reload(let command, let sync):
            reload(command, sync: sync, environment: environment)
            inputOpen = true
          case .transform(let command):
            state.handle(.transformed(try output(of: command, environment: environment)))
          case .backgroundTransform(let id, let command):
            do {
              try backgroundJobs.start(id, command: command, environment: environment)
            } catch {
              state.handle(.commandFailed(error.message))
              state.handle(.backgroundTransformed(id: id, output: []))
            }
          case .cancelBackground: backgroundJobs.stopAll()
          case .info(let generation, let command):
            // As fzf runs it: at once, the picture waiting for the line it shows.
            let bytes = try output(of: command, environment: environment)
            state.handle(.infoOutput(generation: generation, bytes: bytes))
          case .bell:
            tty.write("\u{07}")
          case .forget(let line):
            guard let store = state.settings.learnStore else { break }
            do {
              try LearnFile(store, environment: [:]).forget(line)
            } catch {
              state.handle(.commandFailed(error.message))
            }
          }
        }
        work = takeWork()
      }
      if let outcome = state.outcome {
        return Ending(
          outcome: outcome, store: state.store, query: state.queryBytes, printed: state.outbox.printed)
      }
      paint()

      escape.note(pending: decoder.hasPendingEscape, now: PickerSession.now())
      // Input waits while a lone ESC does: the Esc key is on time however fast input streams.
      var sources = EventSources(
        terminal: tty.fd, terminalOutputPending: tty.hasPendingOutput, signals: signals.readEnd,
        searches: worker.descriptor,
        input: inputOpen && escape.due == nil ? (reloaded ?? reader)?.descriptor : nil,
        preview: previews.descriptor
      )
      sources.remote = listener?.descriptors ?? []
      sources.background = backgroundJobs.descriptors
      let busy = inputOpen || state.isSearching
      // Keys read while an answer was awaited (after `execute`, say) are handled at once.
      var timeout: Int32 = !earlyKeys.isEmpty ? 0 : busy ? PickerSession.tickInterval : -1
      let timerDue = timers.values.min()
      previews.reapRetired()
      let retiredDue = previews.retiredDeadline
      for due in [
        pendingPreview?.deadline, deadline, listener?.nextDeadline, timerDue, retiredDue, escape.due,
        inputOpen ? (reloaded ?? reader)?.heldLinesDue : nil,
      ]
      .compactMap({ $0 }) {
        let wait = Int32(clamping: max(0, (due - PickerSession.now() + 999_999) / 1_000_000))
        timeout = timeout < 0 ? wait : min(timeout, wait)
      }
      let ready: EventSources.Ready
      do {
        ready = try sources.wait(timeoutMilliseconds: timeout)
      } catch {
        throw .failed(error)
      }
      if inputOpen, let block = (reloaded ?? reader)?.takeHeldLines() {
        if heldReload != nil { heldReload!.append(block) } else { state.handle(.input(block)) }
      }
      if let pending = pendingPreview, PickerSession.now() >= pending.deadline {
        pendingPreview = nil
        startPreview(pending)
      }
      if let deadline, PickerSession.now() >= deadline {
        return Ending(outcome: .timedOut, store: state.store, query: state.queryBytes)
      }
      // `every(…)` timers: each due one fires once, however late, and is due again an interval on.
      let now = PickerSession.now()
      for (interval, due) in timers where now >= due {
        timers[interval] = now + interval * 1_000_000
        state.handle(.every(interval, idleMilliseconds: (now - lastKey) / 1_000_000))
      }
      if ready.preview { drainPreview() }
      for job in backgroundJobs.service(ready.background) {
        state.handle(.backgroundTransformed(id: job.id, output: job.output))
      }
      if let listener,
        !ready.remote.isEmpty || listener.nextDeadline.map({ PickerSession.now() >= $0 }) == true
      {
        listener.service(ready.remote) { state.answer($0, local: listener.isLocal) }
      }
      if !ready.any {
        handleEarlyKeys()
        if !flushDueEscape() { tick() }
        continue
      }
      if busy && PickerSession.now() - lastTick >= Int(PickerSession.tickInterval) * 1_000_000 { tick() }
      if ready.signals { try handleSignals() }
      if ready.searches {
        for result in worker.takeResults() { state.handle(.searched(result)) }
      }
      if ready.input, let reader = reloaded ?? reader {
        do {
          let (block, ended) = try reader.readOnce(streaming: true, interrupt: tty.fd)
          if let block {
            if heldReload != nil { heldReload!.append(block) } else { state.handle(.input(block)) }
          }
          if ended {
            inputOpen = false
            reapReload()
            endInput()
            if reloaded == nil, let failure = reader.failure() { state.handle(.commandFailed(failure)) }
          }
        } catch {
          // An input error ends the input; the lines read so far stay selectable.
          inputOpen = false
          endInput()
        }
      }
      handleEarlyKeys()
      if ready.terminalWritable { tty.flush() }
      if ready.terminal, let bytes = try tty.read() {
        if bytes.isEmpty {
          // The terminal went away (hangup): nothing can be chosen any more.
          return Ending(outcome: .cancelled, store: state.store, query: state.queryBytes)
        }
        for key in decoder.feed(bytes) where state.outcome == nil { handle(key) }
        escape.note(pending: decoder.hasPendingEscape, now: PickerSession.now())
      }
      _ = flushDueEscape()
    }
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

  /// `execute`: the picker steps aside (terminal restored, picture erased), the command runs on the
  /// terminal, then raw mode and the picture come back; `silent`: it runs without leaving the picker.
  private func execute(_ command: [UInt8], silent: Bool, environment: [String: String]) throws(TerminalError)
  {
    defer { temporaryFiles.release(mentionedIn: command) }
    if silent {
      // A group of its own: a signal that ends mselect meanwhile ends the command too.
      let pid: pid_t
      do {
        pid = try ShellCommand.spawn(
          command, .none, shell: state.settings.shell, ownGroup: true, environment: environment)
      } catch {
        state.handle(.commandFailed(error.message))
        return
      }
      var failure: TerminalError?
      ShellCommand.wait(pid, interrupt: signals.readEnd) { failure = self.signalsHandled() ?? failure }
      // A signal's work that failed (the terminal could not be taken back): the picker ends on it.
      if let failure { throw failure }
      return
    }
    stepAside()
    do {
      let resized = try ForegroundJob.run(
        command, shell: state.settings.shell, environment: environment, tty: tty, signals: signals
      ) { signal in die(by: signal) }
      if resized { state.handle(.resize(rows: tty.size.rows, columns: tty.size.columns)) }
    } catch {
      state.handle(.commandFailed(error.message))
    }
    try tty.enterRawMode()
    begin()
    lastFrame = nil
  }

  /// Sets the terminal up and learns where the picture begins (below text on the cursor's line):
  /// the cursor position answer is waited for, a short while, before anything is drawn. Keys typed
  /// meanwhile are handled after it, in order.
  private func begin() {
    tty.write(painter.start())
    awaitAnswers(keepingKeys: true)
  }

  /// Reads the terminal until every cursor position query is answered or `answerWait` passed;
  /// answers go to the painter, other keys wait in `earlyKeys` (`keepingKeys`) or are dropped (on
  /// the way out: mouse reports still in flight must not reach the shell either).
  private func awaitAnswers(keepingKeys: Bool) {
    let deadline = PickerSession.now() + PickerSession.answerWait * 1_000_000
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
  private func stepAside() {
    stopPreview()
    state.handle(.previewEnded(generation: previews.generation, status: 0))
    // Answers and mouse reports on their way must arrive while the picker still reads the terminal
    // (in raw mode, so they are not echoed), not after, where the shell would take them as typed.
    // The picture stays until then: keys typed while it shows are the picker's.
    if state.settings.mouse && painter.answers { tty.write(ScreenPainter.mouseOff + painter.fence()) }
    awaitAnswers(keepingKeys: false)
    tty.write(painter.finish(keepingPicture: state.settings.keepsPicture))
    tty.drain(milliseconds: PickerSession.finalDrain)
    tty.leaveRawMode()
  }

  /// `become`: the terminal is put back exactly, and the command takes mselect's place.
  private func become(_ command: [UInt8], environment: [String: String]) {
    worker.stop()
    stepAside()
    stopReload()
    // The files the command names are its to read (as with fzf, they stay: nothing is left to
    // remove them once it has taken mselect's place); the others go, and so does what still runs.
    temporaryFiles.removeAll(except: command)
    Leftovers.cleanUp()
    for (name, value) in environment { setenv(name, value, 1) }
    ShellCommand.exec(command, shell: state.settings.shell)
    // Only if the shell could not be started: say so and end as an error.
    let program = String(decoding: ShellCommand.words(state.settings.shell)[0], as: UTF8.self)
    StandardStreams.writeStandardError("mselect: cannot run \(ControlEscapes.escaped(program))\n")
    _exit(2)
  }

  /// `reload`: the state drops its lines; the command's output streams in as the new input.
  private func reload(_ command: [UInt8], sync: Bool, environment: [String: String]) {
    stopReload()
    do {
      // A group of its own: the whole pipeline is stopped by the next reload or the way out.
      let (output, pid) = try ShellCommand.spawnReading(
        command, shell: state.settings.shell, ownGroup: true, environment: environment)
      // `reload-sync`: the old lines stay until the new ones are all there.
      if sync { heldReload = [] } else { state.handle(.inputReplacing) }
      reloadProcess = pid
      reloadCommand = command
      reloaded = InputReader(descriptor: output, name: "reload", terminator: terminator)
    } catch {
      temporaryFiles.release(mentionedIn: command)
      state.handle(.commandFailed(error.message))
    }
  }

  /// Collects the reload command once its output ended (or it was stopped).
  private func reapReload() {
    guard let pid = reloadProcess else { return }
    reloadProcess = nil
    // Its output ended, so it is exiting; one that lingers is stopped rather than waited for.
    ShellCommand.reap(pid, graceMilliseconds: 20, group: true)
    if let command = reloadCommand { temporaryFiles.release(mentionedIn: command) }
    reloadCommand = nil
  }

  /// The input has ended: a `reload-sync`'s lines replace the old ones now, all at once.
  private func endInput() {
    if let held = heldReload {
      heldReload = nil
      state.handle(.inputReset)
      for block in held { state.handle(.input(block)) }
    }
    state.handle(.inputEnded)
  }

  /// Stops a reload command still running, its whole group, and drops its input.
  private func stopReload() {
    heldReload = nil
    if let pid = reloadProcess { kill(-pid, SIGKILL) }
    reapReload()
    reloaded = nil
  }

  /// Runs `command` to its end and returns its output (empty, and the reason on the info line, when it
  /// cannot run); the `{+f}` files it named go.
  private func output(of command: [UInt8], environment: [String: String]) throws(TerminalError) -> [UInt8] {
    var output: [UInt8] = []
    var failure: TerminalError?
    do {
      output = try ShellCommand.output(
        of: command, shell: state.settings.shell, environment: environment, interrupt: signals.readEnd
      ) { failure = self.signalsHandled() ?? failure }
    } catch {
      state.handle(.commandFailed(error.message))
    }
    temporaryFiles.release(mentionedIn: command)
    if let failure { throw failure }
    return output
  }

  /// `handleSignals()` for a wait that cannot throw: the failure, if any, to throw after it.
  private func signalsHandled() -> TerminalError? {
    do throws(TerminalError) {
      try handleSignals()
      return nil
    } catch {
      return error
    }
  }

  /// The state's pending commands, once the files they read are written.
  private func takeWork() -> [(command: PickerState.Command, environment: [String: String])] {
    for file in state.takeFiles() where !temporaryFiles.write(file) {
      state.handle(.commandFailed("{+f}: cannot write its file in TMPDIR"))
    }
    return state.takeWork()
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

  private func handleSignals() throws(TerminalError) {
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
        awaitAnswers(keepingKeys: true)
        tty.write(painter.resized(columns: size.columns))
        renderer.cell = tty.cellPixels
        lastFrame = nil
        state.handle(.resize(rows: size.rows, columns: size.columns))
      case SIGTSTP: try suspend()
      case SIGCONT:
        try tty.enterRawMode()
        tty.write(painter.invalidate(clear: false))
        lastFrame = nil
      default: die(by: signal)
      }
    }
  }

  /// ctrl-z: put the terminal back, stop like any job, and take it again when continued.
  private func suspend() throws(TerminalError) {
    // Nothing could continue a stop in the shell's own group (`vim $(mselect)`): ctrl-z does nothing.
    guard CurrentProcess.canBeStopped else { return }
    stepAside()
    // The whole job stops, as for ctrl-z in cooked mode; SIGSTOP, which cannot be caught or dropped
    // (as SIGTSTP is in an orphaned group). Execution resumes here after SIGCONT.
    kill(0, SIGSTOP)
    let size = tty.size
    state.handle(.resize(rows: size.rows, columns: size.columns))
    try tty.enterRawMode()
    begin()
    lastFrame = nil
  }

  /// A terminating signal from outside: restore the terminal, then die by the same signal.
  private func die(by signal: Int32) -> Never {
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
