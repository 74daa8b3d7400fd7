/// The picker's searches: which was handed out last, which is running, for which input, and the
/// results kept for other queries.
struct SearchSchedule {
  /// Results of recent queries (backspace finds them).
  var cache = ResultCache()
  /// Numbers the searches handed out.
  var generation = 0
  /// The search running: its query and the lines it covers (nil: none).
  var inFlight: (query: [UInt8], lineCount: Int)?
  /// Bumped when the input is replaced (`reload`) or searched another way (new fields): results
  /// of an older search are dropped.
  var epoch = 0

  /// Everything is to be searched again: the cached results and the search running are forgotten
  /// (its result, same query and lines, would otherwise stand for the new search's).
  mutating func restart() {
    cache = ResultCache()
    inFlight = nil
    epoch += 1
  }
}
