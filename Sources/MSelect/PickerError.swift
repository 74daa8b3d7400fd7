import MSelectTerminal

/// Why ``Picker/choose()`` returned no choice.
public enum PickerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The person cancelled (Esc, ctrl-c, ctrl-g or ctrl-q; an `.abort` binding).
  case cancelled
  /// The picker could not run on the terminal: no /dev/tty (a program without a controlling
  /// terminal, such as a cron job or a CI step), or a terminal call failed. The text says which.
  case terminal(String)
  /// A value of the picker's configuration cannot be used; the text says which and why.
  case invalidConfiguration(String)

  /// A message for a person (`cancelled`, or what went wrong).
  public var description: String {
    switch self {
    case .cancelled: "cancelled"
    case .terminal(let message): message
    case .invalidConfiguration(let message): message
    }
  }
}
