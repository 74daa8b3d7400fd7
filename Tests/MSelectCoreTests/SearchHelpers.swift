@testable import MSelectCore

extension Search {
  /// The matching lines of `scope` for `pattern` ranked by `rank`, unordered.
  static func matches(
    _ pattern: Pattern, in store: LineStore, scope: Scope, rank: RankOptions,
    cancelled: @Sendable () -> Bool = { false }
  ) -> [RankedLine]? {
    matches(SearchPlan(pattern, ranking: rank), in: store, scope: scope, cancelled: cancelled)
  }
}
