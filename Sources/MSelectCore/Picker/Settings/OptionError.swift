/// A command-line mistake; its message names the offending word.
package enum OptionError: Error, Equatable, Sendable {
  case unknownOption(String)
  case missingValue(String)
  case invalidValue(option: String, value: String, expected: String)
  /// A value whose fault a sentence says (fzf's wording where fzf has one).
  case rejectedValue(option: String, reason: String)
  case unbalancedQuote(String)
  case danglingEscape(String)
  /// A mistake in the default options (`variable`: where they came from, `MSELECT_DEFAULT_OPTS`)
  /// rather than on the command line.
  indirect case inDefaults(OptionError, variable: String)
  /// The file a variable names (`FZF_DEFAULT_OPTS_FILE`) cannot be read.
  case unreadable(variable: String, reason: String)

  /// A one-line human message (without the program's name): `hint` (where to read about the
  /// options) is added to the mistakes in an option or its value.
  package func message(hint: String?) -> String {
    let also = hint.map { "; " + $0 } ?? ""
    let after = hint.map { " (" + $0 + ")" } ?? ""
    return switch self {
    case .unknownOption(let o): "unknown option: \(o)" + after
    case .missingValue(let o): "option \(o) needs a value" + after
    case .invalidValue(let o, let v, let expected):
      "invalid value for \(o): '\(v)' (expected \(expected)\(also))"
    case .rejectedValue(let o, let reason): "\(o): \(reason)" + after
    case .unbalancedQuote(let text): "unbalanced quote in \(text)"
    case .danglingEscape(let text): "a backslash at the end escapes nothing: \(text)"
    case .inDefaults(let error, let variable): "\(variable): " + error.message(hint: hint)
    case .unreadable(let variable, let reason): "\(variable): \(reason)"
    }
  }

  /// The message without a hint.
  package var message: String { message(hint: nil) }
}
