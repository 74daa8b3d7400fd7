import Dispatch
import Synchronization

/// Runs a pattern over a `LineStore`: matches lines in parallel slices and ranks them.
package enum Search {
  /// Lines per parallel work item: large enough to amortise scheduling, small enough to balance two cores.
  static let sliceLines = 32 << 10

  /// A range of lines to search, or a list of candidate lines (the previous query's matches).
  package enum Scope: Sendable {
    case all(Range<Int>)
    /// Candidates in input order.
    case candidates([UInt32])
    /// Candidates in any order (each line is looked up on its own).
    case scattered(ArraySlice<UInt32>)
    /// Candidates as a set (a broader result, as the picker keeps it): no list of them is made.
    case set(LineSet)
  }

  /// The matching lines of `scope`, unordered; nil if `cancelled` turned true meanwhile.
  package static func matches(
    _ plan: SearchPlan, in store: LineStore, scope: Scope, fields: SearchFields = SearchFields(),
    cancelled: @Sendable () -> Bool = { false }
  ) -> [RankedLine]? {
    guard
      let parts = matchParts(plan, in: store, scope: scope, fields: fields, cancelled: cancelled)
    else { return nil }
    settle(parts, plan, fields: fields) { store.line($0) }
    return concatenated(parts)
  }

  /// The lines of `scope` that match, in input order, found without scoring them where that is
  /// cheaper (see `Matcher.accepts`): the exact count of a search, long before its ranking. Whole
  /// lines only (no `--nth`, no `--ansi`); nil if `cancelled` turned true meanwhile. A set, not a
  /// list: on millions of matches it takes an eighth of a byte a line while they are scored.
  package static func matchingLines(
    _ pattern: Pattern, in store: LineStore, scope: Scope, cancelled: @Sendable () -> Bool = { false }
  ) -> LineSet? {
    let found = perSlice(makeSlices(store, scope), cancelled: cancelled) { slice -> LineSet.Part in
      var matcher = Matcher(pattern: pattern)
      var found: [UInt32] = []
      let block = slice.block
      switch slice.lines {
      case .range(let r):
        block.starts.withUnsafeBufferPointer { acceptedLines(r, of: block, $0, &matcher, &found) }
      case .list(let list):
        for index in list where matcher.accepts(block.line(Int(index) - block.firstIndex)) {
          found.append(index)
        }
      case .scattered(let list):
        for index in list where matcher.accepts(store.line(Int(index))) { found.append(index) }
      case .set(let r, let set):
        set.words.withUnsafeBufferPointer { acceptedLines(r, of: block, $0, &matcher, &found) }
      }
      return LineSet.Part(found)
    }
    return found.map { LineSet($0, lineCount: store.count) }
  }

  /// Runs `body` on every slice, spread over the cores; the results in slice order, or nil if
  /// `cancelled` turned true meanwhile (slices not started by then are skipped).
  private static func perSlice<T>(
    _ slices: [Slice], cancelled: @Sendable () -> Bool, _ body: @Sendable (Slice) -> T
  ) -> [T]? {
    let buffer = UnsafeMutableBufferPointer<T?>.allocate(capacity: slices.count)
    buffer.initialize(repeating: nil)
    defer { buffer.deinitialize().deallocate() }
    let results = Shared(buffer)
    let anyCancelled = CancelFlag()
    Parallel.run(slices.count) { s in
      if anyCancelled.isSet || cancelled() {
        anyCancelled.set()
        return
      }
      results.pointer[s] = body(slices[s])
    }
    if anyCancelled.isSet { return nil }
    return buffer.map { $0.unsafelyUnwrapped }
  }

  /// The matches of one slice of the input, in input order, in memory of exactly their size (a
  /// growing array keeps up to twice that), which the radix sort reads in place.
  package final class Run: Sendable {
    private let memory: Shared<UnsafeMutableBufferPointer<RankedLine>>
    var lines: UnsafeMutableBufferPointer<RankedLine> { memory.pointer }

    init(_ found: [RankedLine]) {
      let lines = UnsafeMutableBufferPointer<RankedLine>.allocate(capacity: found.count)
      _ = lines.initialize(from: found)
      memory = Shared(lines)
    }

    /// A run of `count` lines that `fill` writes in place (every one of them).
    init(count: Int, fill: (UnsafeMutableBufferPointer<RankedLine>) -> Void) {
      let lines = UnsafeMutableBufferPointer<RankedLine>.allocate(capacity: count)
      fill(lines)
      memory = Shared(lines)
    }

    deinit { memory.pointer.deallocate() }
  }

  /// The matching lines of `scope` as runs that together are in input order (one per slice searched,
  /// each no larger than it needs to be); nil if `cancelled` turned true meanwhile.
  package static func matchParts(
    _ plan: SearchPlan, in store: LineStore, scope: Scope, fields: SearchFields = SearchFields(),
    cancelled: @Sendable () -> Bool = { false }
  ) -> [Run]? {
    let (pattern, rank) = (plan.pattern, plan.rank)
    let sortKey = SortKey(rank, for: pattern)
    if pattern.isEmpty {
      var lines = everyLine(of: scope)
      if rank.learned != nil {
        // Learned lines first: every line's key is the unscored one, lifted by what was learned.
        let unscored = sortKey.unscored
        for k in lines.indices {
          lines[k].key = sortKey.boosted(unscored, line: store.line(Int(lines[k].index)))
        }
      }
      return [Run(lines)]
    }
    return perSlice(makeSlices(store, scope), cancelled: cancelled) { slice in
      Run(search(slice, of: store, pattern, sortKey, fields))
    }
  }

  /// The matches of one slice, in input order.
  ///
  /// The matcher and the results are locals passed `inout`, never captured by a closure: captured
  /// mutable variables would get run-time exclusivity checks on every line.
  private static func search(
    _ slice: Slice, of store: LineStore, _ pattern: Pattern, _ sortKey: SortKey, _ fields: SearchFields
  ) -> [RankedLine] {
    var matcher = Matcher(pattern: pattern)
    var found: [RankedLine] = []
    let block = slice.block
    switch slice.lines {
    case .range(let r):
      block.starts.withUnsafeBufferPointer { starts in
        searchRange(r, of: block, starts, &matcher, &found, fields, sortKey)
      }
    case .list(let list):
      block.starts.withUnsafeBufferPointer { starts in
        for index in list {
          visit(block, starts, Int(index) - block.firstIndex, &matcher, &found, fields, sortKey)
        }
      }
    case .scattered(let list):
      for index in list {
        guard let key = key(of: store.line(Int(index)), &matcher, fields, sortKey) else { continue }
        found.append(RankedLine(key: key, index: index))
      }
    case .set(let r, let set):
      block.starts.withUnsafeBufferPointer { starts in
        set.words.withUnsafeBufferPointer { words in
          searchSet(r, of: block, starts, words, &matcher, &found, fields, sortKey)
        }
      }
    }
    return found
  }

  /// The matches among the lines of `words` (a `LineSet`'s bits) that are local lines `r` of `block`.
  private static func searchSet(
    _ r: Range<Int>, of block: LineBlock, _ starts: UnsafeBufferPointer<UInt32>,
    _ words: UnsafeBufferPointer<UInt64>,
    _ matcher: inout Matcher, _ found: inout [RankedLine], _ fields: SearchFields, _ sortKey: SortKey
  ) {
    let first = block.firstIndex
    var lines = LineSet.Cursor(words, first + r.lowerBound..<first + r.upperBound)
    while let index = lines.next() { visit(block, starts, index - first, &matcher, &found, fields, sortKey) }
  }

  /// The matches among local lines `r` of `block`, jumping from one possible match to the next (lines
  /// in between cannot match). A function of its own: the matcher is an `inout` parameter here, where
  /// a closure capturing it would copy it (and retain its buffers) at every call.
  private static func searchRange(
    _ r: Range<Int>, of block: LineBlock, _ starts: UnsafeBufferPointer<UInt32>, _ matcher: inout Matcher,
    _ found: inout [RankedLine], _ fields: SearchFields, _ sortKey: SortKey
  ) {
    let bytes = UnsafePointer(block.base.assumingMemoryBound(to: UInt8.self))
    // With --ansi the line searched is not its bytes: only the skip applies.
    let skips = !fields.selects && !fields.ansi
    let upper = min(r.upperBound, block.count)
    guard r.lowerBound < upper else { return }
    let end = Int(starts[upper])
    adapt(&matcher, bytes, from: Int(starts[r.lowerBound]), to: end)
    let skipper = matcher.skipper
    var local = r.lowerBound
    while local < upper {
      let hit = !fields.selects ? skipper.nextCandidate(bytes, from: Int(starts[local]), to: end) : 0
      while local < upper && Int(starts[local + 1]) <= hit { local += 1 }
      guard local < upper else { break }
      // The bytes from the hit to the line's end often settle it (see `Prescan.verdict`).
      switch skips ? skipper.verdict(bytes, from: hit, lineEnd: Int(starts[local + 1]) - 1) : .possible {
      case .ruledOut: break
      case .passes: visit(block, starts, local, &matcher, &found, fields, sortKey, prescanned: true)
      case .possible: visit(block, starts, local, &matcher, &found, fields, sortKey)
      }
      local += 1
    }
  }

  /// The lines among local lines `r` of `block` that `matcher` accepts, skipping as `searchRange` does.
  private static func acceptedLines(
    _ r: Range<Int>, of block: LineBlock, _ starts: UnsafeBufferPointer<UInt32>, _ matcher: inout Matcher,
    _ found: inout [UInt32]
  ) {
    let bytes = UnsafePointer(block.base.assumingMemoryBound(to: UInt8.self))
    let upper = min(r.upperBound, block.count)
    guard r.lowerBound < upper else { return }
    let end = Int(starts[upper])
    adapt(&matcher, bytes, from: Int(starts[r.lowerBound]), to: end)
    let skipper = matcher.skipper
    var local = r.lowerBound
    var visited = 0
    while local < upper {
      // Most lines hold a candidate (a broad query): then testing each line is cheaper than skipping.
      if visited == 128 && local - r.lowerBound < 256 { break }
      let hit = skipper.nextCandidate(bytes, from: Int(starts[local]), to: end)
      while local < upper && Int(starts[local + 1]) <= hit { local += 1 }
      guard local < upper else { return }
      visited += 1
      let lineStart = Int(starts[local])
      let lineEnd = Int(starts[local + 1]) - 1
      if case .ruledOut = skipper.verdict(bytes, from: hit, lineEnd: lineEnd) {
      } else if matcher.accepts(UnsafeRawBufferPointer(start: bytes + lineStart, count: lineEnd - lineStart))
      {
        found.append(UInt32(truncatingIfNeeded: block.firstIndex + local))
      }
      local += 1
    }
    while local < upper {
      if matcher.accepts(block.line(local)) {
        found.append(UInt32(truncatingIfNeeded: block.firstIndex + local))
      }
      local += 1
    }
  }

  /// The lines of `words` (a `LineSet`'s bits) among local lines `r` of `block` that `matcher` accepts.
  private static func acceptedLines(
    _ r: Range<Int>, of block: LineBlock, _ words: UnsafeBufferPointer<UInt64>, _ matcher: inout Matcher,
    _ found: inout [UInt32]
  ) {
    let first = block.firstIndex
    var lines = LineSet.Cursor(words, first + r.lowerBound..<first + r.upperBound)
    while let index = lines.next() {
      if matcher.accepts(block.line(index - first)) { found.append(UInt32(truncatingIfNeeded: index)) }
    }
  }

  /// Lets the matcher's skip adapt to the first 16 KiB of `bytes[from..<to]`, the lines about to be searched.
  @inline(__always)
  private static func adapt(_ matcher: inout Matcher, _ bytes: UnsafePointer<UInt8>, from: Int, to: Int) {
    matcher.adapt(to: UnsafeRawBufferPointer(start: bytes + from, count: min(16 << 10, to - from)))
  }

  /// Matches local line `local` of `block`, keeping it in `found` if it matches.
  @inline(__always)
  private static func visit(
    _ block: LineBlock, _ starts: UnsafeBufferPointer<UInt32>, _ local: Int, _ matcher: inout Matcher,
    _ found: inout [RankedLine], _ fields: SearchFields, _ sortKey: SortKey, prescanned: Bool = false
  ) {
    let start = Int(starts[local])
    let line = UnsafeRawBufferPointer(start: block.base + start, count: Int(starts[local + 1]) - 1 - start)
    guard let key = key(of: line, &matcher, fields, sortKey, prescanned: prescanned) else { return }
    found.append(RankedLine(key: key, index: UInt32(truncatingIfNeeded: block.firstIndex + local)))
  }

  /// The parts back to back; large results are copied by all cores (the fresh pages of tens of MiB
  /// cost as much as the copying).
  static func concatenated(_ parts: [Run]) -> [RankedLine] {
    var starts = [0]
    for part in parts { starts.append(starts[starts.count - 1] + part.lines.count) }
    let offsets = starts
    let total = offsets[offsets.count - 1]
    guard total >= 1 << 16, parts.count > 1 else { return parts.flatMap { $0.lines } }
    return [RankedLine](unsafeUninitializedCapacity: total) { buffer, count in
      let target = Shared(buffer)
      Parallel.run(parts.count) { k in
        let part = parts[k].lines
        guard let from = part.baseAddress else { return }
        (target.pointer.baseAddress! + offsets[k]).initialize(from: from, count: part.count)
      }
      count = total
    }
  }

  /// What an empty query matches: every line of `scope`, in input order, unranked (key 0).
  private static func everyLine(of scope: Scope) -> [RankedLine] {
    switch scope {
    case .all(let range):
      guard !range.isEmpty else { return [] }
      // Millions of lines when the query is cleared: filled by all cores.
      return [RankedLine](unsafeUninitializedCapacity: range.count) { buffer, count in
        let out = Shared(buffer)
        let parts = min(Parallel.cores, max(1, range.count >> 16))
        let bounds = Parallel.bounds(range.count, parts: parts)
        Parallel.run(parts) { k in
          for i in bounds[k]..<bounds[k + 1] {
            out.pointer[i] = RankedLine(key: 0, index: UInt32(truncatingIfNeeded: range.lowerBound + i))
          }
        }
        count = range.count
      }
    case .candidates(let list):
      return list.map { RankedLine(key: 0, index: $0) }
    case .scattered(let list):
      return list.map { RankedLine(key: 0, index: $0) }
    case .set(let set):
      return set.lines.map { RankedLine(key: 0, index: $0) }
    }
  }

  /// Matches and ranks in one call (tests).
  package static func run(_ pattern: Pattern, in store: LineStore, rank: RankOptions = RankOptions()) -> [Int]
  {
    let plan = SearchPlan(pattern, ranking: rank)
    var lines = matches(plan, in: store, scope: .all(0..<store.count)) ?? []
    Search.rank(&lines, plan.rank)
    return lines.map { Int($0.index) }
  }

  /// The sort key of a line if it matches (its `--nth` fields when given), else nil; raised for a
  /// line that was learned (by its whole bytes, what is printed and recorded).
  @inline(__always)
  static func key(
    of line: UnsafeRawBufferPointer, _ matcher: inout Matcher, _ fields: SearchFields, _ sortKey: SortKey,
    prescanned: Bool = false
  ) -> UInt32? {
    guard let key = unlearnedKey(of: line, &matcher, fields, sortKey, prescanned: prescanned) else {
      return nil
    }
    return sortKey.boosted(key, line: line)
  }

  /// `key(of:)` before what was learned.
  @inline(__always)
  private static func unlearnedKey(
    of line: UnsafeRawBufferPointer, _ matcher: inout Matcher, _ fields: SearchFields, _ sortKey: SortKey,
    prescanned: Bool = false
  ) -> UInt32? {
    if fields.ansi && ANSI.mayHaveSequences(line) { return keyOfColored(line, &matcher, fields, sortKey) }
    let outcome: Match?
    if fields.selects {
      // As in fzf, the keys measure the item's text (what `--with-nth` shows), with the match's
      // offsets moved to where the searched fields are in it.
      // With several field selections, each term is looked for in each selection in turn, the first
      // that has it counting (as in fzf); one positive term takes the matcher's own fast paths.
      let (item, searched, shift, pieces) = fields.searchedParts(line)
      var found: Match?
      if let pieces, matcher.pattern.isOnePositiveTerm {
        for piece in pieces {
          found = matched(piece.text, piece.shift, &matcher, sortKey)
          if found != nil { break }
        }
      } else if let pieces {
        // The pieces are cut from the item's text (what `--with-nth` shows), else from the line.
        found =
          item.map {
            $0.withUnsafeBytes { matcher.match(pieces: pieces, within: $0, withSpan: sortKey.needsSpan) }
          }
          ?? matcher.match(pieces: pieces, within: line, withSpan: sortKey.needsSpan)
      } else {
        found = matched(searched, shift, &matcher, sortKey)
      }
      guard let match = found else { return nil }
      guard let item else { return sortKey.key(match, line: line) }
      return item.withUnsafeBytes { sortKey.key(match, line: $0) }
    } else if sortKey.needsSpan {
      outcome = matcher.matchWithSpan(line)
    } else {
      outcome = matcher.match(line, prescanned: prescanned)
    }
    guard let match = outcome else { return nil }
    return sortKey.key(match, line: line)
  }

  /// The match in `text` (some fields of a line), its span moved by `shift` characters to where they
  /// are in the item's text.
  private static func matched(_ text: [UInt8], _ shift: Int, _ matcher: inout Matcher, _ sortKey: SortKey)
    -> Match?
  {
    let found = text.withUnsafeBytes { sortKey.needsSpan ? matcher.matchWithSpan($0) : matcher.match($0) }
    guard var match = found else { return nil }
    match.begin += shift
    match.end += shift
    match.firstEnd += shift
    return match
  }

  /// `key(of:)` for a line with SGR sequences (`--ansi`): the key of its text. Kept out of line, so
  /// `key(of:)` stays small and is not recursive.
  @inline(never)
  private static func keyOfColored(
    _ line: UnsafeRawBufferPointer, _ matcher: inout Matcher, _ fields: SearchFields, _ sortKey: SortKey
  ) -> UInt32? {
    var plain = fields
    plain.ansi = false
    return ANSI.stripped(line).withUnsafeBytes { unlearnedKey(of: $0, &matcher, plain, sortKey) }
  }

  /// A unit of parallel work: some lines of one block.
  private struct Slice {
    enum Lines {
      case range(Range<Int>)
      case list(ArraySlice<UInt32>)
      /// Lines anywhere in the store (`block` is only the first one's).
      case scattered(ArraySlice<UInt32>)
      /// The lines of a set that are local lines in the range.
      case set(Range<Int>, LineSet)
    }
    let block: LineBlock
    let lines: Lines
  }

  private static func makeSlices(_ store: LineStore, _ scope: Scope) -> [Slice] {
    var slices: [Slice] = []
    switch scope {
    case .all(let range):
      for block in store.blocks {
        let lo = max(range.lowerBound, block.firstIndex) - block.firstIndex
        let hi = min(range.upperBound, block.firstIndex + block.count) - block.firstIndex
        var start = lo
        while start < hi {
          let end = min(hi, start + sliceLines)
          slices.append(Slice(block: block, lines: .range(start..<end)))
          start = end
        }
      }
    case .scattered(let list):
      var start = list.startIndex
      while start < list.endIndex {
        let end = min(list.endIndex, start + sliceLines / 4)
        slices.append(
          Slice(block: store.locate(Int(list[start])).block, lines: .scattered(list[start..<end])))
        start = end
      }
    case .set(let set):
      for block in store.blocks {
        var start = 0
        while start < block.count {
          let end = min(block.count, start + sliceLines)
          slices.append(Slice(block: block, lines: .set(start..<end, set)))
          start = end
        }
      }
    case .candidates(let list):
      var start = 0
      while start < list.count {
        let (block, _) = store.locate(Int(list[start]))
        let blockEnd = UInt32(block.firstIndex + block.count)
        var end = start
        while end < list.count && list[end] < blockEnd && end - start < sliceLines { end += 1 }
        slices.append(Slice(block: block, lines: .list(list[start..<end])))
        start = end
      }
    }
    return slices
  }
}

/// A flag shared by the workers of one search.
final class CancelFlag: Sendable {
  private let value = Atomic<Bool>(false)
  var isSet: Bool { value.load(ordering: .relaxed) }
  func set() { value.store(true, ordering: .relaxed) }
}
