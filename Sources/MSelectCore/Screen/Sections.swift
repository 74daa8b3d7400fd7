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
  /// `toggle-preview` turned the panes the other way from their specs.
  init(
    settings: PickerSettings, headerShown: Bool, headerText: Int, headerLineCount: Int, footerRows: Int,
    nextPane: Bool = false, previewToggled: Bool = false
  ) {
    let chrome = settings.chrome
    let layout = settings.layout
    let next = nextPane
    let specs = settings.preview.chain
    let anyNext = specs.contains { $0.position == .next }
    active =
      [chrome.list, chrome.input, chrome.header, chrome.headerLines, chrome.footer].contains {
        $0.border != nil
      }
      || footerRows > 0 || next
    let list = SectionPlan.listFrame(chrome)
    self.list = list
    // `inline` needs a frame with a top and a bottom to sit between; else it is a line.
    let inline = list.sides.top && list.sides.bottom
    func line(_ border: Chrome.Border?, facing side: Chrome.Border) -> Chrome.Border {
      guard let border else { return .none }
      return border == .line || (border == .inline && !inline) ? side : border
    }
    input = line(
      chrome.input.border == .inline ? .line : chrome.input.border,
      facing: layout == .reverse ? .bottom : .top)
    let header = line(chrome.header.border, facing: layout == .reverse ? .bottom : .top)
    self.header = header
    // fzf draws a rule between the footer and the list unless told otherwise.
    footer = line(chrome.footer.border ?? .line, facing: layout == .reverse ? .top : .bottom)
    let headerLinesGiven = chrome.headerLines.border.map {
      line($0, facing: layout == .default ? .top : .bottom)
    }
    // fzf's determineHeaderLinesShape: whether the header lines are a part of their own, and its border.
    var linesApart = false
    var linesBorder = Chrome.Border.none
    if headerShown && headerLineCount > 0 {
      if let given = headerLinesGiven {
        (linesApart, linesBorder) = (true, given)
      } else {
        let shape = headerText == 0 ? header : .none
        if layout == .reverseList || (headerText > 0 && settings.headerFirst) {
          (linesApart, linesBorder) = (true, shape)
        } else if headerText == 0 && settings.headerFirst && shape == .none {
          (linesApart, linesBorder) = (true, .none)
        }
      }
    }
    headerLines = linesBorder
    // fzf's hasHeaderWindow.
    let headerApart: Bool
    if !headerShown {
      headerApart = false
    } else if linesApart {
      headerApart = headerText > 0
    } else if header != .none || settings.headerFirst {
      headerApart = headerText + headerLineCount > 0
    } else {
      headerApart = input != .none
    }
    headerHoldsLines = active && headerApart && !linesApart
    apart = active && (input != .none || headerApart || linesApart || next)
    inputApart = apart && settings.inputShown
    let facesList = (layout == .reverse ? input.sides.bottom : input.sides.top)
    func facingInput(_ border: Chrome.Border) -> Bool {
      border == .inline || (layout == .reverse ? border.sides.top : border.sides.bottom)
    }
    if !active || !chrome.separatorAuto {
      separatorHidden = false
    } else if facesList {
      separatorHidden = true
    } else if anyNext && settings.preview.command?.isEmpty != false {
      // Without a preview command, `preview(…)` may open a pane there at any time.
      separatorHidden = false
    } else if anyNext {
      // The pane sits against the input: its frame parts them, if it faces the input. fzf's: only
      // when every spec of the chain (`<N(…)`) puts a framed pane there.
      separatorHidden = specs.allSatisfy {
        $0.position == .next && $0.hidden == previewToggled && !$0.takesNoRoom
          && facingInput($0.drawnBorder(layout))
      }
    } else if !inputApart {
      separatorHidden = false
    } else if headerApart && headerText + (headerHoldsLines ? headerLineCount : 0) > 0
      && !settings.headerFirst && header != .inline
    {
      separatorHidden = facingInput(header)
    } else if linesApart && layout != .reverseList && (headerApart || !settings.headerFirst) {
      separatorHidden = facingInput(linesBorder)
    } else {
      separatorHidden = facingInput(list)
    }
    // The order of fzf's resizeWindows, top to bottom.
    var parts: [Part]
    let first = settings.headerFirst
    // The default and reverse layouts mirror each other: the same parts outwards from the list.
    let outwards: [Part] =
      first
      ? (headerApart && linesApart
        ? [.headerLines, .input, .header] : linesApart ? [.input, .headerLines] : [.input, .header])
      : [.headerLines, .header, .input]
    switch layout {
    case .default: parts = [.footer, .list] + outwards
    case .reverse: parts = outwards.reversed() + [.list, .footer]
    case .reverseList:
      parts = [.footer, .headerLines, .list] + (first ? [.input, .header] : [.header, .input])
    }
    let inputShown = inputApart
    parts.removeAll { part in
      switch part {
      case .list: false
      case .input: !inputShown
      case .header: !headerApart
      case .headerLines: !linesApart
      case .footer: footerRows == 0
      }
    }
    // Sections inside the list's frame (fzf's inlineMetaFor): the header on the prompt's side (top
    // in reverse), outermost; the header lines next to the list; the footer opposite the prompt.
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
    if parts.contains(.header) && header == .inline {
      place(.header, onTop: layout == .reverse, inner: false)
    }
    if parts.contains(.headerLines) && linesBorder == .inline {
      place(.headerLines, onTop: layout != .default, inner: true)
    }
    if parts.contains(.footer) && footer == .inline {
      place(.footer, onTop: layout != .reverse, inner: layout != .reverseList)
    }
    inlineTop = active ? top : []
    inlineBottom = active ? bottom : []
    order = active ? parts : [.list]
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
