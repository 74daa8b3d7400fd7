import MSelectCommandLine
import MSelectCore
import MSelectTerminal

/// The whole run: options → input → filter, batch or picker → output → exit code.
enum App {
  static let version = Version.current

  static func run() -> ExitCode {
    CurrentProcess.ignoreBrokenPipe()
    // Out of memory there is nothing sensible left to do but to say so.
    Platform.onOutOfMemory { size in
      warn("out of memory (\(size) bytes wanted)")
      CurrentProcess.exit(ExitCode.error.rawValue)
    }
    CurrentProcess.fillClosedStandardDescriptors()
    let (program, arguments) = CurrentProcess.arguments
    let profile = Profile.of(programName: program, arguments: arguments)
    let options: Options
    do throws(OptionError) {
      options = try OptionParser.parse(arguments, defaults: try defaultOptions(profile), profile: profile)
    } catch {
      return fail(error.commandLineMessage)
    }
    if let answered = answerWithoutInput(options, profile: profile) { return answered }
    if case .interactive = options.mode, let popup = options.popup, TmuxPopup.available {
      if let status = inPopup(popup, options: options, profile: profile, arguments: arguments) {
        return ExitCode(rawValue: status) ?? (status == 0 ? .success : .error)
      }
    }
    // Picker settings (--bind, --expect) are made in every mode, so a typo never passes silently.
    // The locale and the color settings matter only to a picker on the terminal: `--filter` and
    // `--batch` do not read the environment (a dictionary of it costs ~0.1 ms a run).
    let interactive = if case .interactive = options.mode { true } else { false }
    let environment = interactive ? Environment.current : [:]
    let unicode = interactive && (options.unicode ?? TerminalTraits.isUnicodeLocale(environment))
    // Before the settings: the marks' widths are measured with it.
    if interactive && TerminalTraits.ambiguousIsWide(options.ambidouble, environment: environment) {
      DisplayWidth.ambiguousColumns.store(2, ordering: .relaxed)
    }
    let picker: PickerSettings
    do throws(OptionError) {
      picker = try options.pickerSettings(
        unicode: unicode, colors: TerminalTraits.useColors(options.color, environment: environment))
    } catch {
      return fail(error.commandLineMessage)
    }
    do throws(InputError) {
      return try select(options, picker, profile: profile, unicode: unicode)
    } catch {
      return fail(error.message)
    }
  }

  /// What needs no input: the help, the version, the shell scripts, the manual, and options that
  /// contradict each other; nil for a run that selects.
  private static func answerWithoutInput(_ options: Options, profile: Profile) -> ExitCode? {
    switch options.request {
    case .help: return emit(Array(helpText.utf8))
    case .version: return emit(Array(profile.versionLine(version).utf8))
    case .shellScript(let script):
      let text =
        script.completionOnly
        ? ShellScripts.completion(script.shell, profile: profile)
        : ShellScripts.integration(script.shell, profile: profile)
      return emit(Array(text.utf8))
    case .manual(let form): return showManual(form)
    case nil: break
    }
    if let min = options.min, let max = options.max, min > max {
      return fail("--min \(min) is greater than --max \(max)")
    }
    return nil
  }

  /// The input, the marks it opens with, what is saved and learned; then the mode: filter, batch or
  /// the picker.
  private static func select(
    _ options: Options, _ settings: PickerSettings, profile: Profile, unicode: Bool
  ) throws(InputError) -> ExitCode {
    var run = try Run(options, settings, profile: profile)
    // A run that prints must not fail afterwards: a file that cannot be saved is an error now.
    if let problem = run.saving.problem { return fail("cannot save: \(problem)") }
    try learn(options, profile: profile, unicode: unicode, into: &run)
    switch options.mode {
    case .filter(let query): return filter(query, run.scripted.search, run.output, input: run.reader)
    case .batch: return try batch(options, run)
    case .interactive: return try interactive(options, run, unicode: unicode)
    }
  }

  /// What a run that selects works with, whatever its mode.
  struct Run {
    let reader: InputReader
    let terminator: UInt8
    /// The lines of `--preselect-file` and `--remember`'s file.
    let fileLines: [[UInt8]]
    var picker: PickerSettings
    var scripted: Scripted.Settings
    let output: OutputFormatter
    var saving: Saving

    init(_ options: Options, _ settings: PickerSettings, profile: Profile) throws(InputError) {
      picker = settings
      terminator = options.read0 ? 0 : 10
      reader = try openInput(options, picker, profile: profile, terminator: terminator)
      var fileLines: [[UInt8]] = []
      for path in options.preselectFiles {
        fileLines += try InputReader.lines(ofFile: path, terminator: terminator)
      }
      // `--remember`: the lines saved last time open marked (a missing file: nothing yet).
      if let path = options.remember { fileLines += try SavedFile.lines(path, terminator: terminator) }
      self.fileLines = fileLines
      if let path = options.history {
        picker.behaviour.history = Array(
          try SavedFile.lines(path, terminator: 10).suffix(options.historySize))
      }
      saving = Saving(options: options, terminator: terminator)
      picker.preselection = options.pickerPreselection(fileLines: fileLines)
      output = OutputFormatter(options.outputSettings)
      scripted = options.scriptedSettings
    }
  }

  /// `--learn`: what was learned ranks the lines, in the picker and the scripted modes alike, and
  /// the pick is recorded.
  private static func learn(
    _ options: Options, profile: Profile, unicode: Bool, into run: inout Run
  ) throws(InputError) {
    guard let learn = learnFile(options, profile: profile) else { return }
    // mselect's own picker marks learned lines unless told otherwise; fzf's does not.
    let marker = options.learnMarker ?? (run.picker.flavor == .mselect ? (unicode ? "• " : "* ") : "")
    run.picker.look.learnMarker = marker.isEmpty ? nil : marker
    let learned = try learn.load(now: CurrentProcess.secondsSinceEpoch)
    run.picker.search.rank.learned = learned
    run.scripted.search.rank.learned = learned
    run.picker.commands.learnStore = learn.path
    run.saving.learn = learn
  }

  /// `--batch`: what Enter would print at once, the preselection applied.
  private static func batch(_ options: Options, _ run: Run) throws(InputError) -> ExitCode {
    let store = try run.reader.readAll()
    let outcome = Preselection.apply(
      options.preselectionSettings(fileLines: run.fileLines), limit: run.picker.selection.max, store: store,
      search: run.scripted.search)
    if let warning = outcome.warning { warn(warning) }
    let decision = Scripted.batch(run.scripted, store, outcome.selection)
    let code = finish(decision, run.output, store, query: options.query, input: run.reader)
    if code == .success, case .print(let lines) = decision {
      run.saving.save(lines.map { store.lineBytes($0) }, query: nil, pickedWith: options.query)
    }
    return code
  }

  /// The picker, unless `--select-1` or `--exit-0` decide without it.
  private static func interactive(_ options: Options, _ run: Run, unicode: Bool) throws(InputError)
    -> ExitCode
  {
    var preloaded: LineStore?
    // `--sync` too: a picker later in a pipeline waits for the one before it to be done with the
    // terminal (`fzf -m | … | fzf --sync`).
    if options.select1 || options.exit0 || options.picker.behaviour.sync {
      let store = try run.reader.readAll()
      let decision = Scripted.early(run.scripted, store)
      if decision != .interactive {
        return finish(decision, run.output, store, query: options.query, input: run.reader)
      }
      preloaded = store
    } else if let mapping = run.reader.mapWhole() {
      // A regular file is mapped, as --filter maps it: its lines stay in the page cache, where
      // reading would copy them into fresh memory (on a VM 200 MB of it cost 0.3-0.5 s more).
      preloaded = MappedLines.store(mapping.bytes, terminator: run.terminator, owner: mapping)
    }
    return pick(
      run.picker, run.output, input: run.reader, streaming: preloaded == nil, store: preloaded,
      unicode: unicode,
      terminator: run.terminator, saving: run.saving)
  }

  /// The lines to choose from: the file, the words given, standard input; with nothing piped in,
  /// the files below as fzf lists them (or `MSELECT_DEFAULT_COMMAND`'s lines), or nothing when
  /// `start` reloads anyway (fzf's launchers: `start:reload:…`).
  private static func openInput(
    _ options: Options, _ picker: PickerSettings, profile: Profile, terminator: UInt8
  ) throws(InputError) -> InputReader {
    if options.walk { return try walk(options.walker) }
    do throws(InputError) {
      return options.choices.isEmpty
        ? try InputReader(path: options.file, terminator: terminator)
        : try InputReader(lines: options.choices, terminator: terminator)
    } catch .stdinIsTerminal {
      let reloadsAtStart = picker.behaviour.bindings.events[.start]?.contains {
        if case .reload = $0 { true } else { false }
      }
      if reloadsAtStart == true { return try InputReader(path: "/dev/null", terminator: terminator) }
      let custom = CurrentProcess.variable(profile.defaultCommandVariable) ?? []
      if !custom.isEmpty {
        return try InputReader(command: custom, shell: picker.commands.shell, terminator: terminator)
      }
      return try walk(options.walker)
    }
  }

  /// What the built-in walker lists. Its names end with a NUL whatever `--read0` says (a name may
  /// hold a newline); they are printed as any line is.
  private static func walk(_ walker: Walker) throws(InputError) -> InputReader {
    try InputReader(
      command: Array(walker.command.utf8), shell: [Array("/bin/sh".utf8), Array("-c".utf8)],
      terminator: InputReader.walkerTerminator, named: false)
  }

  /// The words of the profile's default options: the file `…_DEFAULT_OPTS_FILE` names, then
  /// `…_DEFAULT_OPTS` (fzf's order: the variable can override the file).
  static func defaultOptions(_ profile: Profile) throws(OptionError) -> [[UInt8]] {
    var words: [[UInt8]] = []
    if let path = CurrentProcess.variable(profile.defaultOptionsFileVariable).map({
      String(decoding: $0, as: UTF8.self)
    }),
      !path.isEmpty
    {
      let lines: [[UInt8]]
      do throws(InputError) {
        lines = try InputReader.lines(ofFile: path, terminator: 10)
      } catch {
        throw .unreadable(variable: profile.defaultOptionsFileVariable, reason: error.message)
      }
      do throws(OptionError) {
        words += try ShellWords.split(Array(lines.joined(separator: [10])))
      } catch {
        throw .inDefaults(error, variable: profile.defaultOptionsFileVariable)
      }
    }
    if let text = CurrentProcess.variable(profile.defaultOptionsVariable) {
      do throws(OptionError) {
        words += try ShellWords.split(text)
      } catch {
        throw .inDefaults(error, variable: profile.defaultOptionsVariable)
      }
    }
    return words
  }

  /// Runs the picker and prints what was accepted. `streaming`: the picker reads `input` itself;
  /// else the lines are in `store` already.
  static func pick(
    _ settings: PickerSettings, _ output: OutputFormatter, input: InputReader, streaming: Bool,
    store: LineStore?, unicode: Bool, terminator: UInt8, saving: Saving
  ) -> ExitCode {
    let ending: PickerSession.Ending
    // A person's runs are seconds apart: small pages load a large pipe faster then.
    input.hugePages = false
    do throws(TerminalError) {
      // The session goes at the end of this block: its listener removes its socket then.
      ending = try PickerSession(
        settings: settings, reader: streaming ? input : nil, store: store, unicode: unicode,
        terminator: terminator
      ).run()
    } catch {
      return fail(error.message)
    }
    let code = finish(ending, output, input: input, saving: saving)
    // Every line read (gigabytes, maybe) goes with the process: freeing it first would keep the shell
    // waiting after the terminal was given back.
    withExtendedLifetime(ending) { CurrentProcess.exit(code.rawValue) }
  }

  /// Prints what the picker's `ending` says to print; the exit code.
  private static func finish(
    _ ending: PickerSession.Ending, _ output: OutputFormatter, input: InputReader, saving: Saving
  ) -> ExitCode {
    switch ending.outcome {
    case .cancelled:
      return .cancelled
    case .timedOut:
      warn("timed out")
      return .timedOut
    case .accepted(let lines, let key):
      // `print(…)` lines come first, each ended like an output line.
      for text in ending.printed {
        let written = emit(Array(text.utf8) + [output.lineEnd])
        if written != .success { return written }
      }
      if lines.isEmpty {
        if output.printsHead {
          _ = emit(output.format([], store: ending.store, query: ending.query, key: key))
        }
        // Accepting an empty set is a choice too: it is what `--remember` keeps.
        saving.save([], query: ending.query)
        // `print-query` and `print(…)` printed something: that is a result (fzf exits 0 for them).
        return ending.printed.isEmpty ? .nothing : .success
      }
      if input.changedWhileMapped() { return fail(InputError.changed(input.name).message) }
      do {
        try output.write(LineList(lines), store: ending.store, query: ending.query, key: key) {
          (bytes) throws(SystemError) in
          try StandardStreams.writeStandardOutput(bytes)
        }
      } catch {
        return writeFailed(error)
      }
      if input.changedWhileMapped() { return fail(InputError.changed(input.name).message) }
      saving.save(lines.map { ending.store.lineBytes($0) }, query: ending.query, pickedWith: ending.query)
      return .success
    }
  }

  /// `--filter`: the matches printed, best first. With `--no-sort` a stream's matches are printed
  /// as they are found (`--print-query`'s line first), as fzf prints
  /// them, so an endless producer gets its matches at once.
  static func filter(
    _ query: [UInt8], _ settings: SearchSettings, _ output: OutputFormatter, input: InputReader
  ) -> ExitCode {
    // The query line (and `--expect`'s key line) goes out before the first match, as when the result
    // is printed at the end; with no match, the query line alone.
    var code = ExitCode.success
    var found = false
    let asFound: Filter.Receiver = { matches, store in
      if !found && output.printsHead {
        code = emit(output.format([], store: store, query: query))
      }
      found = true
      guard code == .success else { return false }
      do throws(SystemError) {
        try output.linesOnly.write(matches, store: store, query: query) { (bytes) throws(SystemError) in
          try StandardStreams.writeStandardOutput(bytes)
        }
      } catch {
        code = writeFailed(error)
      }
      return code == .success
    }
    let outcome: Filter.Outcome?
    do throws(InputError) {
      outcome = try Filter.run(query, from: input, settings: settings, asFound: asFound)
    } catch {
      return fail(error.message)
    }
    guard let outcome else {
      // The matches went out as they were found.
      if code == .success && !found && output.printsQuery {
        code = emit(output.format([], store: LineStore(), query: query))
      }
      return code != .success ? code : found ? .success : .nothing
    }
    let decision: Scripted.Decision = outcome.lines.isEmpty ? .nothing(nil) : .print(outcome.lines)
    return finish(decision, output, outcome.source, query: query, input: input)
  }

  /// Prints a scripted decision and turns it into the exit code. A mapped input file that shrank
  /// meanwhile is an error (exit 2), with nothing printed when that is known before output begins.
  static func finish(
    _ decision: Scripted.Decision, _ output: OutputFormatter, _ store: some LineSource, query: [UInt8],
    input: InputReader
  )
    -> ExitCode
  {
    if input.changedWhileMapped() { return fail(InputError.changed(input.name).message) }
    switch decision {
    case .print(let lines):
      do {
        try output.write(lines, store: store, query: query) { (bytes) throws(SystemError) in
          try StandardStreams.writeStandardOutput(bytes)
        }
      } catch {
        return writeFailed(error)
      }
      return input.changedWhileMapped() ? fail(InputError.changed(input.name).message) : .success
    case .nothing(let message):
      if let message { warn(message) }
      if output.printsQuery {
        _ = emit(output.format([], store: store, query: query))
      }
      return .nothing
    case .interactive:
      return .error
    }
  }

  /// `--man`: the manual through `man -l`, paged on a terminal and formatted as text into a pipe, as
  /// `fzf --man` does (the roff text when there is no `man`); `--man-roff`: the roff.
  static func showManual(_ form: Options.ManualForm) -> ExitCode {
    let roff = ManPage.roff(version: version)
    guard form == .shown, CurrentProcess.showManual(roff) else {
      return emit(Array(roff.utf8))
    }
    return .success
  }

  /// Writes to stdout.
  static func emit(_ output: [UInt8]) -> ExitCode {
    do {
      try StandardStreams.writeStandardOutput(output)
      return .success
    } catch {
      return writeFailed(error)
    }
  }

  /// A closed pipe ends quietly; other write errors are reported.
  static func writeFailed(_ error: SystemError) -> ExitCode {
    if error.isBrokenPipe { return .brokenPipe }
    return fail("cannot write output: \(error.reason)")
  }

  /// Prints `mselect: message` on stderr, its control characters escaped (a bad value it quotes may
  /// hold any bytes).
  static func warn(_ message: String) {
    StandardStreams.writeStandardError("mselect: \(ControlEscapes.escaped(message))\n")
  }

  static func fail(_ message: String) -> ExitCode {
    warn(message)
    return .error
  }
}

/// What an accepted run leaves for the next one: `--remember`'s marked lines and `--history`'s queries.
struct Saving {
  let remember: String?
  let history: String?
  let historySize: Int
  let terminator: UInt8
  /// `--learn`'s store, which records every pick.
  var learn: LearnFile?

  init(options: Options, terminator: UInt8) {
    remember = options.remember
    history = options.history
    historySize = options.historySize
    self.terminator = terminator
  }

  /// Why a file could not be saved, found before anything is shown or printed (nil: both can be).
  var problem: String? {
    [remember, history].compactMap { $0 }.lazy.compactMap { SavedFile.problem(saving: $0) }.first
  }

  /// Writes the accepted lines and appends the query (nil: no picker, so no query); `--learn`
  /// records the lines as picked with `pickedWith`. Called after the lines were printed, so a
  /// failure now is a warning: the exit status still says what was printed.
  func save(_ lines: [[UInt8]], query: [UInt8]?, pickedWith: [UInt8] = []) {
    do throws(SystemError) {
      try learn?.record(lines, query: pickedWith, now: CurrentProcess.secondsSinceEpoch)
    } catch {
      App.warn("cannot learn: \(error.message)")
    }
    do throws(SystemError) {
      if let remember { try SavedFile.write(lines, to: remember, terminator: terminator) }
      if let history, let query, !query.isEmpty {
        // Read, added to and written under one lock: another picker's query saved meanwhile stays.
        try SavedFile.update(history, terminator: 10) { entries in
          Array((entries.last == query ? entries : entries + [query]).suffix(historySize))
        }
      }
    } catch {
      App.warn("cannot save: \(error.message)")
    }
  }
}
