import Dispatch

/// A stable least-significant-digit radix sort of matches by key, split between the cores when large.
///
/// A key packs a score and a tiebreak value that each span a few hundred values in practice, so after
/// subtracting their minima both fit in two or three 11-bit digits. Each pass counts and scatters;
/// the cores take one part of the source each, and within every bucket a later part's lines go after
/// an earlier one's, which keeps the sort stable.
enum RadixSort {
  static let digitBits = 11
  /// Keys spanning more bits than this are left to a comparison sort.
  static let maxBits = 33
  /// Below this many lines one core does it all; above, each core takes at least half as many.
  static let parallelLines = 1 << 16

  /// Where the sorted result goes: the lines themselves, or only their indices (what output needs).
  enum Output {
    case lines(UnsafeMutablePointer<RankedLine>)
    case indices(UnsafeMutablePointer<Int>)
  }

  /// Sorts `input` (in input order) by key into `output`, ties in input order; returns false (and
  /// writes nothing) when the keys span more than `maxBits` bits.
  static func sort(_ input: UnsafeBufferPointer<RankedLine>, into output: Output) -> Bool {
    let n = input.count
    let parts = n >= parallelLines ? min(Parallel.cores, n / (parallelLines / 2)) : 1
    let bounds = Parallel.bounds(n, parts: parts)
    let work = Shared(Workspace(parts: parts))
    defer { work.pointer.deallocate() }

    let source = Shared(input.baseAddress!)
    Parallel.run(parts) { t in
      var lo = (high: UInt64.max, low: UInt64.max)
      var hi = (high: UInt64(0), low: UInt64(0))
      for i in bounds[t]..<bounds[t + 1] {
        let key = source.pointer[i].key
        lo = (min(lo.high, key >> 32), min(lo.low, key & 0xFFFF_FFFF))
        hi = (max(hi.high, key >> 32), max(hi.low, key & 0xFFFF_FFFF))
      }
      work.pointer.ranges[4 * t] = lo.high
      work.pointer.ranges[4 * t + 1] = lo.low
      work.pointer.ranges[4 * t + 2] = hi.high
      work.pointer.ranges[4 * t + 3] = hi.low
    }
    var minHigh = UInt64.max
    var minLow = UInt64.max
    var maxHigh: UInt64 = 0
    var maxLow: UInt64 = 0
    for t in 0..<parts {
      minHigh = min(minHigh, work.pointer.ranges[4 * t])
      minLow = min(minLow, work.pointer.ranges[4 * t + 1])
      maxHigh = max(maxHigh, work.pointer.ranges[4 * t + 2])
      maxLow = max(maxLow, work.pointer.ranges[4 * t + 3])
    }
    let lowBits = UInt64.bitWidth - (maxLow &- minLow).leadingZeroBitCount
    let highBits = UInt64.bitWidth - (maxHigh &- minHigh).leadingZeroBitCount
    let bits = lowBits + highBits
    guard bits <= maxBits else { return false }
    let passes = max(1, (bits + digitBits - 1) / digitBits)
    let key = CompressedKey(minHigh: minHigh, minLow: minLow, lowBits: UInt64(lowBits))

    // Ping-pong between scratch buffers; the first pass reads the input, the last writes the output.
    let scratch = UnsafeMutablePointer<RankedLine>.allocate(capacity: passes > 1 ? n : 0)
    let scratch2 = UnsafeMutablePointer<RankedLine>.allocate(capacity: passes > 2 ? n : 0)
    defer {
      scratch.deallocate()
      scratch2.deallocate()
    }
    var from = UnsafePointer(input.baseAddress!)
    for pass in 0..<passes {
      let shift = UInt64(pass * digitBits)
      let reading = Shared(from)
      Parallel.run(parts) { t in
        let count = work.pointer.counts + t * Workspace.buckets
        count.initialize(repeating: 0, count: Workspace.buckets)
        for i in bounds[t]..<bounds[t + 1] { count[key.digit(reading.pointer[i].key, shift)] &+= 1 }
      }
      // Bucket b of part t starts after all lines of smaller buckets and part t's predecessors in b.
      var total = 0
      for b in 0..<Workspace.buckets {
        for t in 0..<parts {
          let c = work.pointer.counts[t * Workspace.buckets + b]
          work.pointer.counts[t * Workspace.buckets + b] = total
          total &+= c
        }
      }
      let last = pass == passes - 1
      let target = Shared(pass % 2 == 0 ? scratch : scratch2)
      let final = Shared(output)
      Parallel.run(parts) { t in
        let next = work.pointer.counts + t * Workspace.buckets
        let range = bounds[t]..<bounds[t + 1]
        switch (last, final.pointer) {
        case (true, .indices(let out)):
          for i in range {
            let line = reading.pointer[i]
            let d = key.digit(line.key, shift)
            out[next[d]] = Int(line.index)
            next[d] &+= 1
          }
        case (true, .lines(let out)):
          scatter(reading.pointer, range, out, next, key, shift)
        case (false, _):
          scatter(reading.pointer, range, target.pointer, next, key, shift)
        }
      }
      from = UnsafePointer(target.pointer)
    }
    return true
  }

  @inline(__always)
  private static func scatter(
    _ source: UnsafePointer<RankedLine>, _ range: Range<Int>, _ target: UnsafeMutablePointer<RankedLine>,
    _ next: UnsafeMutablePointer<Int>, _ key: CompressedKey, _ shift: UInt64
  ) {
    for i in range {
      let line = source[i]
      let d = key.digit(line.key, shift)
      target[next[d]] = line
      next[d] &+= 1
    }
  }

  /// A key with the minima of its two halves subtracted and the halves packed together.
  private struct CompressedKey {
    let minHigh: UInt64
    let minLow: UInt64
    let lowBits: UInt64

    @inline(__always)
    func digit(_ key: UInt64, _ shift: UInt64) -> Int {
      let packed = ((key >> 32) &- minHigh) << lowBits | ((key & 0xFFFF_FFFF) &- minLow)
      return Int((packed >> shift) & UInt64(Workspace.buckets - 1))
    }
  }

  /// Per-part key ranges and bucket counts.
  private struct Workspace {
    static let buckets = 1 << RadixSort.digitBits
    let ranges: UnsafeMutablePointer<UInt64>
    let counts: UnsafeMutablePointer<Int>

    init(parts: Int) {
      ranges = .allocate(capacity: 4 * parts)
      counts = .allocate(capacity: parts * Workspace.buckets)
    }

    func deallocate() {
      ranges.deallocate()
      counts.deallocate()
    }
  }
}
