@testable import MSelectCore

/// A store holding `lines` (given as text).
func store(_ lines: [String]) -> LineStore {
  LineStore(lines: lines.map { Array($0.utf8) })
}

/// The lines `query` selects from `lines`, best first, as text.
func filter(
  _ query: String, _ lines: [String], options: MatchOptions = MatchOptions(),
  rank: RankOptions = RankOptions()
)
  -> [String]
{
  let s = store(lines)
  return Search.run(Pattern(query, options: options), in: s, rank: rank).map { lines[$0] }
}

/// The score of one line, or nil when it does not match.
func score(_ query: String, _ line: String, options: MatchOptions = MatchOptions()) -> Int32? {
  var matcher = Matcher(pattern: Pattern(query, options: options))
  return Array(line.utf8).withUnsafeBytes { matcher.match($0)?.score }
}

/// The highlighted character positions of one line.
func positions(_ query: String, _ line: String) -> [Int]? {
  var matcher = Matcher(pattern: Pattern(query))
  return Array(line.utf8).withUnsafeBytes { matcher.positions($0) }
}
