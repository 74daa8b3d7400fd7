/// One of fzf's sections around the list (the list itself, the input, the header, the header lines,
/// the footer): a border of its own and a label set into it.
package struct Section: Sendable, Equatable {
  /// The border as given (`--list-border`, `--input-border`, …); nil: not given, which for the header
  /// lines is not the same as `none` (their own part without a border).
  package var border: Chrome.Border?
  /// Text set into the border (`--list-label`, …) and where it goes (`--list-label-pos`, …).
  package var label: String?
  package var labelPosition = Chrome.LabelPosition()

  package init() {}
}

/// Which of the picker's sections stand apart from the list, with which border, and in which order
/// they go from top to bottom: fzf's rules, worked out from the settings and the header's size.
///
/// Without any section border, footer or `next` preview pane the plan is inactive: the picker is
/// drawn as one block (prompt, info, header and list together).
package struct SectionPlan: Equatable {
  package enum Part: Equatable { case footer, list, headerLines, header, input }

  /// Some section has a border, a footer is shown or the preview sits at `next`: the parts below
  /// are drawn apart.
  let active: Bool
  /// The parts drawn apart, top to bottom (the list always among them).
  let order: [Part]
  /// The borders as drawn (fzf's `line` resolved to the side facing the list; `inline`: inside the
  /// list's frame, or a line when that frame has no top and bottom; `.none`: apart without a border).
  let list: Chrome.Border
  let input: Chrome.Border
  let header: Chrome.Border
  let headerLines: Chrome.Border
  let footer: Chrome.Border
  /// The header's part holds the header lines too (they have none of their own).
  let headerHoldsLines: Bool
  /// The prompt and info, the header and the header lines are drawn apart from the list, each in a
  /// section of its own (else inside the list's border, with the list).
  let apart: Bool
  /// The prompt and info are shown in a section of their own.
  let inputApart: Bool
  /// The sections drawn inside the list's frame, above and below the list, from the frame's edge
  /// inwards (each parted from the next by a rule).
  let inlineTop: [Part]
  let inlineBottom: [Part]
  /// fzf's default separator is left out: a border already parts the input from the list.
  let separatorHidden: Bool

  /// The list's frame as drawn (`line` and `inline` make a whole one).
  static func listFrame(_ chrome: Chrome) -> Chrome.Border {
    chrome.list.border.map { $0 == .line || $0 == .inline ? .rounded : $0 } ?? .none
  }

  /// The plan for `settings`, with `headerText` rows of `--header`, `headerLineCount` of the input's,
  /// `footerRows` of `--footer`, and the header shown or not; `nextPane`: the preview spec in force
  /// puts a pane between the list and the prompt (`--preview-window next`); `previewToggled`:
  /// `toggle-preview` turned the panes the other way from their specs. Each step is one of fzf's
  /// rules, in the order fzf applies them.
  init(
    settings: PickerSettings, headerShown: Bool, headerText: Int, headerLineCount: Int, footerRows: Int,
    nextPane: Bool = false, previewToggled: Bool = false
  ) {
    let given = Given(
      settings: settings, headerShown: headerShown, headerText: headerText, headerLineCount: headerLineCount,
      footerRows: footerRows, next: nextPane, previewToggled: previewToggled)
    let chrome = settings.look.chrome
    active =
      [chrome.list, chrome.input, chrome.header, chrome.headerLines, chrome.footer].contains {
        $0.border != nil
      }
      || footerRows > 0 || nextPane
    let borders = SectionPlan.borders(given)
    (list, input, header, footer) = (borders.list, borders.input, borders.header, borders.footer)
    let lines = SectionPlan.headerLinesShape(given, borders)
    headerLines = lines.border
    let headerApart = SectionPlan.hasHeaderWindow(given, borders, linesApart: lines.apart)
    headerHoldsLines = active && headerApart && !lines.apart
    apart = active && (input != .none || headerApart || lines.apart || nextPane)
    inputApart = apart && settings.look.inputShown
    separatorHidden =
      active && chrome.separatorAuto
      && SectionPlan.separatorHidden(
        given, borders, lines: lines, headerApart: headerApart, headerHoldsLines: headerHoldsLines,
        inputApart: inputApart)
    let parts = SectionPlan.stackOrder(
      given, headerApart: headerApart, linesApart: lines.apart, inputApart: inputApart)
    let inlined = SectionPlan.inlineParts(parts, given, borders, linesBorder: lines.border)
    inlineTop = active ? inlined.top : []
    inlineBottom = active ? inlined.bottom : []
    order = active ? inlined.apart : [.list]
  }

  /// What the plan is worked out from.
  private struct Given {
    let settings: PickerSettings
    let headerShown: Bool
    let headerText: Int
    let headerLineCount: Int
    let footerRows: Int
    let next: Bool
    let previewToggled: Bool
    var layout: PickerSettings.Layout { settings.window.layout }
  }

  /// The borders as drawn; the header lines' as given (nil: not given).
  private struct Borders {
    let list: Chrome.Border
    let input: Chrome.Border
    let header: Chrome.Border
    let footer: Chrome.Border
    let headerLinesGiven: Chrome.Border?
  }

  /// fzf's `line` borders resolved to the side facing the list, and `inline` to a line where the
  /// list's frame has no top and bottom to sit between; the footer gets fzf's rule by default.
  private static func borders(_ given: Given) -> Borders {
    let chrome = given.settings.look.chrome
    let layout = given.layout
    let list = listFrame(chrome)
    let inline = list.sides.top && list.sides.bottom
    func line(_ border: Chrome.Border?, facing side: Chrome.Border) -> Chrome.Border {
      guard let border else { return .none }
      return border == .line || (border == .inline && !inline) ? side : border
    }
    return Borders(
      list: list,
      input: line(
        chrome.input.border == .inline ? .line : chrome.input.border,
        facing: layout == .reverse ? .bottom : .top),
      header: line(chrome.header.border, facing: layout == .reverse ? .bottom : .top),
      footer: line(chrome.footer.border ?? .line, facing: layout == .reverse ? .top : .bottom),
      headerLinesGiven: chrome.headerLines.border.map {
        line($0, facing: layout == .default ? .top : .bottom)
      })
  }

  /// fzf's determineHeaderLinesShape: whether the header lines are a part of their own, and its border.
  private static func headerLinesShape(_ given: Given, _ borders: Borders) -> (
    apart: Bool, border: Chrome.Border
  ) {
    guard given.headerShown && given.headerLineCount > 0 else { return (false, .none) }
    if let border = borders.headerLinesGiven { return (true, border) }
    let shape = given.headerText == 0 ? borders.header : .none
    let first = given.settings.look.headerFirst
    if given.layout == .reverseList || (given.headerText > 0 && first) { return (true, shape) }
    if given.headerText == 0 && first && shape == .none { return (true, .none) }
    return (false, .none)
  }

  /// fzf's hasHeaderWindow: whether `--header` (with the header lines, when they have no part of
  /// their own) is a part of its own.
  private static func hasHeaderWindow(_ given: Given, _ borders: Borders, linesApart: Bool) -> Bool {
    guard given.headerShown else { return false }
    if linesApart { return given.headerText > 0 }
    if borders.header != .none || given.settings.look.headerFirst {
      return given.headerText + given.headerLineCount > 0
    }
    return borders.input != .none
  }

  /// fzf's default separator under the prompt is left out when a border already parts the input
  /// from the list: the input's own, a `next` pane's frame, or that of the part against the input.
  private static func separatorHidden(
    _ given: Given, _ borders: Borders, lines: (apart: Bool, border: Chrome.Border), headerApart: Bool,
    headerHoldsLines: Bool, inputApart: Bool
  ) -> Bool {
    let layout = given.layout
    let settings = given.settings
    func facingInput(_ border: Chrome.Border) -> Bool {
      border == .inline || (layout == .reverse ? border.sides.top : border.sides.bottom)
    }
    if layout == .reverse ? borders.input.sides.bottom : borders.input.sides.top { return true }
    let specs = settings.preview.chain
    if specs.contains(where: { $0.position == .next }) {
      // Without a preview command, `preview(…)` may open a pane there at any time.
      guard settings.preview.command?.isEmpty == false else { return false }
      // The pane sits against the input: its frame parts them, if it faces the input. fzf's: only
      // when every spec of the chain (`<N(…)`) puts a framed pane there.
      return specs.allSatisfy {
        $0.position == .next && $0.hidden == given.previewToggled && !$0.takesNoRoom
          && facingInput($0.drawnBorder(layout))
      }
    }
    guard inputApart else { return false }
    if headerApart && given.headerText + (headerHoldsLines ? given.headerLineCount : 0) > 0
      && !settings.look.headerFirst && borders.header != .inline
    {
      return facingInput(borders.header)
    }
    if lines.apart && layout != .reverseList && (headerApart || !settings.look.headerFirst) {
      return facingInput(lines.border)
    }
    return facingInput(borders.list)
  }

  /// The order of fzf's resizeWindows, top to bottom, of the parts drawn apart.
  private static func stackOrder(_ given: Given, headerApart: Bool, linesApart: Bool, inputApart: Bool)
    -> [Part]
  {
    let first = given.settings.look.headerFirst
    // The default and reverse layouts mirror each other: the same parts outwards from the list.
    let outwards: [Part] =
      first
      ? (headerApart && linesApart
        ? [.headerLines, .input, .header] : linesApart ? [.input, .headerLines] : [.input, .header])
      : [.headerLines, .header, .input]
    var parts: [Part]
    switch given.layout {
    case .default: parts = [.footer, .list] + outwards
    case .reverse: parts = outwards.reversed() + [.list, .footer]
    case .reverseList:
      parts = [.footer, .headerLines, .list] + (first ? [.input, .header] : [.header, .input])
    }
    parts.removeAll { part in
      switch part {
      case .list: false
      case .input: !inputApart
      case .header: !headerApart
      case .headerLines: !linesApart
      case .footer: given.footerRows == 0
      }
    }
    return parts
  }

  /// fzf's inlineMetaFor: the sections drawn inside the list's frame, the header on the prompt's side
  /// (top in reverse), outermost; the header lines next to the list; the footer opposite the prompt.
  /// The rest stay apart.
  private static func inlineParts(
    _ parts: [Part], _ given: Given, _ borders: Borders, linesBorder: Chrome.Border
  ) -> (apart: [Part], top: [Part], bottom: [Part]) {
    let layout = given.layout
    var parts = parts
    var top: [Part] = []
    var bottom: [Part] = []
    func place(_ part: Part, onTop: Bool, inner: Bool) {
      parts.removeAll { $0 == part }
      if onTop {
        if inner { top.append(part) } else { top.insert(part, at: 0) }
      } else if inner {
        bottom.append(part)
      } else {
        bottom.insert(part, at: 0)
      }
    }
    if parts.contains(.header) && borders.header == .inline {
      place(.header, onTop: layout == .reverse, inner: false)
    }
    if parts.contains(.headerLines) && linesBorder == .inline {
      place(.headerLines, onTop: layout != .default, inner: true)
    }
    if parts.contains(.footer) && borders.footer == .inline {
      place(.footer, onTop: layout != .reverse, inner: layout != .reverseList)
    }
    return (parts, top, bottom)
  }

  /// The border of `part` as drawn.
  func border(of part: Part) -> Chrome.Border {
    switch part {
    case .list: list
    case .input: input
    case .header: header
    case .headerLines: headerLines
    case .footer: footer
    }
  }

  /// Rows every border and rule of the plan takes, and columns the list's takes.
  var borderRows: Int {
    active ? order.reduce(0) { $0 + border(of: $1).rows } + inlineTop.count + inlineBottom.count : 0
  }
  var listBorderColumns: Int { list.columns }
}

extension Chrome {
  /// The settings of `part`'s section.
  func section(_ part: SectionPlan.Part) -> Section {
    switch part {
    case .list: list
    case .input: input
    case .header: header
    case .headerLines: headerLines
    case .footer: footer
    }
  }
}
