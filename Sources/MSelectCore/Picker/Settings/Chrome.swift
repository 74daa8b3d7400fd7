/// What surrounds the list: fzf's `--info`, `--border`, `--border-label`, `--margin` and `--padding`.
package struct Chrome: Sendable, Equatable {
  /// Where the `MATCHES/TOTAL` line goes (`--info`).
  package enum Info: String, Sendable, Equatable, CaseIterable {
    /// On its own line next to the prompt.
    case `default`
    /// On its own line, aligned right.
    case right
    /// After the query, on the prompt line.
    case inline
    /// On the prompt line, aligned right.
    case inlineRight = "inline-right"
    /// Not shown.
    case hidden
  }

  /// The lines drawn around the picker (`--border`).
  package enum Border: String, Sendable, Equatable, CaseIterable {
    case none, rounded, sharp, bold, double, block, thinblock, dashed, horizontal, vertical, top, bottom, left
    case right, line, inline

    /// Rows the frame takes: its top and bottom lines.
    var rows: Int { (sides.top ? 1 : 0) + (sides.bottom ? 1 : 0) }
    /// Columns the frame takes: a side line keeps a blank column beside the text.
    var columns: Int { leftColumns + rightColumns }
    /// Columns of the left side line and its blank (none without a left side).
    var leftColumns: Int { sides.left ? Self.sideColumns : 0 }
    /// Columns of the right side line and its blank.
    var rightColumns: Int { sides.right ? Self.sideColumns : 0 }

    /// Columns a side line takes with its blank: fzf counts `│`'s width for every style, two where
    /// ambiguous characters are drawn wide (`--ambidouble`), and pads a narrower glyph.
    static var sideColumns: Int { 1 + DisplayWidth.of(0x2502) }

    /// Which sides are drawn.
    var sides: (top: Bool, right: Bool, bottom: Bool, left: Bool) {
      switch self {
      case .none: (false, false, false, false)
      case .horizontal, .line: (true, false, true, false)
      case .vertical: (false, true, false, true)
      case .top: (true, false, false, false)
      case .bottom: (false, false, true, false)
      case .left: (false, false, false, true)
      case .right: (false, true, false, false)
      default: (true, true, true, true)
      }
    }

    /// The left and right T-junctions of a rule across the frame.
    func junctions(unicode: Bool) -> (left: String, right: String) {
      guard unicode else { return ("+", "+") }
      switch self {
      case .bold: return ("┣", "┫")
      case .double: return ("╠", "╣")
      case .block: return ("▌", "▐")
      case .thinblock: return ("▏", "▕")
      default: return ("├", "┤")
      }
    }

    /// Corner and edge characters: top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
    func glyphs(unicode: Bool) -> [String] {
      guard unicode else { return ["+", "+", "+", "+", "-", "|"] }
      switch self {
      case .sharp: return ["┌", "┐", "└", "┘", "─", "│"]
      case .bold: return ["┏", "┓", "┗", "┛", "━", "┃"]
      case .double: return ["╔", "╗", "╚", "╝", "═", "║"]
      case .block: return ["▛", "▜", "▙", "▟", "▀", "▌"]
      case .thinblock: return ["🭽", "🭾", "🭼", "🭿", "▔", "▏"]
      case .dashed: return ["┌", "┐", "└", "┘", "╌", "╎"]
      default: return ["╭", "╮", "╰", "╯", "─", "│"]
      }
    }
  }

  /// Space on each side: a number of cells or a percentage of the terminal (`--margin`, `--padding`).
  package struct Spacing: Sendable, Equatable {
    package enum Amount: Sendable, Equatable {
      case cells(Int)
      case percent(Int)

      /// The cells of `total`; never more than `total` (a margin wider than the screen fills it,
      /// and the rows drawn stay as many as the screen has).
      func resolve(_ total: Int) -> Int {
        switch self {
        case .cells(let n): min(n, max(0, total))
        case .percent(let p): total * p / 100
        }
      }
    }

    package var top = Amount.cells(0)
    package var right = Amount.cells(0)
    package var bottom = Amount.cells(0)
    package var left = Amount.cells(0)

    package init() {}

    /// fzf's `TRBL` forms: `1`, `1,2` (vertical, horizontal), `1,2,3` (top, horizontal, bottom),
    /// `1,2,3,4`; each a number or `N%`.
    package init?(_ text: String) {
      // gum writes the sides with spaces (`"1 2"`), fzf with commas.
      let separator: Character = text.contains(",") ? "," : " "
      let words = text.split(separator: separator, omittingEmptySubsequences: separator == " ")
      let parts = words.map { part -> Amount? in
        let t = part.filter { $0 != " " }
        if t.hasSuffix("%"), let p = Int(t.dropLast()), (0...100).contains(p) { return .percent(p) }
        if let n = Int(t), n >= 0 { return .cells(Int(settingClamping: n)) }
        return nil
      }
      guard !parts.contains(where: { $0 == nil }) else { return nil }
      let a = parts.compactMap { $0 }
      switch a.count {
      case 1: (top, right, bottom, left) = (a[0], a[0], a[0], a[0])
      case 2: (top, right, bottom, left) = (a[0], a[1], a[0], a[1])
      case 3: (top, right, bottom, left) = (a[0], a[1], a[2], a[1])
      case 4: (top, right, bottom, left) = (a[0], a[1], a[2], a[3])
      default: return nil
      }
    }

    /// The cells on each side for a terminal of `rows` × `columns`.
    func resolve(rows: Int, columns: Int) -> (top: Int, right: Int, bottom: Int, left: Int) {
      (top.resolve(rows), right.resolve(columns), bottom.resolve(rows), left.resolve(columns))
    }
  }

  package var info = Info.default
  /// What `--info=inline:PREFIX` (or `inline-right:PREFIX`) draws before the info (nil: fzf's ` < `
  /// for `inline`, nothing for `inline-right`).
  package var infoPrefix: String?
  /// The rule drawn after the info to the edge (`--separator`; nil: none, mselect's default).
  package var separator: String?
  /// The separator is fzf's default, left out where a section's border already parts the input
  /// from the list (one given with `--separator` always shows).
  package var separatorAuto = false
  /// fzf's rule (`-` where the locale is not UTF-8).
  package static let defaultSeparator = "─"
  package var border = Border.none
  /// Text set into the top border (`--border-label`).
  package var borderLabel: String?
  /// Where the label goes (`--border-label-pos`).
  package var borderLabelPosition = LabelPosition()

  /// fzf's `N[:bottom]` label positions: 0 centered, `N` from the left, `-N` from the right.
  package struct LabelPosition: Sendable, Equatable {
    package var offset = 0
    package var bottom = false

    package init() {}

    /// Parses `N`, `N:top`, `N:bottom`, `bottom`; nil for anything else.
    package init?(_ text: String) {
      for part in text.split(separator: ":", omittingEmptySubsequences: false) {
        switch part {
        case "bottom": bottom = true
        case "top": bottom = false
        default:
          guard let n = Int(part) else { return nil }
          offset = Int(settingClamping: n)
        }
      }
    }
  }
  package var margin = Spacing()
  package var padding = Spacing()
  /// fzf's sections: their borders and labels (`--list-border`, `--input-label`, …).
  package var list = Section()
  package var input = Section()
  package var header = Section()
  package var headerLines = Section()
  package var footer = Section()

  package init() {}

  /// Rows the chrome takes above and below the picker's content, and columns left and right of it.
  func insets(rows: Int, columns: Int) -> (top: Int, right: Int, bottom: Int, left: Int) {
    let m = margin.resolve(rows: rows, columns: columns)
    let p = padding.resolve(rows: rows, columns: columns)
    let s = border.sides
    // A side border keeps one blank column between itself and the text, as fzf draws it.
    return (
      m.top + p.top + (s.top ? 1 : 0), m.right + p.right + border.rightColumns,
      m.bottom + p.bottom + (s.bottom ? 1 : 0), m.left + p.left + border.leftColumns
    )
  }

  /// Whether the info has a line of its own (`separatorShown`: the separator is drawn, see
  /// `SectionPlan.separatorHidden`).
  func infoHasOwnRow(separatorShown: Bool = true) -> Bool {
    info == .default || info == .right
      || ((info == .inlineRight || info == .hidden) && separator != nil && separatorShown)
  }
}
