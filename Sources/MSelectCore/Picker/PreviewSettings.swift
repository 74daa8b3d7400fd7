/// `--preview CMD` and `--preview-window SPEC`: a command run for the line under the cursor, and
/// where its output is shown.
public struct PreviewSettings: Sendable, Equatable {
  /// Where the pane sits next to the list.
  public enum Position: String, Sendable, Equatable {
    case right, left, up, down
  }

  /// The command template (placeholders `{}`, `{+}`, `{q}`, `{n}`, `{1}`, `{-1}`, `{2..}`…).
  public var command: String?
  public var position = Position.right
  /// The pane's size: columns (left, right) or rows (up, down), or a percentage of the picker.
  public var size = Chrome.Spacing.Amount.percent(50)
  public var border = true
  public var wrap = false
  public var hidden = false
  /// Lines the output is scrolled by when it arrives (`+N`).
  public var scroll = 0

  public init() {}

  /// Applies fzf's `--preview-window` spec (`right,60%,border,wrap,hidden,+3`, or `up:40%`). Options
  /// fzf has and mselect does not draw (`follow`, `cycle`, `~3`, alternative layouts after `<`)
  /// are accepted and change nothing; nil for a malformed size or offset.
  public mutating func apply(_ spec: String) -> Bool {
    for raw in spec.split(whereSeparator: { $0 == "," || $0 == ":" }) {
      let token = String(raw)
      if token.hasPrefix("<") { break }
      switch token {
      case "right", "left", "up", "down": position = Position(rawValue: token)!
      case "top": position = .up
      case "bottom": position = .down
      case "border", "rounded", "sharp", "bold", "double", "block", "thinblock", "border-rounded",
        "border-sharp", "border-bold", "border-double", "border-block", "border-thinblock", "border-line":
        border = true
      case "noborder", "border-none", "none": border = false
      case "wrap", "wrap-word": wrap = true
      case "nowrap": wrap = false
      case "hidden": hidden = true
      case "nohidden": hidden = false
      case "follow", "nofollow", "cycle", "nocycle", "info", "noinfo", "default", "border-top",
        "border-bottom",
        "border-left", "border-right", "border-horizontal", "border-vertical":
        break
      default:
        if token.hasPrefix("+") {
          // `+N`, `+{2}`, `+{2}-/2`: only a plain number is used.
          if let n = Int(token.dropFirst()) { scroll = max(0, n) }
        } else if token.hasPrefix("~") {
          break
        } else if token.hasSuffix("%"), let p = Int(token.dropLast()), (0...100).contains(p) {
          size = .percent(p)
        } else if let n = Int(token), n >= 0 {
          size = .cells(n)
        } else {
          return false
        }
      }
    }
    return true
  }
}
