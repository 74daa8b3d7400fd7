/// Builds the bytes printed on accept: optional query and key lines, then the chosen lines.
public struct OutputFormatter {
  private let options: Options

  public init(options: Options) {
    self.options = options
  }

  private var terminator: UInt8 { options.print0 ? 0 : 10 }

  /// The output for `lines` of `store`; `key` is the accepting key when `--expect` is in use.
  public func format(_ lines: [Int], store: LineStore, query: [UInt8], key: String? = nil) -> [UInt8] {
    var out: [UInt8] = []
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
    }
    return out
  }
}
