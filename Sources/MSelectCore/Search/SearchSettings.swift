/// How lines are matched and ranked: everything a search needs, and nothing about the command line.
public struct SearchSettings: Sendable, Equatable {
  public var match: MatchOptions
  public var rank: RankOptions
  /// The part of each line that is searched (`--nth`, else `--with-nth`).
  public var fields: SearchFields
  /// The first input lines are a header (`--header-lines`): never matched, selected or printed.
  public var headerLines: Int
  /// The query filters the lines (`--disabled` turns it off: every line stays, in input order).
  public var filtering = true

  public init(
    match: MatchOptions = MatchOptions(), rank: RankOptions = RankOptions(),
    fields: SearchFields = SearchFields(), headerLines: Int = 0
  ) {
    self.match = match
    self.rank = rank
    self.fields = fields
    self.headerLines = max(0, headerLines)
  }

  /// The lines that can be matched and selected among the first `count`: the one place that skips
  /// the header lines.
  public func candidates(count: Int) -> Range<Int> {
    min(headerLines, count)..<count
  }

  /// The parsed query.
  public func pattern(_ query: [UInt8]) -> Pattern {
    filtering ? Pattern(query: query, options: match) : Pattern(unfiltered: query, options: match)
  }
}

/// Which part of each line is searched: some fields (`--nth`, else `--with-nth`), or all of it.
public struct SearchFields: Sendable, Equatable {
  let spec: FieldSpec?
  let delimiter: Delimiter
  /// The text searched is the line without its SGR sequences (`--ansi`).
  package var ansi = false

  /// The whole line.
  public init() {
    spec = nil
    delimiter = .whitespace
  }

  /// The fields `spec` of each line, split at `delimiter`; nil `spec` means the whole line.
  public init(_ spec: FieldSpec?, delimiter: Delimiter) {
    self.spec = spec
    self.delimiter = delimiter
  }
}
