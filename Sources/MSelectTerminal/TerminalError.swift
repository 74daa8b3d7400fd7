/// Why the picker could not use the terminal.
package enum TerminalError: Error, Equatable, Sendable {
  /// /dev/tty could not be opened (no controlling terminal).
  case unavailable(SystemError)
  /// The terminal refused a setting or an operation.
  case failed(SystemError)
  /// `--listen` could not open its address (or a remote one has no API key).
  case listen(String)

  package var message: String {
    switch self {
    case .unavailable(let error):
      "the picker needs a terminal, but /dev/tty cannot be opened (\(error.reason)); "
        + "use --filter or --batch in scripts"
    case .failed(let error): "terminal error: \(error.message)"
    case .listen(let reason): "--listen: \(reason)"
    }
  }
}
