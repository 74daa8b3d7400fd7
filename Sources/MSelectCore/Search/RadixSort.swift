import Dispatch

/// A stable least-significant-digit radix sort of matches by key, split between the cores when large.
///
/// A key packs a score and a tiebreak value that each span a few hundred values in practice; the passes
/// sort by the bits that differ between keys only (see `windows`), which fit one pass of up to 22-bit
/// digits on large inputs. Each pass counts and scatters; the cores take one part of the source each,
/// and within every bucket a later part's lines go after an earlier one's, which keeps the sort stable.
/// The source may be many separate arrays (the matches of each slice), so they need not be joined
/// first: with one pass, sorting a result costs no memory beyond the sorted output.
enum RadixSort {
  /// Below this many lines one core does it all; above, each core takes at least half as many.
  static let parallelLines = 1 << 16

  /// Where the sorted result goes: the lines themselves, or only their indices (what output needs).
  enum Output {
    case lines(UnsafeMutablePointer<RankedLine>)
    case indices(UnsafeMutablePointer<UInt32>)
  }

  /// A run of lines in input order.
  typealias Segment = UnsafeBufferPointer<RankedLine>

  /// The widest digit for `n` lines: a pass over the lines must cost more than clearing and summing
  /// the per-core bucket counts, and those counts (4 bytes a bucket, a table per core) take at most
  /// about 2 bytes a line: 22 bits (16 MiB a core) from 16M lines on. At least 12 bits: a key of a
  /// score and a length spans 20-24 bits, two passes of 12 bits where 11 took three (17k keys of 23
  /// bits: 258 → 131 µs; the sort runs before anything is printed).
  static func maxDigitBits(_ n: Int) -> Int {
    min(22, max(12, Int.bitWidth - 1 - n.leadingZeroBitCount - 2))
  }

  /// The digits a sort of `n` lines takes, as bit windows (`shift`, `width`) from the lowest up, over
  /// the bits that differ between the keys (`varying`, set where some key's bit differs from
  /// another's): bits that never differ never decide an order, so no window begins or ends with one.
  /// A score in the high bits and a length in the low ones leave a gap of equal bits between them:
  /// 17k keys of 25 bits took three 12-bit passes of the whole span, and take two of these.
  static func windows(varying: UInt32, lines n: Int) -> [(shift: UInt32, width: UInt32)] {
    let most = maxDigitBits(n)
    var found: [(shift: UInt32, width: UInt32)] = []
    var rest = varying
    var shift = 0
    while rest != 0 {
      let skipped = rest.trailingZeroBitCount
      shift += skipped
      rest >>= skipped
      let digit = most < UInt32.bitWidth ? rest & ((1 << most) - 1) : rest
      let width = UInt32.bitWidth - digit.leadingZeroBitCount
      found.append((UInt32(shift), UInt32(width)))
      shift += width
      rest = width < UInt32.bitWidth ? rest >> width : 0
    }
    return found.isEmpty ? [(0, 0)] : found
  }

  /// Sorts `segments` (together in input order) by key into `output`, ties in input order. `read` is
  /// called once the segments are read for the last time (their memory may go then). With
  /// `givingBack`, the segments' pages go back to the system as they are read for the last time
  /// (they read as zeros afterwards), as the scratch copies' always do: the sort then holds little
  /// more than its output at any time.
  static func sort(
    _ segments: [Segment], into output: Output, givingBack: Bool = false, read: () -> Void = {}
  ) {
    let n = segments.reduce(0) { $0 + $1.count }
    guard n > 0 else { return read() }
    let parts = n >= parallelLines ? min(Parallel.cores, n / (parallelLines / 2)) : 1
    var groups = split(segments, total: n, parts: parts)
    let differing = UnsafeMutablePointer<UInt32>.allocate(capacity: parts)
    defer { differing.deallocate() }
    let digits = windows(varying: varyingBits(segments, groups, differing), lines: n)
    let passes = digits.count
    let most = digits.map(\.width).max()!
    let counts = UnsafeMutablePointer<UInt32>.allocate(capacity: parts << most)
    defer { counts.deallocate() }

    // Ping-pong between scratch buffers; the first pass reads the segments, the last writes the output.
    let scratch = UnsafeMutablePointer<RankedLine>.allocate(capacity: passes > 1 ? n : 0)
    let scratch2 = UnsafeMutablePointer<RankedLine>.allocate(capacity: passes > 2 ? n : 0)
    defer {
      scratch.deallocate()
      scratch2.deallocate()
    }
    for pass in 0..<passes {
      let buckets = 1 << digits[pass].width
      let digit = Digit(shift: digits[pass].shift, mask: UInt32(buckets - 1))
      let reading = Shared(groups)
      let table = Shared(counts)
      Parallel.run(parts) { t in
        let count = table.pointer + t * buckets
        count.initialize(repeating: 0, count: buckets)
        for segment in reading.pointer[t] {
          for line in segment { count[digit.of(line.key)] &+= 1 }
        }
      }
      startingPlaces(counts, buckets: buckets, parts: parts)
      let last = pass == passes - 1
      let target = pass % 2 == 0 ? scratch : scratch2
      let destination = Shared((last, output, target, pass > 0 || givingBack))
      Parallel.run(parts) { t in
        let next = table.pointer + t * buckets
        let (last, output, target, givingBack) = destination.pointer
        for segment in reading.pointer[t] {
          inChunks(segment, givingBack: givingBack) { segment in
            switch (last, output) {
            case (true, .indices(let out)):
              for line in segment {
                let d = digit.of(line.key)
                out[Int(next[d])] = line.index
                next[d] &+= 1
              }
            case (true, .lines(let out)):
              scatter(segment, out, next, digit)
            case (false, _):
              scatter(segment, target, next, digit)
            }
          }
        }
      }
      if !last {
        groups = split([Segment(start: target, count: n)], total: n, parts: parts)
        if pass == 0 { read() }
      }
    }
    if passes == 1 { read() }
  }

  /// The key bits that differ between lines (each part's lines compared with one key, in parallel):
  /// the only ones the passes need to sort by. `differing` holds a word per part.
  private static func varyingBits(
    _ segments: [Segment], _ groups: [[Segment]], _ differing: UnsafeMutablePointer<UInt32>
  ) -> UInt32 {
    // Any key will do as the one the others are compared with.
    let reference = segments.first { !$0.isEmpty }![0].key
    let compared = Shared((groups, differing))
    Parallel.run(groups.count) { t in
      var bits: UInt32 = 0
      for segment in compared.pointer.0[t] {
        for line in segment { bits |= line.key ^ reference }
      }
      compared.pointer.1[t] = bits
    }
    var varying: UInt32 = 0
    for t in 0..<groups.count { varying |= differing[t] }
    return varying
  }

  /// Turns each part's bucket counts into where its lines of each bucket start: bucket b of part t
  /// after all lines of smaller buckets and part t's predecessors in b.
  private static func startingPlaces(_ counts: UnsafeMutablePointer<UInt32>, buckets: Int, parts: Int) {
    var total: UInt32 = 0
    for b in 0..<buckets {
      for t in 0..<parts {
        let c = counts[t * buckets + b]
        counts[t * buckets + b] = total
        total &+= c
      }
    }
  }

  /// `segments` cut into `parts` runs of about `total / parts` lines each, in order (a segment is
  /// split where a run ends inside it).
  static func split(_ segments: [Segment], total: Int, parts: Int) -> [[Segment]] {
    let bounds = Parallel.bounds(total, parts: parts)
    var groups = Array(repeating: [Segment](), count: parts)
    var position = 0
    var t = 0
    for segment in segments where !segment.isEmpty {
      var from = 0
      while from < segment.count {
        while t < parts - 1 && position >= bounds[t + 1] { t += 1 }
        let take = min(segment.count - from, t == parts - 1 ? segment.count - from : bounds[t + 1] - position)
        groups[t].append(Segment(rebasing: segment[from..<(from + take)]))
        from += take
        position += take
      }
    }
    return groups
  }

  /// Lines read between two returns of pages: 512 KiB of them, few system calls and little held at
  /// once.
  static let givingBackLines = 1 << 16

  /// Hands `segment` to `body` in chunks; with `givingBack`, each chunk's whole pages go back to the
  /// system once `body` has read them.
  @inline(__always)
  private static func inChunks(_ segment: Segment, givingBack: Bool, _ body: (Segment) -> Void) {
    guard givingBack, let base = segment.baseAddress else { return body(segment) }
    var pages = ReadPages(from: base)
    var from = 0
    while from < segment.count {
      let to = min(segment.count, from + givingBackLines)
      body(Segment(rebasing: segment[from..<to]))
      pages.release(upTo: base + to)
      from = to
    }
  }

  @inline(__always)
  private static func scatter(
    _ source: Segment, _ target: UnsafeMutablePointer<RankedLine>, _ next: UnsafeMutablePointer<UInt32>,
    _ digit: Digit
  ) {
    for line in source {
      let d = digit.of(line.key)
      target[Int(next[d])] = line
      next[d] &+= 1
    }
  }

  /// One digit of a key: a window of its bits.
  private struct Digit {
    let shift: UInt32
    let mask: UInt32

    @inline(__always)
    func of(_ key: UInt32) -> Int { Int((key >> shift) & mask) }
  }
}
