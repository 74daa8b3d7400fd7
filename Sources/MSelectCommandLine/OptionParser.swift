import MSelectCore

/// Turns command-line words (raw bytes, so queries keep invalid UTF-8) into `Options`.
package enum OptionParser {
  /// Parses `defaults` (from `profile.defaultOptionsVariable`, already split) followed by `arguments`, starting
  /// from `profile`'s option values.
  package static func parse(_ arguments: [[UInt8]], defaults: [[UInt8]] = [], profile: Profile = .mselect)
    throws(OptionError) -> Options
  {
    // A mistake in the defaults is reported as theirs, not the command line's.
    if !defaults.isEmpty {
      do throws(OptionError) {
        let given = try parseWords(defaults[...], from: profile.defaults)
        // `--bind` is read into actions only later, with every option known: a bad action in the
        // defaults is theirs too (fzf names the variable).
        var keys = KeyBindings(given.picker.flavor)
        for spec in given.bindings.dropFirst(profile.defaults.bindings.count) { try keys.apply(spec) }
      } catch {
        throw .inDefaults(error, variable: profile.defaultOptionsVariable)
      }
    }
    return try parseWords((defaults + arguments)[...], from: profile.defaults)
  }

  private static func parseWords(_ all: ArraySlice<[UInt8]>, from start: Options) throws(OptionError)
    -> Options
  {
    var options = start
    var words = all
    var onlyFiles = false
    var positionals: [[UInt8]] = []
    while let word = words.popFirst() {
      let text = String(decoding: word, as: UTF8.self)
      if onlyFiles || word == Array("-".utf8) || !(text.hasPrefix("-") || OptionTable.named(text) != nil) {
        positionals.append(word)
        continue
      }
      if text == "--" {
        onlyFiles = true
        continue
      }
      if text.hasPrefix("--") {
        try parseLong(word, rest: &words, to: &options)
      } else if text.hasPrefix("+") {
        // fzf's `+x` forms: the negation of `-x`.
        try apply(text, inline: nil, rest: &words, to: &options)
      } else {
        try parseShort(word, rest: &words, to: &options)
      }
    }
    // One word is a FILE; several are the lines themselves, as gum takes `gum choose a b c`.
    if positionals.count == 1 {
      options.file = String(decoding: positionals[0], as: UTF8.self)
    } else if positionals.count > 1 {
      options.choices = positionals
    }
    return options
  }

  /// A long option, `--name` or `--name=value`.
  private static func parseLong(
    _ word: [UInt8], rest words: inout ArraySlice<[UInt8]>, to options: inout Options
  )
    throws(OptionError)
  {
    let body = word.dropFirst(2)
    let name: String
    var inline: [UInt8]?
    if let eq = body.firstIndex(of: UInt8(ascii: "=")) {
      name = "--" + String(decoding: body[..<eq], as: UTF8.self)
      inline = Array(body[(eq + 1)...])
    } else {
      name = String(decoding: word, as: UTF8.self)
    }
    if name == "--multi" {
      options.max = try multiLimit(name, inline, &words)
      return
    }
    try apply(name, inline: inline, rest: &words, to: &options)
    // fzf's `--walker-root DIR [DIR…]`: the words after it, up to an option, are roots too.
    if name == "--walker-root" {
      while let next = words.first, next.first != UInt8(ascii: "-") {
        options.walker.roots.append(String(decoding: next, as: UTF8.self))
        words.removeFirst()
      }
    }
  }

  /// Short options: flags may be bundled; one that takes a value takes the rest of the word.
  private static func parseShort(
    _ word: [UInt8], rest words: inout ArraySlice<[UInt8]>, to options: inout Options
  )
    throws(OptionError)
  {
    var rest = word.dropFirst()
    while let c = rest.popFirst() {
      let name = "-" + String(UnicodeScalar(c))
      if name == "-m" {
        // `-m3`, `-m=3`: the maximum, as with --multi=3.
        let inline = rest.isEmpty ? nil : Array(rest.first == UInt8(ascii: "=") ? rest.dropFirst() : rest)
        options.max = try multiLimit(name, inline, &words)
        return
      }
      if case .value = OptionTable.named(name)?.takes {
        try apply(name, inline: rest.isEmpty ? nil : Array(rest), rest: &words, to: &options)
        return
      }
      try apply(name, inline: nil, rest: &words, to: &options)
    }
  }

  /// gum's style options (`--cursor.foreground 212`, `--header.bold`): whether one takes a value;
  /// nil for a name that is not one.
  private static func gumStyle(_ name: String) -> Bool? {
    let parts = name.dropFirst(2).split(separator: ".", omittingEmptySubsequences: false)
    guard name.hasPrefix("--"), parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "-" } })
    else { return nil }
    return !["bold", "italic", "faint", "underline", "strikethrough"].contains(String(parts[1]))
  }

  /// A duration as gum (Go) writes one, in milliseconds: `30s`, `1m30s`, `500ms`, `1.5h`, `0`; a
  /// plain number is seconds. Nil for anything else, and beyond `maxDuration`.
  static func duration(_ text: String) -> Int? {
    func milliseconds(_ value: Double) -> Int? {
      value.isFinite && value >= 0 && value <= Double(maxDuration) ? Int(value.rounded(.up)) : nil
    }
    if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let seconds = Double(text) {
      return milliseconds(seconds * 1000)
    }
    let units: [(String, Double)] = [
      ("ns", 1e-6), ("us", 1e-3), ("µs", 1e-3), ("ms", 1), ("s", 1e3), ("m", 6e4), ("h", 3.6e6),
    ]
    var rest = Substring(text)
    var total = 0.0
    while !rest.isEmpty {
      let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      guard let value = Double(number) else { return nil }
      rest = rest.dropFirst(number.count)
      let letters = rest.prefix { !($0.isASCII && ($0.isNumber || $0 == ".")) }
      guard let unit = units.first(where: { $0.0 == letters }) else { return nil }
      rest = rest.dropFirst(letters.count)
      total += value * unit.1
    }
    return text.isEmpty ? nil : milliseconds(total)
  }

  /// The longest `--timeout` (about 115 days, in milliseconds): longer ones are refused, not wrapped.
  static let maxDuration = 10_000_000_000

  /// Applies one option as its table entry says; `inline` is a value given as `--name=value` or
  /// `-qvalue`.
  private static func apply(
    _ name: String, inline: [UInt8]?, rest: inout ArraySlice<[UInt8]>, to options: inout Options
  ) throws(OptionError) {
    guard let option = OptionTable.named(name) else {
      guard let takesValue = gumStyle(name) else { throw .unknownOption(name) }
      if takesValue && inline == nil && rest.popFirst() == nil { throw .missingValue(name) }
      options.ignored.append(name)
      return
    }
    let value: [UInt8]?
    switch option.takes {
    case .nothing:
      if let inline {
        throw .invalidValue(
          option: name, value: String(decoding: inline, as: UTF8.self), expected: "no value")
      }
      value = nil
    case .value:
      guard let given = inline ?? rest.popFirst() else { throw .missingValue(name) }
      value = given
    case .optionalValue(let accepts):
      if let inline {
        value = inline
      } else if let next = rest.first, accepts(String(decoding: next, as: UTF8.self)) {
        value = rest.removeFirst()
      } else {
        value = nil
      }
    }
    do {
      try option.apply(&options, OptionValue(name: name, bytes: value))
    } catch let error as OptionError {
      throw error
    } catch {
      throw .invalidValue(
        option: name, value: value.map { String(decoding: $0, as: UTF8.self) } ?? "", expected: "\(error)")
    }
  }

  /// The limit of `--multi[=N]` or `-m[N]`: the one written with it, or the next word when that is a
  /// number (`--multi 2`, `-m 3`, as fzf reads them); nil (no limit) without one.
  private static func multiLimit(_ name: String, _ inline: [UInt8]?, _ words: inout ArraySlice<[UInt8]>)
    throws(OptionError) -> Int?
  {
    if let inline { return try OptionValue(name: name, bytes: inline).multiLimit() }
    guard let next = words.first, !next.isEmpty, next.allSatisfy({ (48...57).contains($0) }) else {
      return nil
    }
    words.removeFirst()
    return try OptionValue(name: name, bytes: next).multiLimit()
  }
}
