/// Where the picker's parts go: the insets of margins, border and padding, the preview pane, and the
/// rows and columns left for the list. Computed from the state in one place: the state asks it how
/// many list rows there are, the renderer where to draw.
package struct Layout: Sendable {
  /// Rows and columns taken by the margins, the border and the padding on each side.
  package var insets: (top: Int, right: Int, bottom: Int, left: Int)
  /// The size inside the insets.
  package var contentWidth: Int
  package var contentHeight: Int
  /// The preview pane's place, when one shows.
  package var preview: PickerState.PreviewLayout?
  /// The list's width: the content's, less a pane at the side.
  package var listWidth: Int
  /// Rows that are not list items: prompt, info, header, a pane above or below, and the insets.
  package var fixedRows: Int
  /// Rows for list items (with `--gap`, their gaps too).
  package var listRows: Int
  /// How many items those rows show (fewer than the rows with `--gap`).
  package var visibleItems: Int
  /// The sections drawn apart from the list, and their borders.
  package var sections: SectionPlan

  /// The layout of a picker `height` rows high on a `rows` × `columns` screen (`maxHeight`: the most
  /// it may grow to) with `headerLines` header lines of the input (and `--header`, unless the header
  /// is hidden); `previewWanted`: there is a preview command, `previewToggled`: `toggle-preview`
  /// turned the pane the other way from its spec.
  package init(
    settings: PickerSettings, rows: Int, columns: Int, height: Int, maxHeight: Int, headerShown: Bool,
    headerLines: Int, previewWanted: Bool, previewToggled: Bool
  ) {
    let footerRows = settings.look.footerRows
    let headerRows = headerShown ? settings.look.headerTextRows + headerLines : 0
    let insets = settings.look.chrome.insets(rows: rows, columns: columns)
    self.insets = insets
    contentWidth = max(1, columns - insets.left - insets.right)
    contentHeight = max(1, height - insets.top - insets.bottom)
    let width = contentWidth
    let sideHeight = contentHeight
    // fzf's pane above or below takes its share of the picker as tall as it is now (its adaptive
    // height made room for it); mselect's, of the most the picker may have.
    let available = settings.flavor == .fzf ? contentHeight : max(1, maxHeight - insets.top - insets.bottom)
    let listBorder = SectionPlan.listFrame(settings.look.chrome).columns > 0
    func pane(_ spec: PreviewSettings) -> PickerState.PreviewLayout? {
      Layout.pane(
        spec, settings: settings, width: width, sideHeight: sideHeight, available: available,
        listBorder: listBorder)
    }
    // The spec in force (`<N(…)` alternatives), shown unless hidden (or hidden and toggled).
    let active = settings.preview.active { spec in
      guard let pane = pane(spec) else { return 0 }
      return spec.position == .left || spec.position == .right ? pane.outer.columns : pane.outer.rows
    }
    preview = previewWanted && active.hidden == previewToggled ? pane(active) : nil
    sections = SectionPlan(
      settings: settings, headerShown: headerShown, headerText: settings.look.headerTextRows,
      headerLineCount: headerLines, footerRows: footerRows,
      nextPane: (previewWanted ? active : settings.preview).position == .next, previewToggled: previewToggled)
    var paneRows = 0
    listWidth = contentWidth
    if let pane = preview {
      (preview, listWidth, paneRows) = Layout.fit(pane, contentWidth: contentWidth, settings: settings)
    }
    // The sections' borders and the footer; the list's border narrows it.
    var sectionRows = 0
    if sections.active {
      sectionRows = sections.borderRows + footerRows
      listWidth = max(1, listWidth - sections.listBorderColumns)
    }
    let infoRows = settings.look.chrome.infoHasOwnRow(separatorShown: !sections.separatorHidden) ? 1 : 0
    let inputRows = settings.look.inputShown ? 1 + infoRows : 0
    fixedRows = inputRows + headerRows + insets.top + insets.bottom + paneRows + sectionRows
    // fzf's adaptive height gives an empty list no row.
    listRows = max(settings.flavor == .fzf && settings.window.heightAdapts ? 0 : 1, height - fixedRows)
    visibleItems = max(1, (listRows + settings.list.gap) / (settings.list.gap + 1))
  }

  /// The pane beside or above the list: the list's width and the rows the pane takes from it. fzf's:
  /// beside a pane, with an outer border on the right and no inner one there, the list (and a pane
  /// above or below) reach into the blank column before that border.
  private static func fit(_ pane: PickerState.PreviewLayout, contentWidth: Int, settings: PickerSettings)
    -> (pane: PickerState.PreviewLayout, listWidth: Int, paneRows: Int)
  {
    var pane = pane
    var listWidth = contentWidth
    var paneRows = 0
    let chrome = settings.look.chrome
    let stick =
      settings.flavor == .fzf && chrome.border.sides.right && chrome.list.border == nil
      && chrome.input.border?.sides.right != true && chrome.header.border?.sides.right != true
    let paneRight = pane.active.drawnBorder(settings.window.layout).sides.right
    switch pane.position {
    case .left, .right:
      listWidth = max(1, contentWidth - pane.outer.columns)
      if stick && (pane.position == .left || !paneRight) { listWidth += 1 }
    case .up, .down, .next:
      paneRows = pane.outer.rows
      if stick && !paneRight {
        listWidth += 1
        pane.outer.columns += 1
        pane.inner.columns += 1
      }
    }
    return (pane, listWidth, paneRows)
  }

  /// The pane's outer size (border included) and the size of its text: a side pane is as high as the
  /// content (`sideHeight`), one above or below takes its share of the most rows the picker may have
  /// (`available`) and leaves the list three.
  private static func pane(
    _ p: PreviewSettings, settings: PickerSettings, width: Int, sideHeight: Int, available: Int,
    listBorder: Bool
  ) -> PickerState.PreviewLayout? {
    // The frame's rows and columns (a side line keeps a blank column before the text).
    let border = p.drawnBorder(settings.window.layout)
    let frameRows = border.rows
    // fzf's: a frame without a right side leaves a column for the pane's scrollbar, and a pane on the
    // left is parted from the list by a blank column. mselect's: without a frame, a blank column
    // parts the pane from the list.
    var barColumn = false
    var margin = 0
    let barInFrame = settings.flavor == .fzf && settings.look.scrollbar != nil && border.sides.right
    if settings.flavor == .fzf {
      barColumn = settings.look.scrollbar != nil && !border.sides.right
      margin = p.position == .left && !listBorder ? 1 : 0
    } else if p.border == .none {
      margin = p.position == .left ? 2 : 1
    }
    let frameColumns = border.columns + (barColumn ? 1 : 0) + margin
    // A size of 0 is a pane that takes no room: its command still runs.
    if p.takesNoRoom {
      return PickerState.PreviewLayout(position: p.position, outer: (0, 0), inner: (0, 0), active: p)
    }
    // A size in cells is the text's (fzf's): the frame comes on top; a percentage includes it.
    func wanted(_ total: Int, frame: Int) -> Int {
      switch p.size {
      case .cells(let n): return n + frame
      // fzf's arithmetic, its rounding included (50% of 116 columns is 57 there).
      case .percent(let percent): return Int(Double(total) * 0.01 * Double(percent))
      }
    }
    switch p.position {
    case .left, .right:
      let outer = min(max(wanted(width, frame: frameColumns), frameColumns + 1), width - 1)
      guard outer > 0 else { return nil }
      return PickerState.PreviewLayout(
        position: p.position, outer: (sideHeight, outer),
        inner: (max(0, sideHeight - frameRows), max(0, outer - frameColumns)), active: p,
        barColumn: barColumn, margin: margin, barInFrame: barInFrame)
    case .up, .down, .next:
      let outer = min(max(wanted(available, frame: frameRows), frameRows + 1), max(1, available - 3))
      return PickerState.PreviewLayout(
        position: p.position, outer: (outer, width),
        inner: (max(0, outer - frameRows), max(0, width - frameColumns + (p.border == .none ? margin : 0))),
        active: p, barColumn: barColumn, barInFrame: barInFrame)
    }
  }
}
