import MSelectCore

/// The edge between the command line and the engine: `Options` turned into settings values, once.
extension Options {
  /// What searches match and rank by.
  package var searchSettings: SearchSettings {
    var settings = SearchSettings(
      match: match, rank: rank, fields: SearchFields(nth, view: withNth, delimiter: delimiter),
      headerLines: headerLines)
    settings.filtering = !disabled
    settings.fields.ansi = ansi
    settings.tail = tail
    return settings
  }

  package var selectionSettings: SelectionSettings {
    SelectionSettings(min: min, max: max, order: order)
  }

  /// The preselection options; `fileLines` are the lines of the `--preselect-file` files, read by the
  /// caller.
  package func preselectionSettings(fileLines: [[UInt8]] = []) -> PreselectionSettings {
    var settings = PreselectionSettings(
      lines: preselect + selected + fileLines, queries: preselectMatch, all: selectAll, match: match)
    settings.ansi = ansi
    settings.labelDelimiter = labelDelimiter
    return settings
  }

  /// The picker's preselection: as in gum, picking one (`--limit 1`), `--selected` says where the
  /// cursor starts and marks nothing (`--batch` marks them: there is no cursor).
  package func pickerPreselection(fileLines: [[UInt8]] = []) -> PreselectionSettings {
    var settings = preselectionSettings(fileLines: fileLines)
    if max == 1 && !selected.isEmpty {
      settings.lines = preselect + fileLines
      settings.focus = selected
    }
    return settings
  }

  /// What is printed; in `--filter` mode there is no key line (as in fzf: no key was pressed).
  package var outputSettings: OutputSettings {
    var printKey = !expect.isEmpty
    if case .filter = mode { printKey = false }
    var settings = OutputSettings(
      printQuery: printQuery, printKey: printKey, terminator: print0 ? 0 : 10, fields: acceptNth,
      delimiter: delimiter)
    settings.ansi = ansi
    return settings
  }

  package var scriptedSettings: Scripted.Settings {
    Scripted.Settings(
      search: searchSettings, selection: selectionSettings, query: query, selectOne: select1, exitZero: exit0,
      preselects: hasPreselection)
  }

  /// The picker's settings. `unicode`: the locale is UTF-8 (else ASCII fallbacks for the pointer and
  /// marker); `colors`: decided by the caller from `--color`, `NO_COLOR` and `TERM`;
  /// `preselectFileLines`: the lines of the `--preselect-file` files. Throws on a bad `--bind` or
  /// `--expect`.
  package func pickerSettings(unicode: Bool, colors: Bool, preselectFileLines: [[UInt8]] = [])
    throws(OptionError) -> PickerSettings
  {
    var settings = picker
    let chrome = settings.look.chrome
    if chrome.header.border == .inline
      && ![nil, .inline, Chrome.Border.none].contains(chrome.headerLines.border)
    {
      throw OptionError.invalidValue(
        option: "--header-border", value: "inline",
        expected: "another style: --header-border=inline requires --header-lines-border to be inline or unset"
      )
    }
    // The flavor's keys first: `--bind` goes on top of them.
    settings.behaviour.bindings = KeyBindings(settings.flavor)
    settings.search = searchSettings
    settings.selection = selectionSettings
    settings.preselection = pickerPreselection(fileLines: preselectFileLines)
    settings.query = query
    settings.list.shownFields = withNth
    setMarks(&settings, unicode: unicode)
    settings.look.colors = colors
    if history != nil {
      // As in fzf: with a history, ctrl-p / ctrl-n walk it (up / down and ctrl-k / ctrl-j still move).
      try settings.behaviour.bindings.apply("ctrl-p:previous-history,ctrl-n:next-history")
    }
    for spec in bindings { try settings.behaviour.bindings.apply(spec) }
    for name in expect {
      guard let key = Key(name: name) else {
        throw .invalidValue(
          option: "--expect", value: name, expected: "key names such as ctrl-x, alt-enter, f1")
      }
      settings.behaviour.expectKeys[key] = name
    }
    // fzf's `--border line`: a line on top, none at all on the full screen.
    if chrome.border == .line {
      settings.look.chrome.border = settings.window.height == .fullscreen ? .none : .top
    }
    settings.list.marksSurviveReload = marksSurviveReload ?? (settings.flavor == .mselect)
    settings.commands.fileTerminator = print0 ? 0 : 10
    settings.look.previewWrapSign = previewWrapSign ?? wrapSign
    settings.look.wrapSign = wrapSign
    // fzf's: its `│` scrollbar turns `|` where ambiguous characters take two columns.
    if settings.look.scrollbar == "│" && DisplayWidth.of("│") > 1 { settings.look.scrollbar = "|" }
    return settings
  }

  /// The pointer, the marks and the gutters: as given, or the flavor's (ASCII without `unicode`).
  private func setMarks(_ settings: inout PickerSettings, unicode: Bool) {
    switch settings.flavor {
    case .mselect:
      settings.look.pointer = pointer ?? (unicode ? "▌ " : "> ")
      settings.look.marker = marker ?? (unicode ? "✓ " : "* ")
      settings.look.gutter = gutter
    case .fzf:
      // fzf 0.74's: narrow marks, and a gutter on the lines the cursor is not on.
      settings.look.pointer = pointer ?? (unicode ? "▌" : ">")
      settings.look.marker = marker ?? (unicode ? "┃" : ">")
      settings.look.gutter = gutter ?? (unicode ? "▌" : " ")
    }
    settings.look.gutterRaw = gutterRaw ?? (unicode ? "▖" : ":")
    // fzf's: no marker, no multi-line marks; else `╻┃╹`, padded to the marker's width.
    var marks =
      markerMultiLine
      ?? (settings.look.marker.isEmpty ? ["", "", ""] : unicode ? ["╻", "┃", "╹"] : [".", "|", "'"])
    if markerMultiLine?.first == "" && marker == nil { settings.look.marker = "" }
    let markWidth = DisplayWidth.of(marks[0])
    if markWidth < DisplayWidth.of(settings.look.marker) {
      marks = marks.map {
        $0 + String(repeating: " ", count: DisplayWidth.of(settings.look.marker) - markWidth)
      }
    }
    settings.look.markerMultiLine = marks
  }
}
