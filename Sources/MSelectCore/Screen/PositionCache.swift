/// The matcher and the highlight positions of the lines on screen, kept while the query stays the
/// same (a frame is rendered at every event, and a long line's positions are not free).
package struct PositionCache {
  package init() {}

  private var query: [UInt8] = []
  private var byLine: [Int: Highlights] = [:]

  private var matcher: (made: Matcher, runsFirst: Bool)?

  /// The matcher of `result`'s query, made once per query (a frame is drawn at every event), which
  /// reads mistakes as the search that ranked the lines did.
  mutating func matcher(for result: SearchResult, _ settings: SearchSettings) -> Matcher {
    if let (made, runsFirst) = matcher, made.pattern.query == result.query,
      made.pattern.options == settings.match,
      runsFirst == result.runsFirst
    {
      return made
    }
    let made = Matcher(pattern: settings.pattern(result.query), runsFirst: result.runsFirst)
    matcher = (made, result.runsFirst)
    // The same query read another way (typos toggled, the other reading ranked first) places its
    // highlights elsewhere.
    byLine.removeAll()
    return made
  }

  /// The highlights of line `line` for `query`, worked out by `compute` unless known.
  mutating func highlights(_ line: Int, query: [UInt8], compute: () -> Highlights) -> Highlights {
    if query != self.query {
      self.query = query
      byLine.removeAll()
    }
    if let known = byLine[line] { return known }
    if byLine.count > 512 { byLine.removeAll() }
    let found = compute()
    byLine[line] = found
    return found
  }
}
