/// How much room the list has and how the picker grows: the layout, the rows items take, the height
/// the picker may and must have, and the scroll kept within the list.
extension PickerState {
  /// Where the picker's parts go now.
  package var layout: Layout {
    Layout(
      settings: settings, rows: rows, columns: columns, height: viewport.height, maxHeight: maxHeight,
      headerShown: list.headerShown, headerLines: headerLineCount,
      previewWanted: previewCommand != nil, previewToggled: preview.toggled)
  }

  /// Rows that are not list items: prompt, info, header, and the chrome around them.
  package var fixedRows: Int { layout.fixedRows }

  /// How many list items show (the rows for them, less `--gap`'s; with `--multi-line`, as many as
  /// their rows let from the first shown).
  package var listRows: Int {
    guard settings.list.multiLine || settings.list.wrap else { return layout.visibleItems }
    return itemsFitting(from: viewport.offset, rows: layout.listRows)
  }

  /// The rows list item `position` takes: one per line of it with `--multi-line`, and the gap.
  package func itemHeight(_ position: Int) -> Int {
    let list = settings.list
    guard list.multiLine || list.wrap, position < listCount else { return 1 + list.gap }
    guard list.wrap else {
      return 1 + store.line(line(at: position)).reduce(0) { $1 == 10 ? $0 + 1 : $0 } + list.gap
    }
    return wrappedRowCount(position, width: itemTextWidth) + list.gap
  }

  /// How many items from list position `first` fit in `rows` rows (at least one).
  func itemsFitting(from first: Int, rows: Int) -> Int {
    var used = 0
    var count = 0
    // The last item's gap need not fit.
    while first + count < listCount,
      used + itemHeight(first + count) - settings.list.gap <= rows || count == 0
    {
      used += itemHeight(first + count)
      count += 1
    }
    return max(1, count)
  }

  /// The first list position from which the items to the list's end fill `rows` rows (0 when they
  /// all fit): an offset past it would leave rows blank below the last item.
  func firstShowingEnd(rows: Int) -> Int {
    var used = 0
    var first = listCount
    // The last item's gap need not fit.
    while first > 0, used + itemHeight(first - 1) - settings.list.gap <= rows {
      used += itemHeight(first - 1)
      first -= 1
    }
    return min(first, max(0, listCount - 1))
  }

  /// The most rows the picker may use.
  package var maxHeight: Int {
    // Only a percentage has a minimum (worked out from a layout of its own, so only then).
    guard case .percent = settings.window.height else { return viewport.maxHeight(settings.window.height) }
    return viewport.maxHeight(settings.window.height, minimum: minimumHeight)
  }

  /// The fewest rows a percentage height gives (`--min-height N`; with `N+`, N list rows and the rows
  /// around them, and ten rows and the frame of a preview pane above, as fzf 0.74 counts them: only
  /// `up`, where a pane squeezed the list out of view).
  var minimumHeight: Int {
    guard settings.window.minHeightAddsChrome else { return settings.window.minHeight }
    // Worked out as the picker started (fzf's): showing the input later does not grow it.
    var started = settings
    started.look.inputShown = configuration.look.inputShown
    let chrome = Layout(
      settings: started, rows: rows, columns: columns, height: rows, maxHeight: rows,
      headerShown: list.headerShown,
      headerLines: headerLineCount, previewWanted: false, previewToggled: false)
    let preview = configuration.preview
    let pane =
      preview.command != nil && preview.position == .up && !preview.hidden
      ? preview.drawnBorder(settings.window.layout).rows + 10 : 0
    return settings.window.minHeight + chrome.fixedRows + pane
  }

  /// Grows the picker to fit the list (up to `maxHeight`); it never shrinks while running.
  mutating func updateHeight() {
    let list = max(settings.flavor == .fzf ? 0 : 1, listRowsNeeded(upTo: maxHeight))
    let needed: Int
    if !settings.window.heightAdapts {
      needed = maxHeight
    } else if let pane = previewLayout {
      // mselect's: a preview pane wants room whatever the list's length. fzf's: the list fits, and
      // a pane above or below adds its share on top.
      needed = settings.flavor == .fzf ? heightFitting(list: list, pane: pane) : maxHeight
    } else {
      needed = fixedRows + list
    }
    viewport.grow(toFit: needed, settings.window.height, minimum: minimumHeight)
  }

  /// The rows the list's items take (their gaps between them), counted up to `most`: items of several
  /// rows (`--multi-line`, `--wrap`) are measured only as far as the picker can grow.
  private func listRowsNeeded(upTo most: Int) -> Int {
    let gap = settings.list.gap
    guard settings.list.multiLine || settings.list.wrap else { return listCount * (gap + 1) - gap }
    var rows = 0
    var position = 0
    while position < listCount && rows <= most {
      rows += itemHeight(position)
      position += 1
    }
    return rows - (position == listCount && position > 0 ? gap : 0)
  }

  /// fzf's adaptive height beside a preview pane: the rows `list` rows need, grown by the pane's
  /// size when it sits above or below (a percentage of the whole; rows and frame on top).
  private func heightFitting(list: Int, pane: PreviewLayout) -> Int {
    let shape = layout
    let insets = shape.insets.top + shape.insets.bottom
    let frame = pane.active.drawnBorder(settings.window.layout).rows
    switch pane.position {
    case .left, .right:
      return max(shape.fixedRows - insets + list, 1 + frame) + insets
    case .up, .down, .next:
      let content = shape.fixedRows - pane.outer.rows - insets + list
      let grown: Int
      switch pane.active.size {
      case .percent(let p) where p < 100: grown = max(content + 1 + frame, content * 100 / (100 - p))
      case .percent: grown = content + 1 + frame
      case .cells(let n): grown = content + n + frame
      }
      return grown + insets
    }
  }

  /// Keeps the cursor and the scroll within the list after it or the room for it changed.
  mutating func clampScroll() {
    updateHeight()
    viewport.clamp(count: listCount, visible: listRows, scrollOff: settings.list.scrollOff)
    guard settings.list.multiLine || settings.list.wrap else { return }
    // Items of several rows: the cursor's item shows whole where it can (from its start where it
    // cannot), the first item shown moving on until it does.
    let rows = layout.listRows
    // How many items show depends on the first one: a list that became shorter than the first
    // shown would leave the rows below its end blank (the cursor is at or below this place).
    var first = min(viewport.offset, firstShowingEnd(rows: rows))
    while first < viewport.cursor, itemsFitting(from: first, rows: rows) <= viewport.cursor - first {
      first += 1
    }
    viewport.show(from: first)
  }
}
