/// `--tmux` / `--popup` (fzf's): where the picker opens in a tmux popup and how large it is,
/// `[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native]`.
package struct PopupSpec: Sendable, Equatable {
  /// Where tmux places the popup.
  package enum Position: String, Sendable { case center, top, bottom, left, right }

  package var position = Position.center
  /// Columns and rows, each `N` or `N%` as tmux's `display-popup -w`/`-h` take them.
  package var width = "50%"
  package var height = "50%"
  /// tmux draws the popup's border (`border-native`); else the picker draws its own.
  package var nativeBorder = false

  /// fzf's reading: a single size is both for `center`, the height for `top`/`bottom` (the width is
  /// then the whole window) and the width for `left`/`right`; nil when `text` is not such a spec.
  package init?(_ text: String) {
    var words = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard !words.isEmpty, words.count <= 4 else { return nil }
    if let native = words.firstIndex(of: "border-native") {
      nativeBorder = true
      words.remove(at: native)
    }
    let first = words.first ?? "center"
    switch first {
    case "top", "up": (position, width) = (.top, "100%")
    case "bottom", "down": (position, width) = (.bottom, "100%")
    case "left": (position, height) = (.left, "100%")
    case "right": (position, height) = (.right, "100%")
    case "center": break
    default: words.insert("center", at: 0)
    }
    if words.count > 3 { return nil }
    let sizes = words.dropFirst()
    guard sizes.allSatisfy(PopupSpec.isSize) else { return nil }
    if sizes.count == 2 {
      (width, height) = (words[1], words[2])
    } else if let size = sizes.first {
      switch position {
      case .top, .bottom: height = size
      case .left, .right: width = size
      case .center: (width, height) = (size, size)
      }
    }
  }

  /// `N` or `N%`, N a whole number from 1 (a percentage up to 100).
  static func isSize(_ word: String) -> Bool {
    let percent = word.hasSuffix("%")
    guard let n = Int(percent ? String(word.dropLast()) : word), n > 0 else { return false }
    return !percent || n <= 100
  }

  /// fzf-tmux's options, as fzf's key bindings pass `FZF_TMUX_OPTS` (`-p [W[%][,H[%]]]`, `-w W`,
  /// `-h H`, and the splits `-d/-u/-l/-r [N[%]]`, which open a popup on that side here); nil when no
  /// place is named.
  package init?(fzfTmuxOptions words: [String]) {
    var spec: PopupSpec?
    var k = 0
    /// The size glued to the flag (`-d40%`) or the next word when it is one.
    func size(after flag: String) -> String? {
      let glued = String(words[k].dropFirst(flag.count))
      if !glued.isEmpty { return glued }
      guard k + 1 < words.count, words[k + 1].first?.isNumber == true else { return nil }
      k += 1
      return words[k]
    }
    while k < words.count {
      let word = words[k]
      if word.hasPrefix("-p") {
        spec = PopupSpec(size(after: "-p") ?? "50%") ?? spec
      } else if let side = ["-d": "bottom", "-u": "top", "-l": "left", "-r": "right"][String(word.prefix(2))]
      {
        spec = PopupSpec(side + "," + (size(after: String(word.prefix(2))) ?? "50%")) ?? spec
      } else if word == "-w" || word == "-h", k + 1 < words.count {
        k += 1
        if PopupSpec.isSize(words[k]) {
          var popup = spec ?? PopupSpec("center")!
          if word == "-w" { popup.width = words[k] } else { popup.height = words[k] }
          spec = popup
        }
      } else if word == "-x" || word == "-y" {
        k += 1
      }
      k += 1
    }
    guard let spec else { return nil }
    self = spec
  }
}
