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
  /// Wrapped lines break after a space where there is one (`wrap-word`).
  package var wrapWord = false
  package var hidden = false
  /// The scroll position `N/TOTAL` shows at the top right (`info`, `noinfo`).
  package var info = true
  /// The pane keeps to the end of a growing output, until it is scrolled up (`follow`).
  package var follow = false
  /// Where the output is scrolled to when it arrives (fzf's `+SCROLL[OFFSETS][/DENOM]`: `+3`, `+{2}-5`,
  /// `+{2}-/2`), placeholders and all; nil: the top.
  package var scroll: String?
  /// The output's first lines stay on top while the rest scrolls (`~N`: a file name `bat` prints).
  package var headerLines = 0
  /// `<N(SPEC)`: when the pane would be narrower (at a side) or lower (above or below) than
  /// `threshold`, `alternative` is used instead.
  package var threshold = 0
  package var alternative: PreviewSettings? {
    get { alternatives.first }
    set { alternatives = newValue.map { [$0] } ?? [] }
  }
  /// Where `alternative` lives (a struct cannot hold itself).
  private var alternatives: [PreviewSettings] = []

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

  /// Applies fzf's `--preview-window` spec (`right,60%,border,wrap,hidden,+3`, `up:40%`,
  /// `right,50%,<80(up,60%)`); false for a word fzf does not know or a malformed size or offset.
  package mutating func apply(_ spec: String) -> Bool {
    (try? update(spec)) != nil
  }

  /// A word of a `--preview-window` spec that is not fzf's.
  package struct SpecError: Error, Equatable {
    package var token: String
    package var message: String { "invalid preview window option: \(token)" }
  }

  /// `apply`, saying which word was wrong.
  package mutating func update(_ spec: String) throws(SpecError) {
    var alternativeSpec: String?
    for token in PreviewSettings.tokens(spec) {
      if case .alternative(let threshold, let text) = token {
        self.threshold = threshold
        alternativeSpec = text
        continue
      }
      guard case .word(let word) = token else { continue }
      try take(word)
    }
    // fzf's: the alternative starts from this spec, shown, and takes its own words on top.
    guard let alternativeSpec else { return }
    var other = self
    other.hidden = false
    other.alternative = nil
    try other.update(alternativeSpec)
    alternative = other
  }

  private mutating func take(_ token: String) throws(SpecError) {
    switch token {
    case "default":
      let kept = (command, label, labelPosition)
      self = PreviewSettings()
      (command, label, labelPosition) = kept
    case "right", "left", "up", "down", "next": position = Position(rawValue: token)!
    case "top": position = .up
    case "bottom": position = .down
    case "border": border = .rounded
    case "noborder", "border-none": border = .none
    case "wrap", "wrap-word", "nowrap":
      wrap = token != "nowrap"
      wrapWord = token == "wrap-word"
    case "hidden", "nohidden": hidden = token == "hidden"
    case "follow", "nofollow": follow = token == "follow"
    case "info", "noinfo": info = token == "info"
    case "cycle", "nocycle": break
    default:
      if let style = PreviewSettings.borderStyle(token) {
        border = style
      } else if token.hasPrefix("+") || (token.hasPrefix("-") && token.dropFirst().allSatisfy(\.isNumber)) {
        scroll = token
      } else if token.hasPrefix("~"), let n = Int(token.dropFirst()), n >= 0 {
        headerLines = Int(settingClamping: n)
      } else if token.hasSuffix("%"), let p = Int(token.dropLast()), (0...100).contains(p) {
        size = .percent(p)
      } else if token.allSatisfy(\.isASCII), let n = Int(token), n >= 0 {
        size = .cells(Int(settingClamping: n))
      } else {
        throw SpecError(token: token)
      }
    }
  }

  /// `border-STYLE` (`border-up` is `top`), or fzf's bare `rounded` and `sharp`.
  private static func borderStyle(_ token: String) -> Chrome.Border? {
    if token == "rounded" || token == "sharp" { return Chrome.Border(rawValue: token) }
    guard token.hasPrefix("border-") else { return nil }
    let name = String(token.dropFirst(7))
    let style = Chrome.Border(rawValue: ["up": "top", "down": "bottom"][name] ?? name)
    return style == .inline ? nil : style
  }

  /// A piece of a spec: a word, or `<N(SPEC)`.
  private enum Token {
    case word(String)
    case alternative(threshold: Int, spec: String)
  }

  /// fzf's reading of a spec: words parted by `,` or `:`, and `<N(…)` (N from 1, no `)` or `<`
  /// inside) read whole.
  private static func tokens(_ spec: String) -> [Token] {
    var tokens: [Token] = []
    var rest = Substring(spec)
    while true {
      rest = rest.drop(while: { $0 == "," || $0 == ":" })
      guard !rest.isEmpty else { return tokens }
      if rest.first == "<", let open = rest.firstIndex(of: "("),
        let threshold = Int(rest[rest.index(after: rest.startIndex)..<open]), threshold > 0,
        rest[rest.index(after: rest.startIndex)].isNumber, rest[rest.index(after: rest.startIndex)] != "0",
        let close = rest[open...].firstIndex(of: ")"),
        rest.index(after: open) < close, !rest[rest.index(after: open)..<close].contains("<")
      {
        tokens.append(.alternative(threshold: threshold, spec: String(rest[rest.index(after: open)..<close])))
        rest = rest[rest.index(after: close)...]
        continue
      }
      let end = rest.firstIndex(where: { $0 == "," || $0 == ":" }) ?? rest.endIndex
      tokens.append(.word(String(rest[..<end])))
      rest = rest[end...]
    }
  }

  /// This spec and its alternatives, in order.
  package var chain: [PreviewSettings] {
    [self] + (alternative?.chain ?? [])
  }

  /// A size of 0: the pane takes no room (its command still runs).
  package var takesNoRoom: Bool { size == .cells(0) || size == .percent(0) }

  /// Changes this spec and its alternatives alike.
  package mutating func eachSpec(_ change: (inout PreviewSettings) -> Void) {
    change(&self)
    if var other = alternative {
      other.eachSpec(change)
      alternative = other
    }
  }

  /// The spec in force for a pane whose size, worked out from a spec, is `size(spec)` columns or
  /// rows: below a spec's threshold its alternative takes over (fzf's `<N(…)`).
  package func active(size: (PreviewSettings) -> Int) -> PreviewSettings {
    guard threshold > 0, let alternative, !takesNoRoom, size(self) < threshold
    else { return self }
    return alternative.active(size: size)
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
