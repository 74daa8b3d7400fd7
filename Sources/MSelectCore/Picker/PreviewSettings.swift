/// `--preview CMD` and `--preview-window SPEC`: a command run for the line under the cursor, and
/// where its output is shown.
package struct PreviewSettings: Sendable, Equatable {
  /// Where the pane sits next to the list (`next`: between the list and the prompt).
  package enum Position: String, Sendable, Equatable {
    case right, left, up, down, next
  }

  /// The command template (placeholders `{}`, `{+}`, `{q}`, `{n}`, `{1}`, `{-1}`, `{2..}`…).
  package var command: String?
  package var position = Position.right
  /// The pane's size: columns (left, right) or rows (up, down), or a percentage of the picker.
  package var size = Chrome.Spacing.Amount.percent(50)
  /// The pane's frame (`border-STYLE`; `line`: one line on the side facing the list).
  package var border = Chrome.Border.rounded
  /// Text set into the pane's top border (`--preview-label`).
  package var label: String?
  /// Where the label goes (`--preview-label-pos`).
  package var labelPosition = Chrome.LabelPosition()
  package var wrap = false
  package var hidden = false
  /// The pane keeps to the end of a growing output, until it is scrolled up (`follow`).
  package var follow = false
  /// Where the output is scrolled to when it arrives (fzf's `+SCROLL[OFFSETS][/DENOM]`: `+3`, `+{2}-5`,
  /// `+{2}-/2`), placeholders and all; nil: the top.
  package var scroll: String?
  /// The output's first lines stay on top while the rest scrolls (`~N`: a file name `bat` prints).
  package var headerLines = 0

  package init() {}

  /// The frame as drawn at `position` in `layout`: `line` becomes the side facing the list.
  func drawnBorder(_ layout: PickerSettings.Layout) -> Chrome.Border {
    guard border == .line else { return border }
    switch position {
    case .right: return .left
    case .left: return .right
    case .up: return .bottom
    case .down: return .top
    case .next: return layout == .reverse ? .bottom : .top
    }
  }

  /// Applies fzf's `--preview-window` spec (`right,60%,border,wrap,hidden,+3`, or `up:40%`). Options
  /// fzf has and mselect does not draw (`follow`, `cycle`, alternative layouts after `<`)
  /// are accepted and change nothing; nil for a malformed size or offset.
  package mutating func apply(_ spec: String) -> Bool {
    for raw in spec.split(whereSeparator: { $0 == "," || $0 == ":" }) {
      let token = String(raw)
      if token.hasPrefix("<") { break }
      switch token {
      case "right", "left", "up", "down", "next": position = Position(rawValue: token)!
      case "top": position = .up
      case "bottom": position = .down
      case "border": border = .rounded
      case "noborder", "border-none", "none": border = .none
      case "wrap", "wrap-word": wrap = true
      case "nowrap": wrap = false
      case "hidden": hidden = true
      case "nohidden": hidden = false
      case "follow": follow = true
      case "nofollow": follow = false
      case "cycle", "nocycle", "info", "noinfo", "default":
        break
      default:
        if let style = Chrome.Border(
          rawValue: token.hasPrefix("border-") ? String(token.dropFirst(7)) : token),
          style != .inline
        {
          border = style
        } else if token.hasPrefix("+") {
          scroll = token
        } else if token.hasPrefix("~") {
          guard let n = Int(token.dropFirst()), n >= 0 else { return false }
          headerLines = n
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

  /// The first line shown (0-based) for a scroll spec whose placeholders were filled in, in a pane of
  /// `height` rows, as fzf works it out: line SCROLL (1-based) at the top, moved by the OFFSETS, then
  /// up by `height / DENOM` (`+{2}-/2` puts line {2} in the middle).
  package static func firstLine(_ expanded: [UInt8], height: Int) -> Int {
    // Quotes and the like go; what is left is numbers, signs and slashes.
    let text = expanded.filter { (48...57).contains($0) || $0 == 43 || $0 == 45 || $0 == 47 }
    var line = -1
    var i = 0
    while i < text.count {
      var sign = 1
      if text[i] == 43 || text[i] == 45 {
        sign = text[i] == 45 ? -1 : 1
        i += 1
      }
      if i < text.count, text[i] == 47 {
        // `/DENOM` (or `-/DENOM`): a fraction of the pane's height, and the end.
        var denominator = 0
        i += 1
        while i < text.count, (48...57).contains(text[i]), denominator < 1 << 40 {
          denominator = denominator * 10 + Int(text[i] - 48)
          i += 1
        }
        if denominator > 0 { line -= height / denominator }
        break
      }
      var value = 0
      var digits = 0
      while i < text.count, (48...57).contains(text[i]) {
        if value < 1 << 40 { value = value * 10 + Int(text[i] - 48) }
        digits += 1
        i += 1
      }
      if digits == 0 && i < text.count && text[i] != 43 && text[i] != 45 { i += 1 }
      if digits > 0 { line += sign * value }
    }
    return max(0, line)
  }
}
