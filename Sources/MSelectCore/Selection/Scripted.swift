/// The modes that need no terminal: `--batch`, and `-1`/`-0` when they fire.
package enum Scripted {
  /// What a scripted run decided.
  package enum Decision: Equatable, Sendable {
    /// Print these lines (exit 0).
    case print(LineList)
    /// Nothing to print (exit 1); the message, if any, goes to stderr.
    case nothing(String?)
    /// Neither `-1` nor `-0` fired: the picker is needed.
    case interactive
  }

  /// What a scripted decision depends on.
  package struct Settings: Sendable {
    package var search: SearchSettings
    package var selection: SelectionSettings
    /// The query (`-q`).
    package var query: [UInt8]
    /// `-1`: print the only match without opening the picker.
    package var selectOne: Bool
    /// `-0`: exit at once when nothing matches.
    package var exitZero: Bool
    /// A preselection option was given: the result is exactly the preselected set, even when empty.
    package var preselects: Bool

    package init(
      search: SearchSettings = SearchSettings(), selection: SelectionSettings = SelectionSettings(),
      query: [UInt8] = [], selectOne: Bool = false, exitZero: Bool = false, preselects: Bool = false
    ) {
      self.search = search
      self.selection = selection
      self.query = query
      self.selectOne = selectOne
      self.exitZero = exitZero
      self.preselects = preselects
    }
  }

  /// The ranked matches of the query among the candidates.
  private static func ranked(_ settings: Settings, _ store: LineStore) -> LineList {
    Filter.ranked(settings.search.plan(settings.query), in: store, settings: settings.search)
  }

  /// `--batch`: what Enter would print right away. When a preselection option is given, that is exactly
  /// the preselected set (a script restoring a saved choice never gets an unrelated line); else the
  /// best match of the query.
  package static func batch(_ settings: Settings, _ store: LineStore, _ preselected: Selection) -> Decision {
    if settings.exitZero && ranked(settings, store).isEmpty { return .nothing(nil) }
    let lines: [Int]
    if settings.preselects || preselected.everMarked {
      lines = preselected.lines(settings.selection.order)
    } else {
      lines = ranked(settings, store).prefix(1).map { $0 }
    }
    if let min = settings.selection.min, lines.count < min {
      return .nothing("\(lines.count) selected, --min requires at least \(min)")
    }
    return lines.isEmpty ? .nothing(nil) : .print(LineList(lines))
  }

  /// `-1` / `-0` before the picker opens: decide when exactly one or no line matches.
  package static func early(_ settings: Settings, _ store: LineStore) -> Decision {
    guard settings.selectOne || settings.exitZero else { return .interactive }
    let lines = ranked(settings, store)
    if settings.exitZero && lines.isEmpty { return .nothing(nil) }
    if settings.selectOne && lines.count == 1 && (settings.selection.min ?? 0) <= 1 { return .print(lines) }
    return .interactive
  }
}
