/// The rules of the marked set: how many lines, and in which order they are printed.
public struct SelectionSettings: Sendable, Equatable {
  /// At least this many lines must be marked to accept (`--min`).
  public var min: Int?
  /// At most this many lines may be marked (`--max`).
  public var max: Int?
  public var order: Selection.Order

  public init(min: Int? = nil, max: Int? = nil, order: Selection.Order = .input) {
    self.min = min
    self.max = max
    self.order = order
  }
}

/// Which lines start marked; the options combine as a union.
package struct PreselectionSettings: Sendable, Equatable {
  /// Lines marked when their bytes equal one of these (`--preselect`, the lines of `--preselect-file`).
  package var lines: [[UInt8]]
  /// Lines marked when one of these queries matches them (`--preselect-match`).
  package var queries: [[UInt8]]
  /// Every line is marked (`--select-all`).
  package var all: Bool
  /// Lines marked by their index in the input (the embedded picker's preselection).
  package var indices: Set<Int> = []
  /// How the queries compare characters.
  package var match: MatchOptions
  /// Lines are compared and matched without their SGR sequences (`--ansi`).
  package var ansi = false
  /// gum's `--label-delimiter`: `lines` name the label, the part of a line before the delimiter's
  /// first occurrence (a line without it is all label).
  package var labelDelimiter: [UInt8]?
  /// gum's `--selected` with `--limit 1`: the picker opens with the cursor on the first of these lines
  /// (compared as `lines` are), none marked.
  package var focus: [[UInt8]] = []

  package init(
    lines: [[UInt8]] = [], queries: [[UInt8]] = [], all: Bool = false, match: MatchOptions = MatchOptions()
  ) {
    self.lines = lines
    self.queries = queries
    self.all = all
    self.match = match
  }

  /// Whether any preselection was asked for.
  package var isActive: Bool { all || !lines.isEmpty || !queries.isEmpty || !indices.isEmpty }
}
