/// Decides which lines start marked: `--preselect`, `--preselect-file`, `--preselect-match`, `--select-all`.
package struct Preselector {
  private let all: Bool
  /// Lines are compared without their SGR sequences (`--ansi`: what is printed).
  private let ansi: Bool
  private let wanted: WantedLines
  private let labelDelimiter: [UInt8]?
  private var matchers: [Matcher]
  private let limit: Int?
  private let indices: Set<Int>
  /// Lines that matched but were refused by `--max`.
  package private(set) var dropped = 0

  /// `limit`: `--max`, which refuses marks beyond it.
  package init(_ settings: PreselectionSettings, limit: Int?) {
    ansi = settings.ansi
    all = settings.all
    wanted = WantedLines(settings.lines)
    labelDelimiter = settings.labelDelimiter
    matchers = settings.queries.map { Matcher(pattern: Pattern(query: $0, options: settings.match)) }
    self.limit = limit
    indices = settings.indices
  }

  /// Whether any preselection was asked for.
  package var isActive: Bool { all || !wanted.isEmpty || !matchers.isEmpty || !indices.isEmpty }

  /// Whether a line is named by any preselection option (they combine as a union).
  package mutating func wants(_ line: UnsafeRawBufferPointer) -> Bool {
    if ansi && ANSI.mayHaveSequences(line) {
      let plain = ANSI.stripped(line)
      return plain.withUnsafeBytes { wantsPlain($0) }
    }
    return wantsPlain(line)
  }

  private mutating func wantsPlain(_ line: UnsafeRawBufferPointer) -> Bool {
    if all || wanted.contains(Preselector.label(line, labelDelimiter)) { return true }
    for k in matchers.indices where matchers[k].match(line) != nil { return true }
    return false
  }

  /// The part of `line` before the first `delimiter` (all of it without one).
  private static func label(_ line: UnsafeRawBufferPointer, _ delimiter: [UInt8]?) -> UnsafeRawBufferPointer {
    guard let delimiter, let first = delimiter.first, line.count >= delimiter.count else { return line }
    for i in 0...(line.count - delimiter.count) where line[i] == first {
      if delimiter.indices.allSatisfy({ line[i + $0] == delimiter[$0] }) {
        return UnsafeRawBufferPointer(rebasing: line[..<i])
      }
    }
    return line
  }

  /// Marks the wanted lines among `candidates` (in input order, so `--max` keeps the first ones).
  package mutating func mark(_ candidates: Range<Int>, of store: LineStore, in selection: inout Selection) {
    guard isActive else { return }
    for index in candidates where indices.contains(index) || wants(store.line(index)) {
      if !selection.mark(index) { dropped += 1 }
    }
  }

  /// The message to give when `--max` cut the preselection short.
  package func warning(marked: Int) -> String? {
    guard dropped > 0, let limit else { return nil }
    return "\(marked + dropped) lines preselected; --max \(limit) keeps the first \(limit) in input order"
  }
}

/// Preselection of a whole input at once (the scripted modes).
package enum Preselection {
  /// The marked set and, when `--max` cut it short, a warning for stderr.
  package struct Outcome: Sendable {
    package var selection: Selection
    package var warning: String?
  }

  /// Applies every preselection option to the candidate lines of `store`.
  package static func apply(
    _ settings: PreselectionSettings, limit: Int?, store: LineStore, search: SearchSettings
  ) -> Outcome {
    var selection = Selection(limit: limit)
    var preselector = Preselector(settings, limit: limit)
    preselector.mark(search.candidates(count: store.count), of: store, in: &selection)
    return Outcome(selection: selection, warning: preselector.warning(marked: selection.count))
  }
}
