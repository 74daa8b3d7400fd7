/// Why the picker could not use the terminal.
public enum TerminalError: Error, Equatable, Sendable {
  /// /dev/tty could not be opened (no controlling terminal).
  case unavailable(SystemError)
  /// The terminal refused a setting or an operation.
  case failed(SystemError)

  public var message: String {
    switch self {
    case .unavailable(let error):
      "the picker needs a terminal, but /dev/tty cannot be opened (\(error.reason)); "
        + "use --filter or --batch in scripts"
    case .failed(let error): "terminal error: \(error.message)"
    }
  }
}
