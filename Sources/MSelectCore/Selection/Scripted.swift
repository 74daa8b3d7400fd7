/// The modes that need no terminal: `--filter`, `--batch`, and `-1`/`-0` when they fire.
public enum Scripted {
  /// What a scripted run decided.
  public enum Decision: Equatable, Sendable {
    /// Print these lines (exit 0).
    case print([Int])
    /// Nothing to print (exit 1); the message, if any, goes to stderr.
    case nothing(String?)
    /// Neither `-1` nor `-0` fired: the picker is needed.
    case interactive
  }

  /// The lines that can be matched and selected (header lines excluded).
  public static func candidates(_ options: Options, _ store: LineStore) -> Range<Int> {
    min(options.headerLines, store.count)..<store.count
  }

  /// The ranked matches of `query` among the candidates.
  public static func ranked(_ query: [UInt8], _ options: Options, _ store: LineStore) -> [Int] {
    let pattern = Pattern(query: query, options: options.match)
    let lines =
      Search.matches(
        pattern, in: store, scope: .all(candidates(options, store)), rank: options.rank,
        fields: SearchFields(options)) ?? []
    return Search.rankedIndices(lines, options.rank)
  }

  /// `--filter QUERY`: every match, best first.
  public static func filter(_ query: [UInt8], _ options: Options, _ store: LineStore) -> Decision {
    let lines = ranked(query, options, store)
    return lines.isEmpty ? .nothing(nil) : .print(lines)
  }

  /// `--batch`: what Enter would print right away.
  public static func batch(_ options: Options, _ store: LineStore, _ preselected: Selection) -> Decision {
    if options.exit0 && ranked(options.query, options, store).isEmpty { return .nothing(nil) }
    let lines: [Int]
    if preselected.everMarked {
      lines = preselected.lines(options.order)
    } else {
      lines = ranked(options.query, options, store).prefix(1).map { $0 }
    }
    if let min = options.min, lines.count < min {
      return .nothing("\(lines.count) selected, --min requires at least \(min)")
    }
    return lines.isEmpty ? .nothing(nil) : .print(lines)
  }

  /// `-1` / `-0` before the picker opens: decide when exactly one or no line matches.
  public static func early(_ options: Options, _ store: LineStore) -> Decision {
    guard options.select1 || options.exit0 else { return .interactive }
    let lines = ranked(options.query, options, store)
    if options.exit0 && lines.isEmpty { return .nothing(nil) }
    if options.select1 && lines.count == 1 && (options.min ?? 0) <= 1 { return .print(lines) }
    return .interactive
  }
}
