import Glibc
import MSelectCore
import MSelectTerminal

/// The whole run: options → input → filter, batch or picker → output → exit code.
enum App {
  static let version = "0.1.0"

  static func run() -> ExitCode {
    // A closed stdout must surface as EPIPE from write, not kill us with the terminal in raw mode.
    signal(SIGPIPE, SIG_IGN)
    let options: Options
    do throws(OptionError) {
      let arguments = (1..<Int(CommandLine.argc)).map { bytes(CommandLine.unsafeArgv[$0]!) }
      var defaults: [[UInt8]] = []
      if let text = getenv("MSELECT_DEFAULT_OPTS") { defaults = try ShellWords.split(bytes(text)) }
      options = try OptionParser.parse(arguments, defaults: defaults)
    } catch {
      return fail(error.message)
    }
    if options.help { return emit(Array(helpText.utf8)) }
    if options.version { return emit(Array("mselect \(version)\n".utf8)) }
    if let min = options.min, let max = options.max, min > max {
      return fail("--min \(min) is greater than --max \(max)")
    }
    // Picker settings (--bind, --expect) are checked in every mode, so a typo never passes silently.
    let environment = Environment.current
    let config: PickerConfig
    do throws(OptionError) {
      config = try PickerConfig(
        options: options, unicode: PickerConfig.isUnicodeLocale(environment),
        colors: PickerConfig.useColors(options.color, environment: environment))
    } catch {
      return fail(error.message)
    }
    do throws(InputError) {
      let terminator: UInt8 = options.read0 ? 0 : 10
      let reader = try InputReader(path: options.file, terminator: terminator)
      var fileLines: [[UInt8]] = []
      for path in options.preselectFiles {
        fileLines += try InputReader.lines(ofFile: path, terminator: terminator)
      }
      switch options.mode {
      case .filter(let query):
        if let mapping = reader.mapWhole() {
          // A mapped file is scanned in place without a line table, unless the query is broad.
          let scanned = withExtendedLifetime(mapping) { () -> ExitCode? in
            guard
              let (scan, lines) = RawScan.filter(
                mapping.bytes, terminator: terminator, query: query, options: options)
            else { return nil }
            return finish(lines.isEmpty ? .nothing(nil) : .print(lines), options, scan, query: query)
          }
          if let scanned { return scanned }
          let store = MappedLines.store(mapping.bytes, terminator: terminator, owner: mapping)
          return finish(Scripted.filter(query, options, store), options, store, query: query)
        }
        let store = try reader.readAll()
        return finish(Scripted.filter(query, options, store), options, store, query: query)
      case .batch:
        let store = try reader.readAll()
        let preselected = preselect(options, store, fileLines)
        return finish(Scripted.batch(options, store, preselected), options, store, query: options.query)
      case .interactive:
        var preloaded: LineStore?
        if options.select1 || options.exit0 {
          let store = try reader.readAll()
          let decision = Scripted.early(options, store)
          if decision != .interactive {
            return finish(decision, options, store, query: options.query)
          }
          preloaded = store
        }
        return pick(config, reader: preloaded == nil ? reader : nil, store: preloaded, fileLines: fileLines)
      }
    } catch {
      return fail(error.message)
    }
  }

  /// Runs the picker and prints what was accepted.
  static func pick(_ config: PickerConfig, reader: InputReader?, store: LineStore?, fileLines: [[UInt8]])
    -> ExitCode
  {
    let options = config.options
    let ending: PickerSession.Ending
    do throws(TerminalError) {
      let session = try PickerSession(
        config: config, reader: reader, store: store, preselectFileLines: fileLines)
      ending = try session.run()
    } catch {
      return fail(error.message)
    }
    switch ending.outcome {
    case .cancelled:
      return .cancelled
    case .accepted(let lines, let key):
      let formatter = OutputFormatter(options: options)
      if lines.isEmpty {
        if options.printQuery || !options.expect.isEmpty {
          _ = emit(formatter.format([], store: ending.store, query: ending.query, key: key))
        }
        return .nothing
      }
      do {
        try formatter.write(lines, store: ending.store, query: ending.query, key: key) {
          (bytes) throws(SystemError) in
          try StandardStreams.writeStandardOutput(bytes)
        }
        return .success
      } catch {
        return writeFailed(error)
      }
    }
  }

  /// Marks the preselected lines, warning on stderr when `--max` cut them.
  static func preselect(_ options: Options, _ store: LineStore, _ fileLines: [[UInt8]]) -> Selection {
    let outcome = Preselection.apply(
      options, store: store, candidates: Scripted.candidates(options, store), fileLines: fileLines)
    if let warning = outcome.warning { warn(warning) }
    return outcome.selection
  }

  /// Prints a scripted decision and turns it into the exit code.
  static func finish(
    _ decision: Scripted.Decision, _ options: Options, _ store: some LineSource, query: [UInt8]
  )
    -> ExitCode
  {
    let formatter = OutputFormatter(options: options)
    switch decision {
    case .print(let lines):
      do {
        try formatter.write(lines, store: store, query: query) { (bytes) throws(SystemError) in
          try StandardStreams.writeStandardOutput(bytes)
        }
        return .success
      } catch {
        return writeFailed(error)
      }
    case .nothing(let message):
      if let message { warn(message) }
      if options.printQuery {
        _ = emit(formatter.format([], store: store, query: query))
      }
      return .nothing
    case .interactive:
      return .error
    }
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
    if error.errno == EPIPE { return .brokenPipe }
    return fail("cannot write output: \(error.reason)")
  }

  static func warn(_ message: String) {
    StandardStreams.writeStandardError("mselect: \(message)\n")
  }

  static func fail(_ message: String) -> ExitCode {
    warn(message)
    return .error
  }

  private static func bytes(_ p: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: p, count: strlen(p)))
  }
}
