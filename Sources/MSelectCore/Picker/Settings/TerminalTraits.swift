/// What the environment says about the terminal, for the command line and for programs that embed
/// the picker alike: whether to color, and whether the locale is UTF-8.
package enum TerminalTraits {
  /// `--color`'s choice: colors unless the environment says not (`auto`), or always, or never.
  package enum ColorMode: String, Sendable, Equatable, CaseIterable {
    case auto, always, never
  }

  /// Whether to color: `NO_COLOR` (set and not empty) turns colors off whatever `mode` says, and
  /// `auto` leaves them off on a dumb terminal.
  package static func useColors(_ mode: ColorMode, environment: [String: String]) -> Bool {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    switch mode {
    case .always: return true
    case .never: return false
    case .auto: return environment["TERM"] != "dumb"
    }
  }

  /// Whether the terminal draws East Asian Ambiguous characters two columns wide: `--ambidouble`
  /// (`option`), else go-runewidth's `RUNEWIDTH_EASTASIAN=1`, which fzf reads too.
  package static func ambiguousIsWide(_ option: Bool?, environment: [String: String]) -> Bool {
    option ?? (environment["RUNEWIDTH_EASTASIAN"] == "1")
  }

  /// Whether the locale variables say UTF-8.
  package static func isUnicodeLocale(_ environment: [String: String]) -> Bool {
    let value =
      environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
    let lower = value.lowercased()
    return lower.contains("utf-8") || lower.contains("utf8")
  }
}
