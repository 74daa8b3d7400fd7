/// Builds the bytes printed on accept: optional query and key lines, then the chosen lines.
public struct OutputFormatter {
  private let options: Options

  public init(options: Options) {
    self.options = options
  }

  private var terminator: UInt8 { options.print0 ? 0 : 10 }

  /// Bytes gathered before they are handed to the sink: large writes, bounded memory.
  static let flushSize = 256 << 10

  /// The output for `lines` of `store`; `key` is the accepting key when `--expect` is in use.
  public func format(_ lines: [Int], store: LineStore, query: [UInt8], key: String? = nil) -> [UInt8] {
    var all: [UInt8] = []
    write(lines, store: store, query: query, key: key) { all.append(contentsOf: $0) }
    return all
  }

  /// Streams the output to `sink` in large pieces.
  public func write<E: Error>(
    _ lines: [Int], store: LineStore, query: [UInt8], key: String? = nil,
    to sink: (UnsafeRawBufferPointer) throws(E) -> Void
  ) throws(E) {
    var out = OutputBuffer(capacity: OutputFormatter.flushSize)
    if options.printQuery {
      query.withUnsafeBytes { out.append($0) }
      out.append(terminator)
    }
    if !options.expect.isEmpty {
      Array((key ?? "").utf8).withUnsafeBytes { out.append($0) }
      out.append(terminator)
    }
    for index in lines {
      let line = store.line(index)
      if let spec = options.acceptNth {
        Fields.extract(line, spec, options.delimiter).withUnsafeBytes { out.append($0) }
      } else {
        out.append(line)
      }
      out.append(terminator)
      if out.count >= OutputFormatter.flushSize {
        try sink(out.bytes)
        out.clear()
      }
    }
    if out.count > 0 { try sink(out.bytes) }
  }
}

/// A byte buffer filled with memcpy (appending a line through Array's generic paths costs more than
/// copying it).
private struct OutputBuffer: ~Copyable {
  private let base: UnsafeMutableRawPointer
  private var capacity: Int
  private var storage: UnsafeMutableRawPointer
  private(set) var count = 0

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

  /// The bytes so far (valid until the next change).
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

  mutating func clear() { count = 0 }
}
