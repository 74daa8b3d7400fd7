/// A command-line mistake; its message names the offending word.
public enum OptionError: Error, Equatable, Sendable {
  case unknownOption(String)
  case missingValue(String)
  case invalidValue(option: String, value: String, expected: String)
  case unexpectedArgument(String)
  case unbalancedQuote(String)

  /// A one-line human message (without the `mselect: ` prefix).
  public var message: String {
    switch self {
    case .unknownOption(let o): "unknown option: \(o) (see mselect --help)"
    case .missingValue(let o): "option \(o) needs a value (see mselect --help)"
    case .invalidValue(let o, let v, let expected):
      "invalid value for \(o): '\(v)' (expected \(expected); see mselect --help)"
    case .unexpectedArgument(let a):
      "unexpected argument: \(a) (only one FILE may be given; see mselect --help)"
    case .unbalancedQuote(let text): "unbalanced quote in MSELECT_DEFAULT_OPTS: \(text)"
    }
  }
}
