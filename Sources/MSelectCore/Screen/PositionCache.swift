/// The matcher and the highlight positions of the lines on screen, kept while the query stays the
/// same (a frame is rendered at every event, and a long line's positions are not free).
package struct PositionCache {
  package init() {}

  private var query: [UInt8] = []
  private var byLine: [Int: [Int]] = [:]

  private var matcher: Matcher?

  /// The matcher of `query`, made once per query (a frame is drawn at every event).
  mutating func matcher(for query: [UInt8], _ settings: SearchSettings) -> Matcher {
    if let matcher, matcher.pattern.query == query, matcher.pattern.options == settings.match {
      return matcher
    }
    let made = Matcher(pattern: settings.pattern(query))
    matcher = made
    return made
  }

  mutating func positions(_ line: Int, query: [UInt8], compute: () -> [Int]) -> [Int] {
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
