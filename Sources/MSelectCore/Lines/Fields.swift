/// How a line is cut into fields (`-d/--delimiter`).
public enum Delimiter: Sendable, Equatable {
  /// AWK style: fields are runs of non-blank characters.
  case whitespace
  /// A literal byte string separates fields.
  case string([UInt8])

  /// What joins selected fields again when several are printed or searched.
  var joiner: [UInt8] {
    switch self {
    case .whitespace: [UInt8(ascii: " ")]
    case .string(let s): s
    }
  }
}

/// A field selection in fzf's FIELDS syntax: `1`, `-1`, `2..`, `..3`, `1..-2`, `1,3`.
public struct FieldSpec: Sendable, Equatable {
  /// One item of the comma list; indices are 1-based, negative ones count from the end.
  public struct Item: Sendable, Equatable {
    public var from: Int?
    public var to: Int?
  }

  public var items: [Item]

  /// Parses FIELDS; nil when the text is not valid.
  public init?(_ text: String) {
    var items: [Item] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let item = FieldSpec.item(String(part)) else { return nil }
      items.append(item)
    }
    guard !items.isEmpty else { return nil }
    self.items = items
  }

  private static func item(_ part: String) -> Item? {
    func index(_ s: Substring) -> Int?? {
      if s.isEmpty { return .some(nil) }
      guard let v = Int(s), v != 0 else { return nil }
      return .some(v)
    }
    let parts = part.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard let from = index(parts[0]), let to = index(parts[1]) else { return nil }
      return Item(from: from, to: to)
    }
    guard let single = index(Substring(part)), let value = single else { return nil }
    return Item(from: value, to: value)
  }

  /// The 0-based field indices selected among `count` fields, in spec order.
  func indices(count: Int) -> [Int] {
    func resolve(_ v: Int) -> Int { v > 0 ? v - 1 : count + v }
    var result: [Int] = []
    for item in items {
      let lo = max(0, item.from.map(resolve) ?? 0)
      let hi = min(count - 1, item.to.map(resolve) ?? count - 1)
      if lo <= hi { result.append(contentsOf: lo...hi) }
    }
    return result
  }
}

/// Cutting lines into fields and joining the selected ones.
package enum Fields {
  /// Byte ranges of the fields of `line`.
  package static func ranges(_ line: UnsafeRawBufferPointer, _ delimiter: Delimiter) -> [Range<Int>] {
    var result: [Range<Int>] = []
    let n = line.count
    switch delimiter {
    case .whitespace:
      var i = 0
      while i < n {
        while i < n && (line[i] == 32 || line[i] == 9) { i += 1 }
        guard i < n else { break }
        let start = i
        while i < n && line[i] != 32 && line[i] != 9 { i += 1 }
        result.append(start..<i)
      }
    case .string(let sep):
      guard !sep.isEmpty else { return [0..<n] }
      var start = 0
      var i = 0
      while i + sep.count <= n {
        if line[i] == sep[0] && (1..<sep.count).allSatisfy({ line[i + $0] == sep[$0] }) {
          result.append(start..<i)
          i += sep.count
          start = i
        } else {
          i += 1
        }
      }
      result.append(start..<n)
    }
    return result
  }

  /// The fields of `line` selected by `spec`, joined by the delimiter (a space in AWK style).
  package static func extract(_ line: UnsafeRawBufferPointer, _ spec: FieldSpec, _ delimiter: Delimiter)
    -> [UInt8]
  {
    let fields = ranges(line, delimiter)
    var out: [UInt8] = []
    for (k, i) in spec.indices(count: fields.count).enumerated() {
      if k > 0 { out.append(contentsOf: delimiter.joiner) }
      out.append(contentsOf: line[fields[i]])
    }
    return out
  }
}
