/// The colors of the picker's parts, as fzf's `--color` names them; nil keeps mselect's default.
package struct Palette: Sendable, Equatable {
  /// One element's look: SGR parameters for the foreground and background, and attributes.
  package struct Look: Sendable, Equatable {
    package var foreground: String?
    package var background: String?
    package var attributes: [String] = []

    package init(foreground: String? = nil, background: String? = nil, attributes: [String] = []) {
      self.foreground = foreground
      self.background = background
      self.attributes = attributes
    }
  }

  /// The elements a look can be given for (fzf's names; others are accepted and ignored).
  package enum Element: String, Sendable, CaseIterable {
    case fg, bg, hl, query, info, prompt, pointer, marker, spinner, header, border, label, ghost, nomatch
    /// mselect's own: the characters a repaired typing mistake stands on (`--typos`).
    case typo
    case fgCurrent = "fg+"
    case bgCurrent = "bg+"
    case hlCurrent = "hl+"
    case selectedFg = "selected-fg"
    case selectedBg = "selected-bg"
    case selectedHl = "selected-hl"
    case listFg = "list-fg"
    case listBg = "list-bg"
    case listBorder = "list-border"
    case listLabel = "list-label"
    case inputFg = "input-fg"
    case inputBg = "input-bg"
    case inputBorder = "input-border"
    case inputLabel = "input-label"
    case headerBg = "header-bg"
    case headerBorder = "header-border"
    case headerLabel = "header-label"
    case footerBg = "footer-bg"
    case footerBorder = "footer-border"
    case footerLabel = "footer-label"
    case previewFg = "preview-fg"
    case previewBg = "preview-bg"
    case previewBorder = "preview-border"
    case previewLabel = "preview-label"
  }

  package var looks: [Element: Look] = [:]
  /// `bw`: no colors at all, only attributes.
  package var monochrome = false
  /// What `looks` leaves unset is drawn as in fzf's 256-colour theme (its `dark`, fzf's default)
  /// rather than in mselect's colors: set under fzf's name; `16` goes back to the basic colors.
  package var fzfTheme = false
  /// `--black`: the picker on a black background where no background is given.
  package var black = false
  /// `--no-bold` makes this false: no text is drawn bold.
  package var bold = true

  package init() {}

  /// Names fzf accepts besides the elements above: given, they are checked but not drawn.
  static let ignoredElements: Set<String> = [
    "gutter", "separator", "scrollbar", "preview-scrollbar", "footer", "footer-fg",
    "disabled", "nth", "alt-bg", "current-fg",
    "current-bg", "current-hl", "selected", "preview", "hl-current", "border-label", "prompt-label",
    "info-label",
  ]

  /// Parses fzf's `--color` value: base schemes (`dark`, `light`, `16`, `bw`) and
  /// `ELEMENT:COLOR[:ATTR...]` pairs, comma separated; a color is `-1`, `0`-`255`, `#rrggbb` or a name
  /// (`red`, `bright-blue`…); attributes are `bold`, `dim`, `italic`, `underline`, `reverse`, `blink`,
  /// `strikethrough`, `regular`. Returns nil when the value is not such a list.
  package static func parse(_ text: String, onto base: Palette = Palette()) -> Palette? {
    var palette = base
    for item in text.split(separator: ",", omittingEmptySubsequences: true) {
      let parts = item.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      if parts.count == 1 {
        switch parts[0] {
        case "dark", "light", "default": palette.monochrome = false
        case "16":
          palette.monochrome = false
          palette.fzfTheme = false
        case "bw": palette.monochrome = true
        default: return nil
        }
        continue
      }
      // fzf's aliases.
      let name = parts[0] == "header-fg" ? "header" : parts[0]
      let known = Element(rawValue: name)
      guard known != nil || ignoredElements.contains(name) else { return nil }
      var look = known.flatMap { palette.looks[$0] } ?? Look()
      for value in parts.dropFirst() {
        if let attribute = attributeCode(value) {
          if value == "regular" { look.attributes = [] } else { look.attributes.append(attribute) }
        } else if let code = colorCode(
          value, background: name == "bg" || name == "bg+" || name.hasSuffix("-bg"))
        {
          if name == "bg" || name == "bg+" || name.hasSuffix("-bg") {
            look.background = code
          } else {
            look.foreground = code
          }
        } else {
          return nil
        }
      }
      if let known { palette.looks[known] = look }
    }
    return palette
  }

  private static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// The SGR parameters of a color (`""` for the terminal's default), nil when it is not one.
  static func colorCode(_ text: String, background: Bool) -> String? {
    let base = background ? 40 : 30
    if text == "-1" || text == "default" { return background ? "49" : "39" }
    if let n = Int(text), (0...255).contains(n) { return "\(base + 8);5;\(n)" }
    if text.hasPrefix("#"), text.count == 7, let rgb = Int(text.dropFirst(), radix: 16) {
      return "\(base + 8);2;\(rgb >> 16);\((rgb >> 8) & 0xFF);\(rgb & 0xFF)"
    }
    if let k = colorNames.firstIndex(of: text) { return "\(base + k)" }
    if text.hasPrefix("bright-"), let k = colorNames.firstIndex(of: String(text.dropFirst(7))) {
      return "\(base + 60 + k)"
    }
    return nil
  }

  /// The SGR parameter of an attribute name, nil when it is not one.
  static func attributeCode(_ text: String) -> String? {
    switch text {
    case "bold": "1"
    case "dim": "2"
    case "italic": "3"
    case "underline": "4"
    case "blink": "5"
    case "reverse": "7"
    case "strikethrough", "strike": "9"
    case "regular": "0"
    default: nil
    }
  }
}
