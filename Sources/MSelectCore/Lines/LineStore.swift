/// An immutable run of complete lines stored back to back in one byte buffer.
///
/// Every line is followed by exactly one terminator byte (a synthetic one for a last line that had none),
/// so line `i` spans `starts[i] ..< starts[i + 1] - 1`. Blocks never change once built, which lets the
/// matcher read them on other threads while input keeps arriving.
package final class LineBlock: Sendable {
  /// Start of the block's bytes; owned by the block.
  package var base: UnsafeMutableRawPointer { memory.pointer }
  /// The bytes never change once the block is built, so any thread may read them.
  private let memory: Shared<UnsafeMutableRawPointer>
  /// Line start offsets, `count + 1` entries (the last is the end of the block).
  package let starts: [UInt32]
  /// Index of the block's first line in the whole input.
  package let firstIndex: Int
  /// Keeps borrowed memory (a file mapping) alive; nil when the block owns `base` (malloc'd).
  private let owner: Shared<AnyObject?>
  /// `base` is an input buffer of `LineSplitter.bufferSize` bytes, handed back for reuse when freed.
  private let reusable: Bool

  /// Number of lines in the block.
  package var count: Int { starts.count - 1 }

  package init(
    base: UnsafeMutableRawPointer, starts: [UInt32], firstIndex: Int, owner: AnyObject? = nil,
    reusable: Bool = false
  ) {
    memory = Shared(base)
    self.starts = starts
    self.firstIndex = firstIndex
    self.owner = Shared(owner)
    self.reusable = reusable
  }

  /// A block of whole lines (each without its terminator, under 4 GiB together), numbered from
  /// `firstIndex`.
  package convenience init(lines: [[UInt8]], firstIndex: Int) {
    let size = lines.reduce(0) { $0 + $1.count + 1 }
    let base = Platform.allocate(max(1, size))
    var starts: [UInt32] = [0]
    var end = 0
    for line in lines {
      line.withUnsafeBytes { bytes in
        if let from = bytes.baseAddress { (base + end).copyMemory(from: from, byteCount: bytes.count) }
      }
      (base + end + line.count).storeBytes(of: 10, as: UInt8.self)
      end += line.count + 1
      starts.append(UInt32(end))
    }
    self.init(base: base, starts: starts, firstIndex: firstIndex)
  }

  deinit {
    guard owner.pointer == nil else { return }
    if !reusable || !InputBuffers.give(base) { Platform.free(base) }
  }

  /// The bytes of local line `i`, without its terminator.
  @inline(__always)
  package func line(_ i: Int) -> UnsafeRawBufferPointer {
    let start = Int(starts[i])
    let end = Int(starts[i + 1]) - 1
    return UnsafeRawBufferPointer(start: base + start, count: end - start)
  }
}

/// All lines read so far: a list of immutable blocks addressed by a global line index.
public struct LineStore: Sendable {
  /// The blocks in input order.
  package private(set) var blocks: [LineBlock] = []
  /// Total number of lines.
  public private(set) var count = 0
  /// Each block's first line index: `locate` searches this small array, not through the blocks.
  private var firsts: [Int] = []

  public init() {}

  /// Builds a store from whole lines (tests and small inputs); each element is one line without terminator.
  public init<S: Sequence>(lines: S) where S.Element: Collection, S.Element.Element == UInt8 {
    var splitter = LineSplitter(terminator: 10)
    for line in lines {
      splitter.append(Array(line))
      splitter.append([10])
    }
    if let block = splitter.finish() { append(block) }
  }

  /// Adds a block; its lines get the next global indices.
  package mutating func append(_ block: LineBlock) {
    precondition(block.firstIndex == count, "blocks must be appended in order")
    guard block.count > 0 else { return }
    blocks.append(block)
    firsts.append(block.firstIndex)
    count += block.count
  }

  /// Adds a block that may come after lines this store does not hold (a `--filter` keeps only the
  /// blocks with matches). Lines in such a gap must never be asked for.
  package mutating func append(after gap: LineBlock) {
    precondition(gap.firstIndex >= count, "blocks must be appended in order")
    guard gap.count > 0 else { return }
    blocks.append(gap)
    firsts.append(gap.firstIndex)
    count = gap.firstIndex + gap.count
  }

  /// Lets go of the blocks whose lines all lie in `range` (`--tail`: lines no longer kept); their
  /// indices become a gap, and the other lines keep theirs.
  package mutating func drop(_ range: Range<Int>) {
    func gone(_ block: LineBlock) -> Bool {
      range.contains(block.firstIndex) && block.firstIndex + block.count <= range.upperBound
    }
    guard blocks.contains(where: gone) else { return }
    blocks.removeAll(where: gone)
    firsts = blocks.map(\.firstIndex)
  }

  /// The block holding global line `index` and the line's local index in it.
  @inline(__always)
  package func locate(_ index: Int) -> (block: LineBlock, local: Int) {
    // The last block starting at or before `index`, found with no branch to mispredict.
    let found = firsts.withUnsafeBufferPointer { firsts in
      var lo = 0
      var n = firsts.count
      while n > 1 {
        let half = n >> 1
        lo = firsts[lo &+ half] <= index ? lo &+ half : lo
        n &-= half
      }
      return lo
    }
    let block = blocks[found]
    return (block, index - block.firstIndex)
  }

  /// The bytes of line `index`; valid as long as this store (or any copy of it) is alive.
  package func line(_ index: Int) -> UnsafeRawBufferPointer {
    let (block, local) = locate(index)
    // A line let go of (`drop`) reads as empty rather than as another's bytes.
    guard local >= 0 && local < block.count else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return block.line(local)
  }

  /// The bytes of line `index` copied into an array.
  public func lineBytes(_ index: Int) -> [UInt8] { Array(line(index)) }
}
