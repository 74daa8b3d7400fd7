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
    to sink: ([UInt8]) throws(E) -> Void
  ) throws(E) {
    var out: [UInt8] = []
    out.reserveCapacity(OutputFormatter.flushSize + 4096)
    if options.printQuery {
      out.append(contentsOf: query)
      out.append(terminator)
    }
    if !options.expect.isEmpty {
      out.append(contentsOf: (key ?? "").utf8)
      out.append(terminator)
    }
    for index in lines {
      let line = store.line(index)
      if let spec = options.acceptNth {
        out.append(contentsOf: Fields.extract(line, spec, options.delimiter))
      } else {
        out.append(contentsOf: line)
      }
      out.append(terminator)
      if out.count >= OutputFormatter.flushSize {
        try sink(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    if !out.isEmpty { try sink(out) }
  }
}
