import MSelectCommandLine
import MSelectTerminal

extension App {
  /// `--tmux`: the same picker in a tmux popup (fzf's way: the picker draws a rounded border unless
  /// tmux draws one, and takes the whole popup); its exit status, nil when no popup opened.
  static func inPopup(_ popup: PopupSpec, options: Options, profile: Profile, arguments: [[UInt8]])
    -> Int32?
  {
    var forwarded = arguments
    if profile == .fzf && !arguments.contains(Array("--fzf".utf8)) {
      forwarded.insert(Array("--fzf".utf8), at: 0)
    }
    var extra = ["--no-tmux", "--fullscreen", "--bind=ctrl-z:ignore"]
    if !popup.nativeBorder && [.none, .line].contains(options.picker.look.chrome.border) {
      extra.append("--border=rounded")
    }
    forwarded += extra.map { Array($0.utf8) }
    let (x, y): (String, String) =
      switch popup.position {
      case .center: ("C", "C")
      case .top: ("C", "0")
      case .bottom: ("C", "9999")
      case .left: ("0", "C")
      case .right: ("R", "C")
      }
    return TmuxPopup.run(
      forwarded,
      placement: .init(x: x, y: y, width: popup.width, height: popup.height, tmuxBorder: popup.nativeBorder))
  }
}
