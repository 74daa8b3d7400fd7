/// What is printed on accept besides the chosen lines, and how each line is written.
package struct OutputSettings: Sendable, Equatable {
  /// The query is the first output line (`--print-query`).
  package var printQuery: Bool
  /// The accepting key's name is printed before the lines (`--expect`).
  package var printKey: Bool
  /// Ends every output line (`--print0`: NUL).
  package var terminator: UInt8
  /// Only these fields of each line are printed (`--accept-nth`).
  package var fields: FieldSpec?
  package var delimiter: Delimiter
  /// Lines are printed without their SGR sequences (`--ansi`, as fzf does).
  package var ansi = false

  package init(
    printQuery: Bool = false, printKey: Bool = false, terminator: UInt8 = 10, fields: FieldSpec? = nil,
    delimiter: Delimiter = .whitespace
  ) {
    self.printQuery = printQuery
    self.printKey = printKey
    self.terminator = terminator
    self.fields = fields
    self.delimiter = delimiter
  }
}
