/// Matches into rankings: sorting, the best few, merging.
extension Search {
  /// Sorts matches into the ranking (input order, or its reverse, when not sorting by score).
  ///
  /// `inputOrder`: `lines` are in input order (as `matches` returns them), which the stable radix sort
  /// and the unsorted case rely on; otherwise a comparison sort on (key, index) is used.
  package static func rank(_ lines: inout [RankedLine], _ options: RankOptions, inputOrder: Bool = true) {
    guard options.sort || !inputOrder else {
      if options.reverse { lines.reverse() }
      return
    }
    if inputOrder, lines.count >= 1 << 12 {
      // Reversed input order makes the stable radix sort break ties the `--tac` way; the comparison
      // sort below does not depend on the order it gets.
      if options.reverse { lines.reverse() }
      lines = [RankedLine](unsafeUninitializedCapacity: lines.count) { buffer, count in
        lines.withUnsafeBufferPointer { RadixSort.sort([$0], into: .lines(buffer.baseAddress!)) }
        count = lines.count
      }
      return
    }
    // Large results: sort parts on all cores, then merge them.
    let parts = min(Parallel.cores, lines.count >> 15)
    guard parts > 1 else {
      lines.withUnsafeMutableBufferPointer { buffer in
        var all = buffer[...]
        sort(&all, reverse: options.reverse)
      }
      return
    }
    let bounds = Parallel.bounds(lines.count, parts: parts)
    lines.withUnsafeMutableBufferPointer { buffer in
      let shared = Shared(buffer)
      Parallel.run(parts) { k in
        var part = shared.pointer[bounds[k]..<bounds[k + 1]]
        sort(&part, reverse: options.reverse)
      }
    }
    var sorted = (0..<parts).map { Array(lines[bounds[$0]..<bounds[$0 + 1]]) }
    while sorted.count > 1 {
      sorted = stride(from: 0, to: sorted.count, by: 2).map {
        $0 + 1 < sorted.count ? merge(sorted[$0], sorted[$0 + 1], options) : sorted[$0]
      }
    }
    lines = sorted[0]
  }

  /// Sorts by key, then input order (reversed for `--tac`), with comparisons the compiler can inline.
  private static func sort(_ part: inout Swift.Slice<UnsafeMutableBufferPointer<RankedLine>>, reverse: Bool) {
    if reverse {
      part.sort { $0.key != $1.key ? $0.key < $1.key : $0.index > $1.index }
    } else {
      part.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
    }
  }

  /// The ranking of `parts` (together in input order) as line indices, what output needs: the radix
  /// sort reads the parts where they are and writes indices in its last pass, so besides the matches
  /// only the four-byte indices are held.
  /// The runs' lines may be reversed in place (`--tac`).
  package static func rankedIndices(_ runs: consuming [Run], _ options: RankOptions) -> LineList {
    let total = runs.reduce(0) { $0 + $1.lines.count }
    if options.sort, total >= 1 << 12 {
      var runs = runs
      return LineList(
        storage: [UInt32](unsafeUninitializedCapacity: total) { buffer, count in
          radixSort(&runs, options, into: .indices(buffer.baseAddress!))
          count = total
        })
    }
    guard options.sort else { return inInputOrder(consume runs, reversed: options.reverse) }
    var lines = concatenated(runs)
    rank(&lines, options)
    return LineList(storage: lines.map(\.index))
  }

  /// The lines of `runs` in input order (or reversed), the runs' pages given back as they are read
  /// (`ReadPages`): the result is all that stays, not a joined copy of the lines and their keys
  /// beside it (which took `--no-sort` over 52M matching lines to 24 bytes a line, twice the sorted
  /// search's).
  private static func inInputOrder(_ runs: consuming [Run], reversed: Bool) -> LineList {
    var pending = consume runs
    let total = pending.reduce(0) { $0 + $1.lines.count }
    // An empty array's storage is one shared by every empty array: not to be written, even its count.
    guard total > 0 else { return LineList(storage: []) }
    pending.reverse()
    let indices = [UInt32](unsafeUninitializedCapacity: total) { buffer, count in
      var i = reversed ? total : 0
      while let run = pending.popLast() {
        let lines = run.lines
        guard let base = lines.baseAddress else { continue }
        var pages = ReadPages(from: base)
        // A quarter MiB of lines at a time, then their pages go back.
        let step = 1 << 15
        for start in stride(from: 0, to: lines.count, by: step) {
          let end = min(lines.count, start + step)
          for line in lines[start..<end] {
            if reversed { i &-= 1 }
            buffer[i] = line.index
            if !reversed { i &+= 1 }
          }
          pages.release(upTo: base + end)
        }
      }
      count = total
    }
    return LineList(storage: indices)
  }

  /// The ranking of `runs` (together in input order), sorted from where they are (no joined copy
  /// first). The runs' lines may be reversed in place (`--tac`).
  /// `runs` is emptied: the runs are let go as soon as the sort has read them (the sort's second
  /// pass reads its scratch copy), so they and the result are not held at once.
  package static func ranked(_ runs: inout [Run], _ options: RankOptions) -> [RankedLine] {
    let total = runs.reduce(0) { $0 + $1.lines.count }
    if options.sort, total >= 1 << 12 {
      return [RankedLine](unsafeUninitializedCapacity: total) { buffer, count in
        radixSort(&runs, options, into: .lines(buffer.baseAddress!))
        count = total
      }
    }
    var lines = concatenated(runs)
    runs = []
    rank(&lines, options)
    return lines
  }

  /// Radix-sorts runs in input order; reversed in place first for `--tac`, so that the stable sort
  /// breaks ties the `--tac` way.
  /// `runs` is emptied once the sort has read them.
  private static func radixSort(_ runs: inout [Run], _ options: RankOptions, into output: RadixSort.Output) {
    if options.reverse {
      runs.reverse()
      for part in runs {
        var lines = part.lines
        lines.reverse()
      }
    }
    // `runs` keeps the segments' memory until `read` lets it go; pages of runs nothing else holds go
    // back to the system as the sort reads them.
    var unshared = true
    for i in runs.indices where !isKnownUniquelyReferenced(&runs[i]) { unshared = false }
    RadixSort.sort(
      runs.map { UnsafeBufferPointer($0.lines) }, into: output, givingBack: unshared, read: { runs = [] })
  }

  /// The `k` best of `lines` (in input order), ranked: one pass keeping a sorted shortlist.
  package static func best(_ lines: [RankedLine], _ k: Int, _ options: RankOptions) -> [RankedLine] {
    lines.withUnsafeBufferPointer { best([$0], k, options) }
  }

  /// The `k` best of `runs`' lines (together in input order), ranked.
  package static func best(_ runs: [Run], _ k: Int, _ options: RankOptions) -> [RankedLine] {
    withExtendedLifetime(runs) { best(runs.map { UnsafeBufferPointer($0.lines) }, k, options) }
  }

  private static func best(_ segments: [RadixSort.Segment], _ k: Int, _ options: RankOptions) -> [RankedLine]
  {
    var top: [RankedLine] = []
    top.reserveCapacity(k + 1)
    for line in segments.joined() {
      if top.count == k {
        guard options.precedes(line, top[k - 1]) else { continue }
        top.removeLast()
      }
      var lo = 0
      var hi = top.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if options.precedes(top[mid], line) { lo = mid + 1 } else { hi = mid }
      }
      top.insert(line, at: lo)
    }
    return top
  }

  /// Merges two rankings made with the same options.
  package static func merge(_ a: [RankedLine], _ b: [RankedLine], _ options: RankOptions) -> [RankedLine] {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    var out: [RankedLine] = []
    out.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      if options.precedes(b[j], a[i]) {
        out.append(b[j])
        j += 1
      } else {
        out.append(a[i])
        i += 1
      }
    }
    out.append(contentsOf: a[i...])
    out.append(contentsOf: b[j...])
    return out
  }
}
