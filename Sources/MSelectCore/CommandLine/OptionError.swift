/// A command-line mistake; its message names the offending word.
public enum OptionError: Error, Equatable, Sendable {
  case unknownOption(String)
  case missingValue(String)
  case invalidValue(option: String, value: String, expected: String)
  case unbalancedQuote(String)
  case danglingEscape(String)
  /// A mistake in MSELECT_DEFAULT_OPTS rather than on the command line.
  indirect case inDefaults(OptionError)

  /// A one-line human message (without the `mselect: ` prefix).
  public var message: String {
    switch self {
    case .unknownOption(let o): "unknown option: \(o) (see mselect --help)"
    case .missingValue(let o): "option \(o) needs a value (see mselect --help)"
    case .invalidValue(let o, let v, let expected):
      "invalid value for \(o): '\(v)' (expected \(expected); see mselect --help)"
    case .unbalancedQuote(let text): "MSELECT_DEFAULT_OPTS: unbalanced quote in \(text)"
    case .danglingEscape(let text): "MSELECT_DEFAULT_OPTS: a backslash at the end escapes nothing: \(text)"
    case .inDefaults(let error): "MSELECT_DEFAULT_OPTS: " + error.message
    }
  }
}
