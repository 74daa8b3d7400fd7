import Dispatch
import Synchronization

/// `--filter` over an input that is in memory as a whole (a mapped file), without a line table.
///
/// Building the offset table of every line costs a quarter of a selective search; here chunks of the
/// input are scanned directly: the matcher's skip finds the next byte that a match must contain, the
/// line around it is found by scanning for terminators, and only matching lines are remembered.
struct RawScan: LineSource {
  private let base: Shared<UnsafePointer<UInt8>>
  /// Start offset and length of each matching line, in input order.
  private let starts: [Int]
  private let lengths: [UInt32]

  /// The bytes of match `index` (its position among the matches in input order).
  func line(_ index: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base.pointer + starts[index], count: Int(lengths[index]))
  }

  /// Above this share of the input's bytes in matching lines (measured on samples), a query is broad
  /// and the line-table search is faster: per-line bookkeeping then dominates, not skipping. On
  /// paths-500k the two break even near 0.4 (`shareman` at 0.32 is 4 % faster here, `lib` at 0.44
  /// 4 % faster there).
  static let broadShare = 0.4

  /// Candidate lines matched together (see `scan`): 512 took `shareman` on paths-500k 136.4 → 128.6
  /// ms of CPU and `datei` on intl-386k 48.0 → 46.2 (41 interleaved runs each; 128 did about as well).
  static let batchSize = 512

  /// Matches `plan` against the candidate lines of `bytes`; returns the scan (whose `line(_:)`
  /// gives the matching lines) and the matches ranked, as indices for `line(_:)`; nil when the query
  /// turns out broad (see `broadShare`) and a line store should be searched instead.
  static func filter(
    _ bytes: UnsafeRawBufferPointer, terminator: UInt8, plan: SearchPlan, settings: SearchSettings
  )
    -> (RawScan, LineList)?
  {
    guard let start = bytes.baseAddress, bytes.count > 0 else {
      return (RawScan(base: Shared(UnsafePointer(bitPattern: 1)!), starts: [], lengths: []), [])
    }
    let base = start.assumingMemoryBound(to: UInt8.self)
    let n = bytes.count
    var begin = 0
    // Stops at the end of the input: a `--header-lines` of Int.max must not count to Int.max.
    var skipped = 0
    while skipped < settings.headerLines && begin < n {
      begin = lineEnd(base, from: begin, to: n, terminator) + 1
      skipped += 1
    }
    let bounds = MappedLines.bounds(
      base, from: min(begin, n), to: n, terminator: terminator, size: chunkSize(n - min(begin, n)))
    let (pattern, rank) = (plan.pattern, plan.rank)
    let fields = settings.fields
    let chunks = bounds.count - 1
    let parts = UnsafeMutableBufferPointer<Hits>.allocate(capacity: max(chunks, 1))
    parts.initialize(repeating: Hits())
    defer { parts.deinitialize().deallocate() }
    let shared = Shared((base: base, parts: parts))
    // One worker per core takes chunks in turn, keeping its matcher (and the tables the matcher
    // builds as it goes) from one chunk to the next. The first one samples the input first (see
    // `isBroad`) while the others already scan: a broad query stops them all.
    let workers = max(1, min(chunks, Parallel.cores))
    let next = Atomic<Int>(0)
    let decision = Decision()
    Parallel.run(workers) { w in
      var matcher = Matcher(pattern: pattern)
      if w == 0 && chunks > 1 {
        let broad = isBroad(shared.pointer.base, bounds, terminator, &matcher, rank, fields)
        decision.state.store(broad ? Decision.broad : Decision.selective, ordering: .relaxed)
        if broad { return }
      }
      while decision.state.load(ordering: .relaxed) != Decision.broad {
        let k = next.add(1, ordering: .relaxed).oldValue
        guard k < chunks else { break }
        shared.pointer.parts[k] = scan(
          shared.pointer.base, bounds[k]..<bounds[k + 1], terminator, &matcher, rank, fields, decision)
      }
    }
    if decision.state.load(ordering: .relaxed) == Decision.broad { return nil }
    let total = parts.reduce(0) { $0 + $1.starts.count }
    var starts: [Int] = []
    var lengths: [UInt32] = []
    starts.reserveCapacity(total)
    lengths.reserveCapacity(total)
    for part in parts {
      starts += part.starts
      lengths += part.lengths
    }
    // Written in place: appended one by one, then copied into the run, they took `shareman` on
    // paths-500k (103k matches) 1.3 ms more, of 3.6 from the scan's end to the ranking.
    let run = Search.Run(count: total) { ranked in
      var i = 0
      for part in parts {
        part.keys.withUnsafeBufferPointer { keys in
          for key in keys {
            ranked.initializeElement(at: i, to: RankedLine(key: key, index: UInt32(truncatingIfNeeded: i)))
            i &+= 1
          }
        }
      }
    }
    let found = RawScan(base: Shared(base), starts: starts, lengths: lengths)
    Search.settle([run], plan, fields: fields) { found.line($0) }
    return (found, Search.rankedIndices([run], rank))
  }

  /// Whether the query is broad, as the sampling worker tells the others.
  private final class Decision: Sendable {
    static let pending = 0
    static let selective = 1
    static let broad = 2
    let state = Atomic<Int>(Decision.pending)
  }

  /// Whether the query is broad (see `broadShare`), decided on 4 KiB (whole lines) from each of four
  /// places spread over the chunks: cheaper than one 64 KiB sample, and the start of an input can
  /// differ from the rest (the first lines of paths-500k are not under /usr).
  static func isBroad(
    _ base: UnsafePointer<UInt8>, _ bounds: [Int], _ terminator: UInt8, _ matcher: inout Matcher,
    _ rank: RankOptions, _ fields: SearchFields
  ) -> Bool {
    coverage(base, bounds, terminator, &matcher, rank, fields) > broadShare
  }

  /// Bytes per chunk: 1 MiB, or less on a small input so that there are at least eight chunks a
  /// core, but no less than 64 KiB. Debian's package list (4.3 MB) made five chunks of 1 MiB, and
  /// with `--typos` (a line costs several times more) one core went on alone for much of a chunk.
  static func chunkSize(_ bytes: Int) -> Int {
    min(1 << 20, max(64 << 10, bytes / (8 * Parallel.cores)))
  }

  /// The share of sampled bytes in matching lines (see `isBroad`).
  static func coverage(
    _ base: UnsafePointer<UInt8>, _ bounds: [Int], _ terminator: UInt8, _ matcher: inout Matcher,
    _ rank: RankOptions, _ fields: SearchFields
  ) -> Double {
    let chunks = bounds.count - 1
    var covered = 0
    var sampled = 0
    for k in stride(from: 0, to: chunks, by: max(1, chunks / 4)).prefix(4) {
      let sampleEnd = MappedLines.bounds(
        base, from: bounds[k], to: bounds[k + 1], terminator: terminator, size: 4 << 10)[1]
      let sample = scan(base, bounds[k]..<sampleEnd, terminator, &matcher, rank, fields)
      covered += sample.lengths.reduce(0) { $0 + Int($1) + 1 }
      sampled += sampleEnd - bounds[k]
    }
    return Double(covered) / Double(max(sampled, 1))
  }

  /// The matches of one chunk, in input order.
  struct Hits {
    var keys: [UInt32] = []
    var starts: [Int] = []
    var lengths: [UInt32] = []
  }

  /// Matches the lines of one chunk, in place.
  static func scan(
    _ base: UnsafePointer<UInt8>, _ chunk: Range<Int>, _ terminator: UInt8, _ matcher: inout Matcher,
    _ rank: RankOptions, _ fields: SearchFields
  ) -> Hits {
    scan(base, chunk, terminator, &matcher, rank, fields, nil)
  }

  /// `scan`, stopping early (the result is not used then) once `decision` says the query is broad.
  private static func scan(
    _ base: UnsafePointer<UInt8>, _ chunk: Range<Int>, _ terminator: UInt8, _ matcher: inout Matcher,
    _ rank: RankOptions, _ fields: SearchFields, _ decision: Decision?
  ) -> Hits {
    let sortKey = SortKey(rank, for: matcher.pattern)
    // 4 KiB (some 50-100 lines) tell the rare characters apart as well as more, at a quarter of the
    // cost per chunk (16 KiB cost a tenth of `файл`'s time).
    matcher.adapt(
      to: UnsafeRawBufferPointer(start: base + chunk.lowerBound, count: min(4 << 10, chunk.count)))
    // Behind a pointer: a local `var` that the nested `visit` captures is checked for exclusive
    // access at run time on every append (two `swift_beginAccess` per match).
    let hits = UnsafeMutablePointer<Hits>.allocate(capacity: 1)
    hits.initialize(to: Hits())
    defer { hits.deallocate() }
    let end = chunk.upperBound
    // Matches the line `start..<lineEnd`, keeping it if it matches.
    func visit(_ start: Int, _ lineEnd: Int, prescanned: Bool = false) {
      let line = UnsafeRawBufferPointer(start: base + start, count: lineEnd - start)
      guard let key = Search.key(of: line, &matcher, fields, sortKey, prescanned: prescanned) else { return }
      hits.pointee.keys.append(key)
      hits.pointee.starts.append(start)
      hits.pointee.lengths.append(UInt32(truncatingIfNeeded: line.count))
    }
    var position = chunk.lowerBound
    // The decision is looked at every 64 KiB: a broad query stops the scan within about a tenth of a
    // millisecond.
    var nextLook = decision == nil ? Int.max : position
    func stopped(at position: Int) -> Bool {
      guard position >= nextLook else { return false }
      nextLook = position + (64 << 10)
      return decision!.state.load(ordering: .relaxed) == Decision.broad
    }
    let sample = position..<min(end, position + (16 << 10))
    let lineByLine =
      fields.selects || matcher.anchorsLineEnds && candidatesAreDense(base, sample, terminator, matcher)
    if lineByLine {
      scanLines(
        base, position..<end, terminator, ends: fields.selects ? nil : matcher.lineEndBytes,
        broad: { decision?.state.load(ordering: .relaxed) == Decision.broad }, stopped: stopped(at:),
        visit: { visit($0, $1) })
      return hits.move()
    }
    // The candidates are matched in batches, after the skipping has found them: matched one at a
    // time between stretches of skipping they ran slower (the two loops took turns with the caches
    // and the branch predictors).
    var batch: [(start: Int, end: Int, prescanned: Bool)] = []
    batch.reserveCapacity(RawScan.batchSize)
    func flush() {
      for line in batch { visit(line.start, line.end, prescanned: line.prescanned) }
      batch.removeAll(keepingCapacity: true)
    }
    let skipper = matcher.skipper
    while position < end && !stopped(at: position) {
      let hit = skipper.nextCandidate(base, from: position, to: end)
      guard hit < end else { break }
      let verdict = skipper.verdict(base, from: hit, to: end, terminator: terminator)
      if case .ruledOut(let lineEnd) = verdict {
        position = lineEnd + 1
        continue
      }
      let lineStart = lineStart(base, from: position, before: hit, terminator)
      let lineEnd = lineEnd(base, from: hit, to: end, terminator)
      batch.append((lineStart, lineEnd, verdict == .passes))
      if batch.count == RawScan.batchSize { flush() }
      position = lineEnd + 1
    }
    // Once the query turns out broad the result is not used.
    if decision?.state.load(ordering: .relaxed) != Decision.broad { flush() }
    return hits.move()
  }

  /// `scan`'s line-by-line way, for when nothing can be skipped (fields) or a term must end the line
  /// (`ends`: the bytes that can end it; the lines that end in one are found sixteen terminators at a
  /// time). `stopped` is asked at each stretch's start; `broad` says the result will not be used.
  @inline(__always)
  private static func scanLines(
    _ base: UnsafePointer<UInt8>, _ range: Range<Int>, _ terminator: UInt8, ends: [UInt8]?,
    broad: () -> Bool, stopped: (Int) -> Bool, visit: (Int, Int) -> Void
  ) {
    var position = range.lowerBound
    let end = range.upperBound
    if let ends {
      var lineStart = position
      while position < end && !stopped(position) {
        let next = min(end, position + (64 << 10))
        lineEnds(base, position..<next, terminator, ends, from: &lineStart) { start, lineEnd in
          visit(start, lineEnd)
        }
        position = next
      }
      // A last line without a terminator (the end of a mapped file).
      if lineStart < end && !broad() { visit(lineStart, end) }
      return
    }
    // Line by line: with fields nothing can be skipped; with a term that must end the line, its
    // last bytes rule most lines out at once, for less than finding where each candidate's line
    // starts when candidates are many.
    while position < end && !stopped(position) {
      let lineEnd = lineEnd(base, from: position, to: end, terminator)
      visit(position, lineEnd)
      position = lineEnd + 1
    }
  }

  /// Calls `body(start, end)` for each line ended by a terminator in `range` whose last byte is one of
  /// `ends`, whitespace or not ASCII (the only lines a term that must end the line can match).
  /// `lineStart` is where the line holding `range`'s start begins; it is left where the line after the
  /// last terminator in `range` begins.
  @inline(__always)
  private static func lineEnds(
    _ base: UnsafePointer<UInt8>, _ range: Range<Int>, _ terminator: UInt8, _ ends: [UInt8],
    from lineStart: inout Int, _ body: (Int, Int) -> Void
  ) {
    let raw = UnsafeRawPointer(base)
    let t = SIMD16<UInt8>(repeating: terminator)
    let e1 = SIMD16<UInt8>(repeating: ends[0])
    let e2 = SIMD16<UInt8>(repeating: ends[ends.count - 1])
    let space = SIMD16<UInt8>(repeating: 0x20)
    let tab = SIMD16<UInt8>(repeating: 0x09)
    let four = SIMD16<UInt8>(repeating: 4)
    let high = SIMD16<UInt8>(repeating: 0x7F)
    /// Whether the line ending at terminator `k` can end the term (its last byte decides).
    @inline(__always) func candidate(_ k: Int) -> Bool {
      guard k > lineStart else { return false }
      let b = base[k - 1]
      return b == ends[0] || b == ends[ends.count - 1] || b == 0x20 || (0x09...0x0D).contains(b) || b >= 0x80
    }
    /// The line ending at terminator `k`: handed over if it can match; the next one starts after it.
    @inline(__always) func take(_ k: Int) {
      if candidate(k) { body(lineStart, k) }
      lineStart = k + 1
    }
    var i = range.lowerBound
    // A block's terminators, and the bytes before them that can end the term: the byte before lane 0
    // is the last of the block before (or of the range's first line).
    while i &+ 16 <= range.upperBound {
      let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
      let terminators = v .== t
      let halves = unsafeBitCast(terminators, to: SIMD2<UInt64>.self)
      if halves[0] | halves[1] != 0 {
        guard i > 0 else {
          // The chunk's first block: no byte before it to load.
          for k in i..<i &+ 16 where base[k] == terminator { take(k) }
          i &+= 16
          continue
        }
        let before = raw.loadUnaligned(fromByteOffset: i &- 1, as: SIMD16<UInt8>.self)
        let ending =
          (before .== e1) .| (before .== e2) .| (before .== space) .| ((before &- tab) .<= four)
          .| (before .> high)
        let wanted = unsafeBitCast(terminators .& ending, to: SIMD2<UInt64>.self)
        if wanted[0] | wanted[1] != 0 {
          // The lines ending here, in order: those whose last byte can end the term are handed over.
          @inline(__always) func lines(_ terminators: UInt64, _ keep: UInt64, at offset: Int) {
            var pending = terminators & 0x0101_0101_0101_0101
            while pending != 0 {
              let bit = pending.trailingZeroBitCount
              let k = offset &+ bit >> 3
              if keep >> UInt64(bit) & 1 != 0 && k > lineStart { body(lineStart, k) }
              lineStart = k &+ 1
              pending &= pending &- 1
            }
          }
          lines(halves[0], wanted[0], at: i)
          lines(halves[1], wanted[1], at: i &+ 8)
        } else {
          // No line here can match: the next line starts after the block's last terminator.
          let last =
            halves[1] != 0 ? 15 - halves[1].leadingZeroBitCount >> 3 : 7 - halves[0].leadingZeroBitCount >> 3
          lineStart = i &+ last &+ 1
        }
      }
      i &+= 16
    }
    while i < range.upperBound {
      if base[i] == terminator { take(i) }
      i &+= 1
    }
  }

  /// Whether at least a quarter of the lines of `sample` hold a candidate for the matcher's skipping.
  private static func candidatesAreDense(
    _ base: UnsafePointer<UInt8>, _ sample: Range<Int>, _ terminator: UInt8, _ matcher: Matcher
  ) -> Bool {
    var lines = 0
    var candidates = 0
    var position = sample.lowerBound
    while position < sample.upperBound {
      let next = lineEnd(base, from: position, to: sample.upperBound, terminator) + 1
      lines += 1
      position = next
    }
    position = sample.lowerBound
    let skipper = matcher.skipper
    while position < sample.upperBound {
      let hit = skipper.nextCandidate(base, from: position, to: sample.upperBound)
      guard hit < sample.upperBound else { break }
      candidates += 1
      position = lineEnd(base, from: hit, to: sample.upperBound, terminator) + 1
    }
    return candidates * 4 >= lines
  }

  /// Where the line holding `hit` starts: after the last terminator in `from..<hit`, else at `from`
  /// (`shareman` asks this of 217k lines of paths-500k, ~30 bytes each).
  @inline(__always)
  static func lineStart(_ base: UnsafePointer<UInt8>, from: Int, before hit: Int, _ terminator: UInt8) -> Int
  {
    MappedLines.lastTerminator(base, from: from, to: hit, terminator).map { $0 &+ 1 } ?? from
  }

  /// The offset of the terminator ending the line that holds `from` (or `to` when there is none).
  private static func lineEnd(_ base: UnsafePointer<UInt8>, from: Int, to: Int, _ terminator: UInt8) -> Int {
    guard from < to, let hit = Platform.find(terminator, in: base + from, count: to - from) else { return to }
    return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
  }
}
