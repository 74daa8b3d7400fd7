/// What is printed on accept besides the chosen lines, and how each line is written.
public struct OutputSettings: Sendable, Equatable {
  /// The query is the first output line (`--print-query`).
  public var printQuery: Bool
  /// The accepting key's name is printed before the lines (`--expect`).
  public var printKey: Bool
  /// Ends every output line (`--print0`: NUL).
  public var terminator: UInt8
  /// Only these fields of each line are printed (`--accept-nth`).
  public var fields: FieldSpec?
  public var delimiter: Delimiter
  /// Lines are printed without their SGR sequences (`--ansi`, as fzf does).
  public var ansi = false

  public init(
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
