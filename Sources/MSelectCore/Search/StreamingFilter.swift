import Dispatch

/// `--filter` over input that arrives in blocks (a pipe): each block is matched on the cores while
/// the next one is read, so when the input ends only the last block and the sort remain.
public final class StreamingFilter {
  private let pattern: Pattern
  private let settings: SearchSettings
  /// Matching happens here, one block after another, in input order.
  private let queue = DispatchQueue(label: "mselect.filter")
  /// What the queue has matched so far, in input order; only the queue touches it.
  private let matched = Shared(Matched())
  public private(set) var store = LineStore()

  /// The runs of matches found so far.
  private final class Matched {
    var runs: [Search.Run] = []
  }

  public init(_ query: [UInt8], settings: SearchSettings) {
    pattern = settings.pattern(query)
    self.settings = settings
  }

  /// Takes the next block of lines and starts matching it.
  public func add(_ block: LineBlock) {
    store.append(block)
    let snapshot = store
    let end = block.firstIndex + block.count
    // The header lines (`--header-lines`) are never candidates.
    let range = min(max(block.firstIndex, settings.headerLines), end)..<end
    guard !range.isEmpty else { return }
    let (pattern, settings, matched) = (pattern, settings, matched)
    queue.async {
      let found = Search.matchParts(
        pattern, in: snapshot, scope: .all(range), rank: settings.rank, fields: settings.fields)
      matched.pointer.runs += found ?? []
    }
  }

  /// Waits for the matching to end and returns every match, best first.
  public func finish() -> LineList {
    let all = queue.sync { matched.pointer.runs }
    return Search.rankedIndices(all, settings.rank.effective(for: pattern))
  }
}
