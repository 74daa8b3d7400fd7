/// Expands fzf's placeholders in a command template, each value quoted for the shell.
///
/// `{}` the line, `{+}` the marked lines (or the current one), `{q}` the query, `{n}` the line's
/// index (0-based), `{N}`, `{-N}`, `{N..M}` fields of the line, `{+N}` a field of each marked line.
/// A value is single-quoted (a `'` in it becomes `'\''`), so no file name can break the command or
/// run anything: not spaces, quotes, `$(…)`, backquotes or a leading `-` (which stays an argument).
public enum Placeholders {
  /// What the placeholders stand for.
  public struct Values {
    public var current: [UInt8]?
    public var currentIndex: Int?
    public var marked: [[UInt8]]
    public var query: [UInt8]
    public var delimiter: Delimiter

    public init(
      current: [UInt8]?, currentIndex: Int?, marked: [[UInt8]], query: [UInt8], delimiter: Delimiter
    ) {
      self.current = current
      self.currentIndex = currentIndex
      self.marked = marked
      self.query = query
      self.delimiter = delimiter
    }
  }

  /// Whether `template` uses a placeholder that depends on the marked lines or the query (then a
  /// change of those runs the command again).
  public static func dependsOnMarks(_ template: String) -> Bool { template.contains("{+") }
  public static func dependsOnQuery(_ template: String) -> Bool { template.contains("{q}") }

  /// The command: bytes, so a value that is not UTF-8 reaches it unchanged.
  public static func expand(_ template: String, _ values: Values) -> [UInt8] {
    var out: [UInt8] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      out += rest[..<open].utf8
      guard let close = rest[open...].firstIndex(of: "}") else {
        out += rest[open...].utf8
        return out
      }
      let name = rest[rest.index(after: open)..<close]
      if let value = substitute(String(name), values) {
        out += value
      } else {
        out += rest[open...close].utf8
      }
      rest = rest[rest.index(after: close)...]
    }
    out += rest.utf8
    return out
  }

  /// The quoted value of one placeholder, nil when `name` is not one (the text stays as it is).
  private static func substitute(_ name: String, _ values: Values) -> [UInt8]? {
    let empty = Array("''".utf8)
    switch name {
    case "": return quote(values.current ?? [])
    case "q": return quote(values.query)
    case "n": return values.currentIndex.map { Array(String($0).utf8) } ?? empty
    case "+":
      let lines = values.marked.isEmpty ? (values.current.map { [$0] } ?? []) : values.marked
      return lines.isEmpty ? empty : Array(lines.map(quote).joined(separator: [32]))
    default:
      let each = name.hasPrefix("+")
      let spec = each ? String(name.dropFirst()) : name
      guard !spec.isEmpty, spec.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "." || $0 == "," }),
        let fields = FieldSpec(spec)
      else { return nil }
      let lines = each && !values.marked.isEmpty ? values.marked : (values.current.map { [$0] } ?? [])
      if lines.isEmpty { return empty }
      return Array(
        lines.map { line in quote(line.withUnsafeBytes { Fields.extract($0, fields, values.delimiter) }) }
          .joined(separator: [32]))
    }
  }

  /// `bytes` in single quotes for a POSIX shell (NUL bytes, which no argument can hold, are dropped).
  public static func quote(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [39]
    for b in bytes where b != 0 {
      if b == 39 { out += Array("'\\''".utf8) } else { out.append(b) }
    }
    out.append(39)
    return out
  }
}
