import Glibc
import MSelectCore

/// The commands the state hands the driver: drawing, the preview, commands run on the terminal or
/// for their output, reloads, and what is kept on disk.
extension PickerSession {
  /// Performs the state's pending commands; a transform's output, handed back, may queue more work,
  /// taken until none is left.
  func performWork(_ turn: inout Turn) throws(TerminalError) {
    var work = takeWork()
    while !work.isEmpty {
      for (command, environment) in work { try perform(command, environment: environment, &turn) }
      work = takeWork()
    }
  }

  /// One command, by its family.
  private func perform(
    _ command: PickerState.Command, environment: [String: String], _ turn: inout Turn
  ) throws(TerminalError) {
    switch command {
    case .redraw:
      paintAnew(after: painter.invalidate(clear: true))
    case .suspend: try suspend()
    case .bell: tty.write("\u{07}")
    case .preview(let generation, let command, let rows, let columns, let line):
      schedulePreview((generation, command, rows, columns, environment, line))
    case .cancelPreview:
      dropPendingPreview()
      stopPreview()
    case .execute(let command, let silent): try execute(command, silent: silent, environment: environment)
    case .become(let command): become(command, environment: environment)
    case .reload(let command, let sync):
      reload(command, sync: sync, environment: environment)
      turn.inputOpen = true
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
    case .forget(let line): forget(line)
    }
  }

  /// `forget`: the line goes from the file of what `--learn` learned.
  private func forget(_ line: [UInt8]) {
    guard let store = state.settings.commands.learnStore else { return }
    do {
      try LearnFile(store, environment: [:]).forget(line)
    } catch {
      state.handle(.commandFailed(error.message))
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
          command, .none, shell: state.settings.commands.shell, ownGroup: true, environment: environment)
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
        command, shell: state.settings.commands.shell, environment: environment, tty: tty, signals: signals
      ) { signal in die(by: signal) }
      if resized { takeSize() }
    } catch {
      state.handle(.commandFailed(error.message))
    }
    try tty.enterRawMode()
    begin()
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
    ShellCommand.exec(command, shell: state.settings.commands.shell)
    // Only if the shell could not be started: say so and end as an error.
    let program = String(decoding: ShellCommand.words(state.settings.commands.shell)[0], as: UTF8.self)
    StandardStreams.writeStandardError("mselect: cannot run \(ControlEscapes.escaped(program))\n")
    _exit(2)
  }

  /// `reload`: the state drops its lines; the command's output streams in as the new input.
  private func reload(_ command: [UInt8], sync: Bool, environment: [String: String]) {
    stopReload()
    do {
      // A group of its own: the whole pipeline is stopped by the next reload or the way out.
      let (output, pid) = try ShellCommand.spawnReading(
        command, shell: state.settings.commands.shell, ownGroup: true, environment: environment)
      // `reload-sync`: the old lines stay until the new ones are all there.
      if !sync { state.handle(.inputReplacing) }
      let reader = InputReader(descriptor: output, name: "reload", terminator: terminator)
      reader.hugePages = false
      reload = ReloadJob(output: reader, process: pid, command: command, sync: sync)
    } catch {
      temporaryFiles.release(mentionedIn: command)
      state.handle(.commandFailed(error.message))
    }
  }

  /// Collects the reload command once its output ended (or it was stopped).
  func reapReload() {
    guard let pid = reload?.takeProcess() else { return }
    // Its output ended, so it is exiting; one that lingers is stopped rather than waited for.
    ShellCommand.reap(pid, graceMilliseconds: 20, group: true)
    if let command = reload?.command { temporaryFiles.release(mentionedIn: command) }
  }

  /// The input has ended: a `reload-sync`'s lines replace the old ones now, all at once.
  func endInput() {
    if let held = reload?.finish() {
      state.handle(.inputReset)
      for block in held { state.handle(.input(block)) }
    }
    state.handle(.inputEnded)
  }

  /// Stops a reload command still running, its whole group, and drops its input.
  func stopReload() {
    if let pid = reload?.process { kill(-pid, SIGKILL) }
    reapReload()
    reload = nil
  }

  /// Runs `command` to its end and returns its output (empty, and the reason on the info line, when it
  /// cannot run); the `{+f}` files it named go.
  private func output(of command: [UInt8], environment: [String: String]) throws(TerminalError) -> [UInt8] {
    var output: [UInt8] = []
    var failure: TerminalError?
    do {
      output = try ShellCommand.output(
        of: command, shell: state.settings.commands.shell, environment: environment,
        interrupt: signals.readEnd
      ) { failure = self.signalsHandled() ?? failure }
    } catch {
      state.handle(.commandFailed(error.message))
    }
    temporaryFiles.release(mentionedIn: command)
    if let failure { throw failure }
    return output
  }

  /// The state's pending commands, once the files they read are written.
  private func takeWork() -> [(command: PickerState.Command, environment: [String: String])] {
    for file in state.takeFiles() where !temporaryFiles.write(file) {
      state.handle(.commandFailed("{+f}: cannot write its file in TMPDIR"))
    }
    return state.takeWork()
  }
}
