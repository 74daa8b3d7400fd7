/// Builds the bytes printed on accept: optional query and key lines, then the chosen lines.
package struct OutputFormatter: Sendable {
  private let settings: OutputSettings

  package init(_ settings: OutputSettings) {
    self.settings = settings
  }

  private var terminator: UInt8 { settings.terminator }

  /// What ends each output line (`--print0`: NUL).
  package var lineEnd: UInt8 { settings.terminator }

  /// Whether the query line is printed.
  package var printsQuery: Bool { settings.printQuery }

  /// Whether anything comes before the lines (the query or the key line).
  package var printsHead: Bool { settings.printQuery || settings.printKey }

  /// The same output without the query and key lines: for lines printed a batch at a time after
  /// those went out once.
  package var linesOnly: OutputFormatter {
    var settings = settings
    settings.printQuery = false
    settings.printKey = false
    return OutputFormatter(settings)
  }

  /// The output for `lines` of `store`; `key` is the accepting key when `--expect` is in use.
  package func format(
    _ lines: [Int], store: some LineSource, query: [UInt8], key: String? = nil
  ) -> [UInt8] {
    var all: [UInt8] = []
    write(LineList(lines), store: store, query: query, key: key) { all.append(contentsOf: $0) }
    return all
  }

  /// Lines gathered per piece when the cores gather in turns.
  static let linesPerPiece = 4096

  /// Streams the output to `sink` in large pieces.
  ///
  /// Gathering ranked lines is a random walk through the input, bound by memory latency; for large
  /// outputs the cores gather successive pieces while the pieces go out in order.
  package func write<Source: LineSource, E: Error>(
    _ lines: LineList, store: Source, query: [UInt8], key: String? = nil,
    to sink: (UnsafeRawBufferPointer) throws(E) -> Void
  ) throws(E) {
    var head = OutputBuffer(capacity: 4096)
    if settings.printQuery {
      query.withUnsafeBytes { head.append($0) }
      head.append(terminator)
    }
    if settings.printKey {
      Array((key ?? "").utf8).withUnsafeBytes { head.append($0) }
      head.append(terminator)
    }
    if head.count > 0 { try sink(head.bytes) }
    let piece = OutputFormatter.linesPerPiece
    guard lines.count > 2 * piece else {
      let gatherer = Gatherer()
      var start = 0
      while start < lines.count {
        let end = min(lines.count, start + piece)
        gatherer.fill(lines[start..<end], store, self)
        try gatherer.buffer.send(to: sink)
        start = end
      }
      return
    }
    let gatherers = (0..<Parallel.cores).map { _ in Gatherer() }
    let shared = Shared(gatherers)
    var start = 0
    while start < lines.count {
      let bounds = (0...gatherers.count).map { min(lines.count, start + $0 * piece) }
      Parallel.run(gatherers.count) { k in
        shared.pointer[k].fill(lines[bounds[k]..<bounds[k + 1]], store, self)
      }
      for gatherer in gatherers { try gatherer.buffer.send(to: sink) }
      start = bounds[gatherers.count]
    }
  }

  /// Appends one output line (the line, or its `--accept-nth` fields, and the terminator); `index`:
  /// its number in the input (a template's `{n}`).
  fileprivate func append(_ line: UnsafeRawBufferPointer, index: Int, to out: inout OutputBuffer) {
    if settings.ansi && ANSI.mayHaveSequences(line) {
      ANSI.stripped(line).withUnsafeBytes { appendLine($0, index: index, to: &out) }
      return
    }
    appendLine(line, index: index, to: &out)
  }

  private func appendLine(_ line: UnsafeRawBufferPointer, index: Int, to out: inout OutputBuffer) {
    if let spec = settings.fields {
      Fields.extract(line, spec, settings.delimiter, index: index).withUnsafeBytes { out.append($0) }
    } else if line.count >= OutputBuffer.copiedBytes {
      out.appendReference(line)
    } else {
      out.append(line)
    }
    out.append(terminator)
  }
}

/// One worker's output piece, reused from piece to piece.
private final class Gatherer {
  /// Unchecked: passed `inout` for every line, a class property is checked for exclusive access at run
  /// time each time; only the worker owning the gatherer touches it.
  @exclusivity(unchecked) var buffer = OutputBuffer(capacity: 512 << 10)
  /// How many lines ahead of the one being copied the next are looked up and prefetched.
  private static let distance = 16
  /// The lines looked up ahead, by their place in the piece modulo `distance`: each line is looked up
  /// once (a lookup in a store of many blocks is a search, and its first touch a cache miss).
  private let ahead = UnsafeMutablePointer<UnsafeRawBufferPointer>.allocate(capacity: Gatherer.distance)

  init() {
    ahead.initialize(repeating: UnsafeRawBufferPointer(start: nil, count: 0), count: Gatherer.distance)
  }

  deinit { ahead.deallocate() }

  func fill(_ lines: Slice<LineList>, _ store: some LineSource, _ formatter: OutputFormatter) {
    buffer.clear()
    let distance = Gatherer.distance
    let first = lines.startIndex
    let end = lines.endIndex
    for k in first..<min(end, first + distance) { ahead[(k - first) % distance] = store.line(lines[k]) }
    for k in first..<end {
      let slot = (k - first) % distance
      let line = ahead[slot]
      if k + distance < end {
        let next = store.line(lines[k + distance])
        ahead[slot] = next
        if let start = next.baseAddress {
          prefetch(start)
          // A line that crosses into the next cache line (most of 80 bytes do) would wait for it.
          let stop = start + next.count
          if UInt(bitPattern: stop) >> 6 != UInt(bitPattern: start) >> 6 { prefetch(stop) }
        }
      }
      formatter.append(line, index: lines[k], to: &buffer)
    }
  }
}

/// A byte buffer filled with memcpy (appending a line through Array's generic paths costs more than
/// copying it).
fileprivate struct OutputBuffer: ~Copyable {
  private let base: UnsafeMutableRawPointer
  private var capacity: Int
  private var storage: UnsafeMutableRawPointer
  private(set) var count = 0
  /// Lines too long to copy, written from where they are: each with the offset in the buffer it
  /// goes before (a line of hundreds of megabytes would otherwise be copied, and the buffer grown
  /// to twice its size).
  private var references: [(at: Int, bytes: UnsafeRawBufferPointer)] = []
  /// From this length on a line is referred to, not copied.
  static let copiedBytes = 64 << 10

  init(capacity: Int) {
    self.capacity = capacity + 4096
    base = .allocate(byteCount: self.capacity, alignment: 16)
    storage = base
  }

  deinit {
    if storage != base { storage.deallocate() }
    base.deallocate()
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    if let source = bytes.baseAddress { (storage + count).copyMemory(from: source, byteCount: bytes.count) }
    count += bytes.count
  }

  mutating func append(_ byte: UInt8) {
    reserve(1)
    storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
    count += 1
  }

  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    // A single huge line: grow a separate allocation.
    let newCapacity = max(capacity * 2, count + extra)
    let fresh = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
    fresh.copyMemory(from: storage, byteCount: count)
    if storage != base { storage.deallocate() }
    storage = fresh
    capacity = newCapacity
  }

  /// The bytes so far (valid until the next change), lines referred to left out.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

  /// Adds `bytes` (which stay valid until the buffer is sent) without copying them.
  mutating func appendReference(_ bytes: UnsafeRawBufferPointer) {
    references.append((count, bytes))
  }

  /// Hands the contents to `sink` in order, in as few pieces as the lines referred to allow.
  func send<E: Error>(to sink: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
    var from = 0
    for (at, line) in references {
      if at > from { try sink(UnsafeRawBufferPointer(start: storage + from, count: at - from)) }
      try sink(line)
      from = at
    }
    if count > from { try sink(UnsafeRawBufferPointer(start: storage + from, count: count - from)) }
  }

  mutating func clear() {
    count = 0
    references.removeAll(keepingCapacity: true)
  }
}
