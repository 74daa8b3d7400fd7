import MSelectCore
import MSelectTerminal

extension Picker {
  /// The picker's settings: mselect's defaults, then this picker's properties.
  func makeSettings() throws(PickerError) -> PickerSettings {
    var settings = PickerSettings()
    settings.look.prompt = prompt
    settings.query = Array(query.utf8)
    settings.look.header = header
    settings.look.ghost = placeholder
    settings.list.cycle = cycle
    settings.look.colors = TerminalTraits.useColors(.auto, environment: Environment.current)
    if let minimum, minimum < 0 { throw .invalidConfiguration("minimum must be 0 or more, not \(minimum)") }
    if let maximum, maximum < 1 { throw .invalidConfiguration("maximum must be 1 or more, not \(maximum)") }
    if let minimum, let maximum, minimum > maximum {
      throw .invalidConfiguration("minimum (\(minimum)) is more than maximum (\(maximum))")
    }
    settings.selection = SelectionSettings(
      min: minimum, max: maximum, order: outputInMarkingOrder ? .selection : .input)
    settings.preselection.indices = Set(items.indices.filter { preselected(items[$0]) })
    if let ignoresCase { settings.search.match.caseMode = ignoresCase ? .insensitive : .sensitive }
    if forgivesTypos { settings.search.match.typos = .byLength }
    switch height {
    case .fullscreen: settings.window.height = .fullscreen
    case .rows(let rows):
      guard rows > 0 else { throw .invalidConfiguration("height must be 1 row or more, not \(rows)") }
      settings.window.height = .lines(rows)
    case .percent(let percent):
      guard (1...100).contains(percent) else {
        throw .invalidConfiguration("height must be 1% to 100%, not \(percent)%")
      }
      settings.window.height = percent == 100 ? .fullscreen : .percent(percent)
    }
    if preview != nil {
      guard (1...99).contains(previewSize) else {
        throw .invalidConfiguration("previewSize must be 1 to 99 (percent), not \(previewSize)")
      }
      // The session asks `preview` for the line under the cursor; the template opens the pane, with
      // fzf's rule for an empty list (a template of the line only runs for a line), and is not run.
      settings.preview.command = "{n}"
      settings.preview.size = .percent(previewSize)
      settings.preview.position =
        switch previewPosition {
        case .right: .right
        case .left: .left
        case .top: .up
        case .bottom: .down
        }
    }
    // A key no terminal sends (`.ctrl("1")`) would otherwise stand for every unrecognised sequence.
    if let key = (bindings.keys.map { $0 } + acceptKeys).first(where: { $0.key == .unknown }) {
      throw .invalidConfiguration("no terminal key is \(key.description)")
    }
    for (key, actions) in bindings {
      settings.behaviour.bindings[.key(key.key)] = actions.map { .action($0.action) }
    }
    for key in acceptKeys {
      settings.behaviour.expectKeys[key.key] = key.description
    }
    return settings
  }
}
