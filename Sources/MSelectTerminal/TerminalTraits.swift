/// What the environment tells about the terminal emulator that a picker needs to know.
enum TerminalTraits {
  /// Whether the terminal re-wraps lines wider than its new width when it gets narrower (tmux and most
  /// current emulators), as far as its variables tell. xterm and GNU screen cut such lines instead;
  /// taking them for reflowing would erase lines above the picker on a resize.
  static func reflowsOnResize(_ environment: [String: String]) -> Bool {
    let markers = [
      "TMUX", "VTE_VERSION", "KITTY_WINDOW_ID", "WT_SESSION", "ALACRITTY_WINDOW_ID", "WEZTERM_PANE",
    ]
    if markers.contains(where: { environment[$0].map { !$0.isEmpty } ?? false }) { return true }
    let term = environment["TERM"] ?? ""
    if term.hasPrefix("tmux") || term.hasPrefix("alacritty") || term.hasPrefix("foot")
      || term == "xterm-kitty"
    {
      return true
    }
    return ["iTerm.app", "WezTerm", "vscode", "Apple_Terminal", "ghostty"].contains(
      environment["TERM_PROGRAM"] ?? "")
  }
}
