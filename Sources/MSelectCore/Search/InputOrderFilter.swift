/// `--filter --no-sort` over input that arrives in blocks (a pipe, a terminal): each block's matches
/// are handed over as soon as the block is read, in input order, as fzf's streaming filter prints
/// them, so the matches of an endless producer (`tail -f log | mselect -f error --no-sort`, `yes |
/// mselect -f y --no-sort | head -3`) come out at once instead of at its end.
package struct InputOrderFilter: Sendable {
  private let plan: SearchPlan
  private let settings: SearchSettings

  package init(_ query: [UInt8], settings: SearchSettings) {
    plan = settings.plan(query)
    self.settings = settings
  }

  /// Whether `settings` let a filter print as it reads: input order (`--no-sort`), not reversed
  /// (`--tac` needs the end of the input first).
  package static func applies(to settings: SearchSettings) -> Bool {
    !settings.rank.sort && !settings.rank.reverse
  }

  /// The matching lines of `block` in input order, and a store of the block that holds them (the
  /// header lines, `--header-lines`, are never candidates).
  package func matches(in block: LineBlock) -> (lines: LineList, store: LineStore) {
    var store = LineStore()
    store.append(after: block)
    let end = block.firstIndex + block.count
    let scope = min(max(block.firstIndex, settings.headerLines), end)..<end
    guard !scope.isEmpty else { return (LineList([]), store) }
    let runs =
      Search.matchParts(plan, in: store, scope: .all(scope), fields: settings.fields) ?? []
    return (Search.rankedIndices(runs, plan.rank), store)
  }
}
