/// Expands fzf's placeholders in a command template, each value quoted for the shell.
///
/// `{}` the line, `{+}` the marked lines (or the current one), `{*}` every listed line, `{q}` the
/// query (`{fzf:query}`), `{n}` the line's index (0-based), `{N}`, `{-N}`, `{N..M}`, `{N,M}` fields
/// of the line, `{+N}` a field of each marked line, `{fzf:prompt}`, `{fzf:action}`; the flags `s`
/// (fields keep their whitespace), `r` (not quoted), `f` (the values go to a temporary file, whose
/// path is given), `n` (indices), combined as fzf combines them (`{+f}`, `{+n}`, `{sr2..}`); a `\`
/// before a placeholder leaves it as it is, without the `\` (a `transform` command can print one).
/// A value is single-quoted for the shell that runs the command (`ShellQuoting`), so no file name can
/// break the command or run anything: not spaces, quotes, backslashes, `$(…)`, backquotes or a leading
/// `-` (which stays an argument). For a shell whose quoting is unknown, a quoted value is refused.
package enum Placeholders {
  /// What the placeholders stand for.
  package struct Values {
    package var current: [UInt8]?
    package var currentIndex: Int?
    package var marked: [[UInt8]]
    package var query: [UInt8]
    package var delimiter: Delimiter
    /// The marked lines' indices (`{+n}`), and every listed line (`{*}`), worked out when a template
    /// asks for it.
    package var markedIndices: [Int] = []
    package var listed: () -> [[UInt8]] = { [] }
    /// The listed lines' indices (`{*n}`), in the same order.
    package var listedIndices: () -> [Int] = { [] }
    package var prompt = ""
    package var action = ""
    /// The folder `{+f}` files are named in (the driver makes it and writes them); nil: none can be.
    package var fileDirectory: String?
    /// The number the next file's name starts from (names are never used twice).
    package var fileSerial = 0
    /// What ends each line written to a file.
    package var terminator: UInt8 = 10
    /// How the shell that runs the command reads quotes.
    package var quoting = ShellQuoting.posix

    package init(
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
  package static func dependsOnMarks(_ template: String) -> Bool { template.contains("{+") }
  package static func dependsOnQuery(_ template: String) -> Bool {
    template.contains("{q") || template.contains("{fzf:query}")
  }
  /// Whether `template` names the line under the cursor (`{}`, `{n}`, `{2}`, …; not `{+}`, `{*}` or
  /// `{q}`): with no such line, fzf does not run it.
  package static func needsCurrentLine(_ template: String) -> Bool {
    pieces(template).contains { piece in
      guard case .placeholder(let placeholder) = piece, !placeholder.marked, !placeholder.every else {
        return false
      }
      switch placeholder.kind {
      case .line, .index, .fields: return true
      case .query, .queryFields, .prompt, .action: return false
      }
    }
  }

  /// fzf's rule for a preview with no line under the cursor: it still runs when the template has no
  /// placeholder, or one of the query or of fzf's values (`{q}`, `{fzf:…}`), or `{*…}`, or `{+…}`
  /// while lines are marked (`marks`); else the pane is left empty.
  package static func previewRunsWithoutLine(_ template: String, marks: Bool) -> Bool {
    var placeholders = false
    for piece in pieces(template) {
      guard case .placeholder(let placeholder) = piece else { continue }
      placeholders = true
      if placeholder.every || placeholder.marked && marks { return true }
      switch placeholder.kind {
      case .query, .queryFields, .prompt, .action: return true
      case .line, .index, .fields: break
      }
    }
    return !placeholders
  }

  /// Whether `template` may list every line (`{*}`): only then are they gathered.
  package static func needsEveryLine(_ template: String) -> Bool { template.contains("*") }

  /// The command: bytes, so a value that is not UTF-8 reaches it unchanged.
  package static func expand(_ template: String, _ values: Values) throws(PlaceholderError) -> [UInt8] {
    var files: [File] = []
    return try expand(template, values, files: &files)
  }

  /// `expand`, the files that `{+f}` placeholders name appended to `files` (numbered from
  /// `values.fileSerial` on, in the order of `files`): the caller writes them before the command
  /// runs (the expansion itself touches nothing).
  package static func expand(_ template: String, _ values: Values, files: inout [File])
    throws(PlaceholderError)
    -> [UInt8]
  {
    var out: [UInt8] = []
    for piece in pieces(template) {
      switch piece {
      case .text(let text): out += text.utf8
      case .placeholder(let placeholder): out += try substitute(placeholder, values, files: &files)
      }
    }
    return out
  }

  /// A file a command is to read (`{+f}`): its path and what it holds.
  package struct File: Equatable, Sendable {
    package let path: String
    package let contents: [UInt8]
  }

  /// A piece of a template: text as it is, or a placeholder.
  private enum Piece {
    case text(Substring)
    case placeholder(Placeholder)
  }

  /// `template` cut into text and placeholders.
  private static func pieces(_ template: String) -> [Piece] {
    var pieces: [Piece] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      let escaped = open > rest.startIndex && rest[rest.index(before: open)] == "\\"
      pieces.append(.text(rest[..<(escaped ? rest.index(before: open) : open)]))
      guard let close = rest[open...].firstIndex(of: "}") else {
        pieces.append(.text(rest[open...]))
        return pieces
      }
      let name = String(rest[rest.index(after: open)..<close])
      if escaped {
        // `\{q}` is `{q}` as text; a `\` before anything else stays.
        pieces.append(.text(parse(name) != nil ? rest[open...close] : rest[rest.index(before: open)...close]))
      } else if let placeholder = parse(name) {
        pieces.append(.placeholder(placeholder))
      } else {
        // Not a placeholder: the brace is text, and one may start right after it (`{{}-{n}}`).
        pieces.append(.text(rest[open...open]))
        rest = rest[rest.index(after: open)...]
        continue
      }
      rest = rest[rest.index(after: close)...]
    }
    pieces.append(.text(rest))
    return pieces
  }

  /// One placeholder: what it names and how.
  private struct Placeholder {
    enum Kind {
      case line
      case index
      case fields(FieldSpec)
      case query
      /// `{q:2}`, `{q:s..-2}`: fields of the query, split at blanks.
      case queryFields(FieldSpec)
      case prompt
      case action
    }
    var kind: Kind
    var marked = false
    var every = false
    var keepSpace = false
    var raw = false
    var file = false
  }

  /// The placeholder between braces, or nil when `name` is not one (the text stays as it is).
  private static func parse(_ name: String) -> Placeholder? {
    switch name {
    case "q", "fzf:query": return Placeholder(kind: .query)
    case "fzf:prompt": return Placeholder(kind: .prompt)
    case "fzf:action": return Placeholder(kind: .action)
    default: break
    }
    if name.hasPrefix("q:") {
      let spec = name.dropFirst(2)
      let keepSpace = spec.hasPrefix("s")
      guard let fields = FieldSpec(String(keepSpace ? spec.dropFirst() : spec)) else { return nil }
      var placeholder = Placeholder(kind: .queryFields(fields))
      placeholder.keepSpace = keepSpace
      return placeholder
    }
    let flags = name.prefix { "+*sfrn".contains($0) }
    let spec = name.dropFirst(flags.count)
    guard spec.allSatisfy({ $0.isNumber || "-.,".contains($0) }) else { return nil }
    var placeholder = Placeholder(kind: .line)
    if flags.contains("n") {
      // fzf's `{n}` family: `[+*]?f?nf?`, no field expression.
      guard spec.isEmpty, flags.filter({ $0 == "n" }).count == 1, !flags.contains("s"), !flags.contains("r")
      else { return nil }
      placeholder.kind = .index
    } else if !spec.isEmpty {
      guard let fields = FieldSpec(String(spec)) else { return nil }
      placeholder.kind = .fields(fields)
    }
    placeholder.marked = flags.contains("+")
    placeholder.every = flags.contains("*")
    placeholder.keepSpace = flags.contains("s")
    placeholder.raw = flags.contains("r")
    placeholder.file = flags.contains("f")
    return placeholder
  }

  /// The placeholder's text: its values quoted and separated by spaces, or the path of a file
  /// holding them one a line.
  private static func substitute(_ placeholder: Placeholder, _ values: Values, files: inout [File])
    throws(PlaceholderError) -> [UInt8]
  {
    func quote(_ bytes: [UInt8]) throws(PlaceholderError) -> [UInt8] {
      try values.quoting.quoted(bytes)
    }
    let empty = Array("''".utf8)
    switch placeholder.kind {
    case .query: return try quote(values.query)
    case .queryFields(let fields):
      return try quote(
        values.query.withUnsafeBytes { bytes in
          let ranges = Fields.ranges(bytes, .whitespace)
          let chosen = fields.indices(count: ranges.count)
          return placeholder.keepSpace
            ? Fields.join(bytes, ranges, chosen, keepingLastDelimiter: true)
            : Fields.extract(bytes, fields, .whitespace)
        })
    case .prompt: return try quote(Array(values.prompt.utf8))
    case .action: return Array(values.action.utf8)
    default: break
    }
    let texts = chosenLines(placeholder, values).map {
      text(of: $0.line, index: $0.index, placeholder, values)
    }
    if placeholder.file {
      var content: [UInt8] = []
      for text in texts {
        content += text
        content.append(values.terminator)
      }
      guard let directory = values.fileDirectory else { return empty }
      // A suffix after the number: no file's path is part of another's (`…/1-lines`, `…/11-lines`).
      let path = "\(directory)/\(values.fileSerial + files.count)-lines"
      files.append(File(path: path, contents: content))
      return try quote(Array(path.utf8))
    }
    if texts.isEmpty { return empty }
    if case .index = placeholder.kind { return Array(texts.joined(separator: [32])) }
    if placeholder.raw { return Array(texts.joined(separator: [32])) }
    var quoted: [[UInt8]] = []
    for text in texts { quoted.append(try quote(text)) }
    return Array(quoted.joined(separator: [32]))
  }

  /// The lines a placeholder stands for, each with its index (nil when not known): every listed
  /// line (`{*}`), the marked ones (`{+}`, the current one when none is), or the current one.
  private static func chosenLines(_ placeholder: Placeholder, _ values: Values) -> [(
    line: [UInt8], index: Int?
  )] {
    let lines: [[UInt8]]
    let indices: [Int?]
    if placeholder.every {
      lines = values.listed()
      let listed = values.listedIndices()
      indices = listed.count == lines.count ? listed : Array(repeating: nil, count: lines.count)
    } else if placeholder.marked && !values.marked.isEmpty {
      lines = values.marked
      indices =
        values.markedIndices.count == lines.count
        ? values.markedIndices : Array(repeating: nil, count: lines.count)
    } else {
      lines = values.current.map { [$0] } ?? []
      indices = [values.currentIndex]
    }
    return zip(lines, indices).map { ($0, $1) }
  }

  /// What a placeholder makes of one line: its index (`''` when not known), its fields, or the line.
  private static func text(of line: [UInt8], index: Int?, _ placeholder: Placeholder, _ values: Values)
    -> [UInt8]
  {
    switch placeholder.kind {
    case .index:
      return index.map { Array(String($0).utf8) } ?? Array("''".utf8)
    case .fields(let fields):
      return line.withUnsafeBytes { bytes -> [UInt8] in
        if placeholder.keepSpace && values.delimiter == .whitespace {
          let ranges = Fields.ranges(bytes, values.delimiter)
          return Fields.join(bytes, ranges, fields.indices(count: ranges.count), keepingLastDelimiter: true)
        }
        return Fields.extract(bytes, fields, values.delimiter)
      }
    default:
      return line
    }
  }
}
