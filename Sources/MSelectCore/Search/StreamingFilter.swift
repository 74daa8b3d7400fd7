import Dispatch

/// `--filter` over input that arrives in blocks (a pipe): each block is matched on the cores while
/// the next one is read, so when the input ends only the last block and the sort remain.
package final class StreamingFilter {
  private let plan: SearchPlan
  private let settings: SearchSettings
  /// Matching happens here, a turn at a time, in input order.
  private let queue = DispatchQueue(label: "mselect.filter")
  /// Blocks added and not yet taken by the queue.
  private let inbox = Locked<[LineBlock]>([])
  /// What the queue has matched so far, in input order (the queue adds to it, `finish` takes it).
  private let matched = Locked(Matched())

  /// The runs of matches found so far, and the blocks they are in.
  private struct Matched {
    var runs: [Search.Run] = []
    var store = LineStore()
  }

  package init(_ query: [UInt8], settings: SearchSettings) {
    plan = settings.plan(query)
    self.settings = settings
  }

  /// Takes the next block of lines and starts matching it. A block without matches is let go as
  /// soon as it is matched (its memory goes back to the input buffers), so a query that matches
  /// little holds little of a long input.
  package func add(_ block: LineBlock) {
    let end = block.firstIndex + block.count
    // The header lines (`--header-lines`) are never candidates.
    guard max(block.firstIndex, settings.headerLines) < end else { return }
    inbox.withLock { $0.append(block) }
    let (inbox, plan, settings, matched) = (inbox, plan, settings, matched)
    queue.async {
      // Whatever has come in since the last turn (nothing, if that turn took this one's block).
      let blocks = inbox.takeAll()
      guard let first = blocks.first, let last = blocks.last else { return }
      StreamingFilter.match(
        blocks, first.firstIndex..<last.firstIndex + last.count, plan, settings, matched)
    }
  }

  /// Matches `blocks` (in input order, lines `range`) together: when the matching has fallen behind
  /// the reading, the blocks waiting are searched in one go, with no pause at each block's end for
  /// the slower core.
  private static func match(
    _ blocks: [LineBlock], _ range: Range<Int>, _ plan: SearchPlan, _ settings: SearchSettings,
    _ matched: Locked<Matched>
  ) {
    // The empty query's one run spans every block searched: those go one at a time.
    if plan.pattern.isEmpty && blocks.count > 1 {
      for block in blocks {
        match([block], block.firstIndex..<block.firstIndex + block.count, plan, settings, matched)
      }
      return
    }
    var store = LineStore()
    for block in blocks { store.append(after: block) }
    let scope = min(max(range.lowerBound, settings.headerLines), range.upperBound)..<range.upperBound
    let found =
      Search.matchParts(plan, in: store, scope: .all(scope), fields: settings.fields) ?? []
    // The runs come slice by slice, and a slice is within one block (a query that is not empty): each
    // block takes the runs up to the first that starts after it.
    var next = 0
    for block in blocks {
      let end = UInt32(truncatingIfNeeded: block.firstIndex + block.count)
      var runs: [Search.Run] = []
      while next < found.count, found[next].lines.first.map({ $0.index < end }) ?? true {
        runs.append(found[next])
        next += 1
      }
      guard runs.contains(where: { $0.lines.count > 0 }) else { continue }
      let kept = StreamingFilter.kept(block, runs)
      matched.withLock { matched in
        matched.runs += runs
        matched.store.append(after: kept)
      }
    }
  }

  /// What of `block` to keep for its matches `found` (in input order): the block itself, or, when the
  /// matching lines take less than half its bytes, a block of just those lines, renumbered in place
  /// (their order, and so every tie, stays the same). The block's buffer then goes back to the input
  /// buffers for the next read: a fresh buffer costs a page fault and a zeroed page every 4 KiB,
  /// more than copying a few lines.
  static func kept(_ block: LineBlock, _ found: [Search.Run]) -> LineBlock {
    let first = block.firstIndex
    var bytes = 0
    var count = 0
    for run in found {
      for line in run.lines { bytes += block.line(Int(line.index) - first).count + 1 }
      count += run.lines.count
    }
    guard bytes * 2 < Int(block.starts[block.count]) else { return block }
    let base = Platform.allocate(max(bytes, 1))
    var starts = [UInt32](repeating: 0, count: count + 1)
    var k = 0
    var offset = 0
    for run in found {
      for i in run.lines.indices {
        let local = Int(run.lines[i].index) - first
        let from = Int(block.starts[local])
        let length = Int(block.starts[local + 1]) - from
        (base + offset).copyMemory(from: block.base + from, byteCount: length)
        offset += length
        run.lines[i].index = UInt32(truncatingIfNeeded: first + k)
        k += 1
        starts[k] = UInt32(truncatingIfNeeded: offset)
      }
    }
    return LineBlock(base: base, starts: starts, firstIndex: first)
  }

  /// Waits for the matching to end; returns every match, best first, and the blocks holding them.
  package func finish() -> (lines: LineList, store: LineStore) {
    // Taken out, so that only `runs` holds the matches: the sort gives their pages back as it reads them.
    let (runs, store) = queue.sync {
      matched.withLock { matched in
        defer { matched.runs = [] }
        return (matched.runs, matched.store)
      }
    }
    Search.settle(runs, plan, fields: settings.fields) { store.line($0) }
    return (Search.rankedIndices(runs, plan.rank), store)
  }
}
