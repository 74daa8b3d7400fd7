import MSelectCore

/// What the environment tells about the terminal emulator that a picker needs to know.
enum TerminalTraits {
  /// How the terminal re-wraps lines wider than its new width when it gets narrower, as far as its
  /// variables tell (see `ScreenPainter.Reflow`). xterm and GNU screen cut such lines; taking them for
  /// reflowing would erase lines above the picker on a resize.
  static func reflow(_ environment: [String: String]) -> ScreenPainter.Reflow {
    func isSet(_ name: String) -> Bool { environment[name].map { !$0.isEmpty } ?? false }
    let term = environment["TERM"] ?? ""
    let markers = [
      "TMUX", "VTE_VERSION", "KITTY_WINDOW_ID", "WT_SESSION", "ALACRITTY_WINDOW_ID", "WEZTERM_PANE",
    ]
    if markers.contains(where: isSet) || term.hasPrefix("tmux") || term.hasPrefix("alacritty")
      || term.hasPrefix("foot")
      || term == "xterm-kitty"
      || ["iTerm.app", "WezTerm", "vscode", "Apple_Terminal", "ghostty"].contains(
        environment["TERM_PROGRAM"] ?? "")
    {
      return .keepsCursorText
    }
    return .none
  }
}
