/// What `change-…(…)`, `transform-…(…)` and background transforms set, and how a transform's output
/// is read.
extension PickerState {
  /// The next of `list`'s `|`-separated choices, one each time an action of `kind` takes it (fzf
  /// turns `change-nth(2|1|)` and `change-preview-window(down|hidden|)` so).
  mutating func nextChoice(_ list: String, of kind: String) -> String {
    let choices = list.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let turn = binding.rotations[kind + " " + list, default: 0]
    binding.rotations[kind + " " + list] = turn + 1
    return choices[turn % choices.count]
  }

  /// Sets what `change-…(…)` and `transform-…(…)` name.
  mutating func set(_ setting: BoundAction.Setting, to text: String) {
    switch setting {
    case .query:
      // Without the input (`--no-input`), the query stays as it is (`search(…)` still searches).
      guard settings.look.inputShown else { break }
      editor = QueryEditor(Array(text.utf8))
      queryChanged()
    case .prompt: change(.text(.prompt, text))
    case .header:
      change(.text(.header, text.isEmpty ? nil : text))
      updateHeight()
    case .search: search.override = Array(text.utf8)
    case .pointer:
      guard DisplayWidth.of(text) <= 2 else { break }
      change(.text(.pointer, text))
    case .borderLabel, .previewLabel, .listLabel, .inputLabel, .headerLabel, .footerLabel:
      change(.text(setting, text.isEmpty ? nil : text))
    case .headerLines:
      guard let n = Int(text.filter { $0 != " " }), n >= 0, n != settings.search.headerLines else { break }
      change(.headerLines(n))
      // Lines that became header lines cannot stay marked.
      for line in selection.lines(.input) where line < n { selection.unmark(line) }
      list.keptLine = currentLine
      searchAgain()
    case .nth, .withNth:
      let choice = nextChoice(text, of: setting.rawValue)
      // An empty choice among others: the fields given on the command line; nothing at all: none.
      let given =
        text.isEmpty
        ? nil : setting == .nth ? configuration.search.fields.spec : configuration.list.shownFields
      let spec =
        choice.isEmpty ? given : choice.contains("{") ? FieldSpec(template: choice) : FieldSpec(choice)
      guard choice.isEmpty || spec != nil else { break }
      let old = settings.search.fields
      var fields = SearchFields(
        setting == .nth ? spec : old.spec, view: setting == .withNth ? spec : old.view,
        delimiter: old.delimiter)
      fields.ansi = old.ansi
      change(.searchedFields(fields))
      if setting == .withNth {
        change(.shownFields(spec))
        list.pruneMarks = true
      }
      list.keptLine = currentLine
      searchAgain()
    case .ghost: change(.text(.ghost, text))
    case .footer:
      change(.text(.footer, text.isEmpty ? nil : text))
      updateHeight()
    }
  }

  /// The output of a `transform` command: its first line sets the target (a header takes every
  /// line); `transform(…)`'s is a list of actions. Then the held actions run.
  mutating func transformed(_ output: [UInt8]) {
    guard case .transforming(let target, let key, let then) = mode else { return }
    mode = .normal
    run(apply(output, to: target, key: key) + then)
    runDeferredKeys()
  }

  /// A background transform ended: its output is taken as a transform's (after `bg-cancel`, not).
  mutating func backgroundTransformed(id: Int, output: [UInt8]) {
    guard let job = held.backgroundJobs.removeValue(forKey: id), outcome == nil else { return }
    let actions = apply(output, to: job.target, key: job.key)
    guard !actions.isEmpty else { return }
    guard case .waitingForSearch = mode else {
      // After a transform in progress, they wait with the actions held already.
      if mode.holdsActions { mode.hold(actions) } else { run(actions) }
      return
    }
    // fzf's: while a `wait` blocks they run at once; a `wait` among them joins it, and what
    // follows it runs when the search is done.
    var rest = actions[...]
    while outcome == nil, let action = rest.popFirst() {
      if action == .action(.control(.wait)) {
        mode.hold(rest)
        return
      }
      perform(action)
    }
  }

  /// Sets `target` to a transform's output (a header or footer takes every line, the rest the
  /// first), or, with no target, reads the output as actions and returns them.
  private mutating func apply(_ output: [UInt8], to target: BoundAction.Setting?, key: String)
    -> [BoundAction]
  {
    var text = String(decoding: output, as: UTF8.self)
    while text.last?.isNewline == true { text.removeLast() }
    if let target {
      let value = target == .header || target == .footer ? text : String(text.prefix { !$0.isNewline })
      set(target, to: value)
      return []
    }
    do {
      return try BindSpec.actions(text, key: key)
    } catch {
      info.message = "transform: \(error.message)"
      return []
    }
  }
}
