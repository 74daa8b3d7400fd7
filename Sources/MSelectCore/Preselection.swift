/// Marks the lines named by `--preselect`, `--preselect-file`, `--preselect-match` and `--select-all`.
public enum Preselection {
  /// The marked set and, when `--max` cut it short, a warning for stderr.
  public struct Outcome: Sendable {
    public var selection: Selection
    public var warning: String?
  }

  /// Applies every preselection option (a union) to the candidate lines `candidates` of `store`.
  ///
  /// `fileLines` are the lines of the `--preselect-file` files, read by the caller.
  public static func apply(
    _ options: Options, store: LineStore, candidates: Range<Int>, fileLines: [[UInt8]] = []
  ) -> Outcome {
    var selection = Selection(limit: options.max)
    guard options.hasPreselection, !candidates.isEmpty else { return Outcome(selection: selection) }
    let wanted = WantedLines(options.preselect + fileLines)
    var matchers = options.preselectMatch.map { Matcher(pattern: Pattern(query: $0, options: options.match)) }
    var dropped = 0
    for index in candidates {
      let line = store.line(index)
      var hit = options.selectAll || wanted.contains(line)
      if !hit {
        for k in matchers.indices where matchers[k].match(line) != nil {
          hit = true
          break
        }
      }
      guard hit else { continue }
      if !selection.mark(index) { dropped += 1 }
    }
    var warning: String?
    if dropped > 0, let max = options.max {
      warning = "\(selection.count + dropped) lines preselected; --max \(max) keeps the first \(max) in input order"
    }
    return Outcome(selection: selection, warning: warning)
  }
}

/// A set of whole lines compared by their exact bytes, probed without copying candidate lines.
struct WantedLines {
  private var byHash: [Int: [[UInt8]]] = [:]

  init(_ lines: [[UInt8]]) {
    for line in lines {
      let h = line.withUnsafeBytes(WantedLines.hash)
      byHash[h, default: []].append(line)
    }
  }

  private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: bytes)
    return hasher.finalize()
  }

  func contains(_ line: UnsafeRawBufferPointer) -> Bool {
    guard !byHash.isEmpty, let bucket = byHash[WantedLines.hash(line)] else { return false }
    return bucket.contains { $0.elementsEqual(line) }
  }
}
