/// What the picker tells: the info line's counts and flags, `--info-command`, and the variables
/// commands run with.
extension PickerState {
  /// fzf's flags after the counts: `+S`/`-S` (sorting, when a key toggles it), `+T` (`--track`) or
  /// `+t` (`track-current`), `(..)` while `wait` holds actions back; and mselect's `+typos` while
  /// typing mistakes are forgiven.
  package var infoFlags: String {
    var flags = ""
    if case .waitingForSearch = mode { flags += " (..)" }
    if settings.behaviour.bindings.bindsToggleSort { flags += search.sorting ? " +S" : " -S" }
    if settings.search.match.typos.isOn { flags += " +typos" }
    let blocked = list.trackBlocked != nil ? "*" : ""
    if settings.list.track {
      flags += " +T" + blocked
    } else if list.trackedLine != nil || list.trackBlocked != nil {
      flags += " +t" + blocked
    }
    return flags
  }

  /// The matches the info line counts: in the review view the marked lines listed, whatever the
  /// query matches.
  package var matchesShown: Int { list.reviewing ? listCount : search.result.matchCount }

  /// The counts the info line shows (`FZF_INFO`): matches and total, the marked count, the flags.
  package var infoCounts: String { "\(matchesShown)/\(totalCount)" + markedCount + infoFlags }

  /// The marked count as the info line shows it (` (2)`, ` (2/5)`; empty while nothing is counted).
  package var markedCount: String {
    // Once anything was marked, Enter prints exactly the marked set: `(0)` says it will print nothing.
    let counted =
      switch settings.flavor {
      case .mselect: selection.count > 0 || selection.everMarked
      case .fzf: settings.marks
      }
    guard counted else { return "" }
    return settings.selection.max.map { " (\(selection.count)/\($0))" } ?? " (\(selection.count))"
  }

  /// Runs `--info-command` again when what it is told changed (the counts, the cursor, the query).
  mutating func updateInfoCommand() {
    guard let template = settings.commands.infoCommand else { return }
    let counts = infoCounts
    let key = [counts, String(cursor), String(decoding: queryBytes, as: UTF8.self)]
    guard key != info.key else { return }
    info.key = key
    guard let command = expand(template) else { return }
    info.generation += 1
    queue(.info(generation: info.generation, command: command), extra: ["FZF_INFO": counts])
  }

  /// The variables commands get (fzf's): the query, the prompt, the counts, the cursor's position,
  /// the picker's size and the last key and action.
  package var environment: [String: String] {
    [
      "FZF_QUERY": String(decoding: queryBytes, as: UTF8.self), "FZF_PROMPT": settings.look.prompt,
      "FZF_NTH": settings.search.fields.spec?.text ?? "",
      "FZF_WITH_NTH": settings.list.shownFields?.text ?? "",
      "FZF_MATCH_COUNT": String(search.result.matchCount), "FZF_SELECT_COUNT": String(selection.count),
      "FZF_TOTAL_COUNT": String(totalCount),
      "FZF_POS": listCount == 0 ? "0" : String(min(cursor, listCount - 1) + 1),
      "FZF_LINES": String(height), "FZF_COLUMNS": String(columns), "FZF_KEY": binding.lastKey,
      "FZF_ACTION": binding.lastAction, "FZF_POINTER": settings.look.pointer,
      "FZF_GHOST": settings.look.ghost,
      "FZF_DIRECTION": settings.window.layout == .default ? "up" : "down",
      "FZF_INPUT_STATE": !settings.look.inputShown ? "hidden" : search.paused ? "disabled" : "enabled",
      "FZF_BORDER_LABEL": settings.look.chrome.borderLabel ?? "",
      "FZF_PREVIEW_LABEL": settings.preview.label ?? "",
      "FZF_LIST_LABEL": settings.look.chrome.list.label ?? "",
      "FZF_INPUT_LABEL": settings.look.chrome.input.label ?? "",
      "FZF_HEADER_LABEL": settings.look.chrome.header.label ?? "",
      "FZF_IDLE_TIME": String(surroundings.idleMilliseconds / 1000),
      "FZF_IDLE_TIME_MS": String(surroundings.idleMilliseconds),
    ].merging(rawVariable) { $1 }.merging(surroundings.listening) { $1 }.merging(clickVariables) { $1 }
      .merging(
        currentItem
      ) { $1 }
  }

  /// `FZF_CURRENT_ITEM`: the line under the cursor, unless it holds a NUL byte or is over 64 KiB (it
  /// could not be passed, or would crowd out the arguments).
  private var currentItem: [String: String] {
    guard let index = currentLine else { return [:] }
    let line = store.line(index)
    guard line.count <= 64 << 10, !line.contains(0) else { return [:] }
    return ["FZF_CURRENT_ITEM": String(decoding: line, as: UTF8.self)]
  }
}
