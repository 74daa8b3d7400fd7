/// How lines are matched and ranked: everything a search needs, and nothing about the command line.
public struct SearchSettings: Sendable, Equatable {
  public var match: MatchOptions
  public var rank: RankOptions
  /// The part of each line that is searched (`--nth`, else `--with-nth`).
  package var fields: SearchFields
  /// The first input lines are a header (`--header-lines`): never matched, selected or printed.
  public var headerLines: Int
  /// The query filters the lines (`--disabled` turns it off: every line stays, in input order).
  package var filtering = true
  /// `--tail N`: only the last N lines (after the header lines) are kept.
  package var tail: Int?

  /// Settings that match with `match` and rank with `rank`, every line searched whole.
  public init(match: MatchOptions = MatchOptions(), rank: RankOptions = RankOptions(), headerLines: Int = 0) {
    self.init(match: match, rank: rank, fields: SearchFields(), headerLines: headerLines)
  }

  package init(
    match: MatchOptions = MatchOptions(), rank: RankOptions = RankOptions(), fields: SearchFields,
    headerLines: Int = 0
  ) {
    self.match = match
    self.rank = rank
    self.fields = fields
    self.headerLines = max(0, headerLines)
  }

  /// The lines that can be matched and selected among the first `count`: the one place that skips
  /// the header lines and, with `--tail`, the lines before the last N.
  package func candidates(count: Int) -> Range<Int> {
    let headers = min(headerLines, count)
    guard let tail, count - headers > tail else { return headers..<count }
    return (count - tail)..<count
  }

  /// The parsed query.
  package func pattern(_ query: [UInt8]) -> Pattern {
    var options = match
    options.backward = rank.searchesBackward
    return filtering ? Pattern(query: query, options: options) : Pattern(unfiltered: query, options: options)
  }
}

/// Which part of each line is searched: some fields (`--nth`, else `--with-nth`), or all of it.
package struct SearchFields: Sendable, Equatable {
  /// `--nth`: the fields searched, counted in `view`'s text when there is a view (as in fzf).
  let spec: FieldSpec?
  /// `--with-nth`: what is shown of each line (fields, or a template).
  let view: FieldSpec?
  let delimiter: Delimiter
  /// The text searched is the line without its SGR sequences (`--ansi`).
  package var ansi = false

  /// The whole line.
  package init() {
    spec = nil
    view = nil
    delimiter = .whitespace
  }

  /// The fields `spec` of each line's `view` (or of the line), split at `delimiter`; nil for both
  /// means the whole line.
  package init(_ spec: FieldSpec?, view: FieldSpec? = nil, delimiter: Delimiter) {
    self.spec = spec
    self.view = view
    self.delimiter = delimiter
  }

  /// Whether only a part of each line is searched.
  var selects: Bool { spec != nil || view != nil }

  /// What fzf calls the item's text (`--with-nth`'s view, or nil for the line itself): the text the
  /// sort keys measure; the text searched in it (`--nth`'s fields); and how many characters of the
  /// item's text come before the searched text, for a selection of one field or one range of them
  /// (fzf adds its token's place to a match's offsets), else 0. With several (`--nth 1,3`), `pieces`
  /// holds each one's text and place apart (fzf looks for a term in each in turn), and `searched` is
  /// left empty.
  func searchedParts(_ line: UnsafeRawBufferPointer)
    -> (item: [UInt8]?, searched: [UInt8], shift: Int, pieces: [(text: [UInt8], shift: Int)]?)
  {
    let shown = view.map { Fields.view(line, $0, delimiter) }
    guard let spec else { return (shown, shown ?? Array(line), 0, nil) }
    func parts(_ item: UnsafeRawBufferPointer) -> ([UInt8], Int, [(text: [UInt8], shift: Int)]?) {
      guard spec.template == nil else { return (Fields.extract(item, spec, delimiter), 0, nil) }
      let fields = Fields.ranges(item, delimiter)
      func piece(_ selection: FieldSpec.Item) -> (text: [UInt8], shift: Int) {
        let indices = FieldSpec.indices(of: selection, count: fields.count)
        let text = Fields.join(item, fields, indices)
        guard let first = indices.first else { return (text, 0) }
        return (
          text, LineMeasure.characters(UnsafeRawBufferPointer(rebasing: item[..<fields[first].lowerBound]))
        )
      }
      if spec.items.count == 1 {
        let only = piece(spec.items[0])
        return (only.text, only.shift, nil)
      }
      return ([], 0, spec.items.map(piece))
    }
    let (searched, shift, pieces) = shown.map { $0.withUnsafeBytes(parts) } ?? parts(line)
    return (shown, searched, shift, pieces)
  }
}
