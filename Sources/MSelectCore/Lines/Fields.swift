/// How a line is cut into fields (`-d/--delimiter`).
package enum Delimiter: Sendable, Equatable {
  /// AWK style: fields are runs of non-blank characters.
  case whitespace
  /// A literal byte string separates fields.
  case string([UInt8])
  /// A regular expression separates fields (fzf's `-d` is one); a plain string stays `.string`.
  case pattern(DelimiterPattern)

  /// `-d TEXT` as fzf reads it: a regular expression, which is a fast literal when it has no
  /// special characters (`:`, `::`); nil when it is not a valid expression.
  package static func parse(_ text: [UInt8]) -> Delimiter? {
    if text.isEmpty { return .whitespace }
    let special = Set("\\.[]()*+?{}|^$".utf8)
    guard text.contains(where: special.contains) else { return .string(text) }
    // The common escapes of a single character stay literal (and fast).
    let escapes: [[UInt8]: UInt8] = [Array("\\t".utf8): 9, Array("\\|".utf8): 124, Array("\\.".utf8): 46]
    if let byte = escapes[text] { return .string([byte]) }
    return DelimiterPattern(String(decoding: text, as: UTF8.self)).map { .pattern($0) }
  }
}

/// A compiled `-d` regular expression (immutable, so any thread may match with it).
package struct DelimiterPattern: Sendable, Equatable {
  package let source: String
  private let regex: Shared<Regex<AnyRegexOutput>>

  init?(_ source: String) {
    guard let regex = try? Regex(source) else { return nil }
    self.source = source
    self.regex = Shared(regex)
  }

  package static func == (a: DelimiterPattern, b: DelimiterPattern) -> Bool { a.source == b.source }

  /// Byte ranges of the delimiters in `line` (valid UTF-8; nil for a line that is not).
  func separators(in line: UnsafeRawBufferPointer) -> [Range<Int>]? {
    let text = String(decoding: line, as: UTF8.self)
    guard text.utf8.count == line.count else { return nil }
    let utf8 = text.utf8
    return text.matches(of: regex.pointer).compactMap { match in
      guard !match.range.isEmpty else { return nil }
      let lower = utf8.distance(from: utf8.startIndex, to: match.range.lowerBound)
      let upper = utf8.distance(from: utf8.startIndex, to: match.range.upperBound)
      return lower..<upper
    }
  }
}

/// A field selection in fzf's FIELDS syntax: `1`, `-1`, `2..`, `..3`, `1..-2`, `1,3`; or, for
/// `--with-nth`, fzf's template form: text with `{N}` (any FIELDS item) where the fields go.
package struct FieldSpec: Sendable, Equatable {
  /// One item of the comma list; indices are 1-based, negative ones count from the end.
  package struct Item: Sendable, Equatable {
    package var from: Int?
    package var to: Int?
  }

  /// A piece of a template: text as it is, or the fields of an item (joined as a selection joins).
  package enum Part: Sendable, Equatable {
    case text([UInt8])
    case fields(Item)
    /// `{n}`: the line's number in the input, from 0.
    case index
  }

  package var items: [Item]
  /// The template (`'{2} {1}'`), when the spec is one.
  package var template: [Part]?
  /// The spec as it was written (what commands get in `FZF_NTH` and `FZF_WITH_NTH`).
  package private(set) var text = ""

  /// Parses a template (text holding `{N}`, `{N..M}`, …); nil when it holds no field.
  package init?(template text: String) {
    var parts: [Part] = []
    var literal: [UInt8] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      literal += Array(rest[..<open].utf8)
      let after = rest[rest.index(after: open)...]
      if let close = after.firstIndex(of: "}"),
        after[..<close] == "n" || FieldSpec.item(String(after[..<close])) != nil
      {
        if !literal.isEmpty { parts.append(.text(literal)) }
        literal = []
        parts.append(after[..<close] == "n" ? .index : .fields(FieldSpec.item(String(after[..<close]))!))
        rest = after[after.index(after: close)...]
      } else {
        literal.append(UInt8(ascii: "{"))
        rest = after
      }
    }
    literal += Array(rest.utf8)
    if !literal.isEmpty { parts.append(.text(literal)) }
    guard parts.contains(where: { if case .text = $0 { false } else { true } }) else { return nil }
    items = []
    self.text = text
    template = parts
  }

  /// Parses FIELDS; nil when the text is not valid.
  package init?(_ text: String) {
    template = nil
    var items: [Item] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let item = FieldSpec.item(String(part)) else { return nil }
      items.append(item)
    }
    guard !items.isEmpty else { return nil }
    self.items = items
    self.text = text
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
    items.flatMap { FieldSpec.indices(of: $0, count: count) }
  }

  /// The 0-based field indices one item selects among `count` fields.
  static func indices(of item: Item, count: Int) -> [Int] {
    func resolve(_ v: Int) -> Int { v > 0 ? v - 1 : count + v }
    let lo = max(0, item.from.map(resolve) ?? 0)
    let hi = min(count - 1, item.to.map(resolve) ?? count - 1)
    return lo <= hi ? Array(lo...hi) : []
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
    case .pattern(let pattern):
      // A line that is not UTF-8 cannot be matched by the expression: it is one field.
      guard let separators = pattern.separators(in: line) else { return [0..<n] }
      var start = 0
      for separator in separators {
        result.append(start..<separator.lowerBound)
        start = separator.upperBound
      }
      // As fzf's tokens: nothing after a last separator is no field (a literal one leaves an empty one).
      if start < n || separators.isEmpty { result.append(start..<n) }
    }
    return result
  }

  /// The fields of `line` selected by `spec`, each followed by what followed it in the line (its
  /// delimiter, or its run of whitespace in AWK style) when another comes after it: fzf joins its
  /// tokens (a field and what follows it) so, and `ps aux`'s columns keep their spacing.
  package static func extract(
    _ line: UnsafeRawBufferPointer, _ spec: FieldSpec, _ delimiter: Delimiter, index: Int = 0
  ) -> [UInt8] {
    let fields = ranges(line, delimiter)
    guard let template = spec.template else { return join(line, fields, spec.indices(count: fields.count)) }
    var out: [UInt8] = []
    for part in template {
      switch part {
      case .text(let text): out += text
      case .fields(let item): out += join(line, fields, FieldSpec.indices(of: item, count: fields.count))
      case .index: out += Array(String(index).utf8)
      }
    }
    return out
  }

  /// What `--with-nth` shows of `line`, fzf's item text: the fields joined as `extract` joins them,
  /// the last one still followed by its delimiter (fzf's tokens keep theirs: `--with-nth 1 -d /`
  /// shows `a/` of `a/b/c`, and `a/` finds it), then trailing whitespace trimmed, as fzf trims the
  /// item text. A template's fields are joined without their last delimiter, as fzf's are.
  package static func view(_ line: UnsafeRawBufferPointer, _ spec: FieldSpec, _ delimiter: Delimiter)
    -> [UInt8]
  {
    var out: [UInt8]
    if spec.template == nil {
      let fields = ranges(line, delimiter)
      out = join(line, fields, spec.indices(count: fields.count), keepingLastDelimiter: true)
    } else {
      out = extract(line, spec, delimiter)
    }
    let end = out.withUnsafeBufferPointer { text in
      text.baseAddress.map { LineMeasure.spaceStart($0, from: 0, to: text.count) } ?? 0
    }
    out.removeLast(out.count - end)
    return out
  }

  /// Fields `indices` of `line` (cut into `fields`), each followed by what followed it in the line
  /// when another comes after it (see `extract`), and the last one too with `keepingLastDelimiter`.
  package static func join(
    _ line: UnsafeRawBufferPointer, _ fields: [Range<Int>], _ indices: [Int],
    keepingLastDelimiter: Bool = false
  ) -> [UInt8] {
    var out: [UInt8] = []
    /// What follows field `i` in the line: up to the next field, or to the line's end.
    func following(_ i: Int) -> Range<Int> {
      fields[i].upperBound..<(i + 1 < fields.count ? fields[i + 1].lowerBound : line.count)
    }
    for (k, i) in indices.enumerated() {
      if k > 0 { out.append(contentsOf: line[following(indices[k - 1])]) }
      out.append(contentsOf: line[fields[i]])
    }
    if keepingLastDelimiter, let last = indices.last { out.append(contentsOf: line[following(last)]) }
    return out
  }
}
