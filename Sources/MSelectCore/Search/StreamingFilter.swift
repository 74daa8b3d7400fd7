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

  /// The runs of matches found so far, and the blocks they are in.
  private final class Matched {
    var runs: [Search.Run] = []
    var store = LineStore()
  }

  public init(_ query: [UInt8], settings: SearchSettings) {
    pattern = settings.pattern(query)
    self.settings = settings
  }

  /// Takes the next block of lines and starts matching it. A block without matches is let go as
  /// soon as it is matched (its memory goes back to the input buffers), so a query that matches
  /// little holds little of a long input.
  public func add(_ block: LineBlock) {
    let end = block.firstIndex + block.count
    // The header lines (`--header-lines`) are never candidates.
    let range = min(max(block.firstIndex, settings.headerLines), end)..<end
    guard !range.isEmpty else { return }
    var store = LineStore()
    store.append(after: block)
    let (pattern, settings, matched, alone) = (pattern, settings, matched, store)
    queue.async {
      let found =
        Search.matchParts(
          pattern, in: alone, scope: .all(range), rank: settings.rank, fields: settings.fields) ?? []
      guard found.contains(where: { $0.lines.count > 0 }) else { return }
      matched.pointer.runs += found
      matched.pointer.store.append(after: block)
    }
  }

  /// Waits for the matching to end; returns every match, best first, and the blocks holding them.
  public func finish() -> (lines: LineList, store: LineStore) {
    let (runs, store) = queue.sync { (matched.pointer.runs, matched.pointer.store) }
    return (Search.rankedIndices(runs, settings.rank.effective(for: pattern)), store)
  }
}
