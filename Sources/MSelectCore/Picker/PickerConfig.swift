/// The picker's fixed settings for one run, derived from `Options` and the environment.
public struct PickerConfig: Sendable {
  public let options: Options
  public let bindings: KeyBindings
  /// Keys that accept and are printed first (`--expect`), with the name to print.
  public let expectKeys: [Key: String]
  public let pointer: String
  public let marker: String
  /// Whether colors are used (else bold, underline and reverse only).
  public let colors: Bool

  /// `unicode`: the locale is UTF-8 (else ASCII fallbacks for the marker); `colors`: decided by the caller
  /// from `--color`, `NO_COLOR` and `TERM`.
  public init(options: Options, unicode: Bool, colors: Bool) throws(OptionError) {
    self.options = options
    var bindings = KeyBindings()
    for spec in options.bindings { try bindings.apply(spec) }
    self.bindings = bindings
    var expect: [Key: String] = [:]
    for name in options.expect {
      guard let key = Key(name: name) else {
        throw .invalidValue(
          option: "--expect", value: name, expected: "key names such as ctrl-x, alt-enter, f1")
      }
      expect[key] = name
    }
    expectKeys = expect
    pointer = options.pointer ?? (unicode ? "▌ " : "> ")
    marker = options.marker ?? (unicode ? "✓ " : "* ")
    self.colors = colors
  }

  /// Whether `--color`, `NO_COLOR` and `TERM` allow colors.
  public static func useColors(_ mode: Options.ColorMode, environment: [String: String]) -> Bool {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    switch mode {
    case .always: return true
    case .never: return false
    case .auto: return environment["TERM"] != "dumb"
    }
  }

  /// Whether the locale variables say UTF-8.
  public static func isUnicodeLocale(_ environment: [String: String]) -> Bool {
    let value =
      environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
    let lower = value.lowercased()
    return lower.contains("utf-8") || lower.contains("utf8")
  }
}
