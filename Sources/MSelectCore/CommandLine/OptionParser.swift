/// Turns command-line words (raw bytes, so queries keep invalid UTF-8) into `Options`.
public enum OptionParser {
  /// Parses `defaults` (from MSELECT_DEFAULT_OPTS, already split) followed by `arguments`.
  public static func parse(_ arguments: [[UInt8]], defaults: [[UInt8]] = []) throws(OptionError) -> Options {
    // A mistake in the defaults is reported as theirs, not the command line's.
    if !defaults.isEmpty {
      do throws(OptionError) {
        _ = try parseWords(defaults[...])
      } catch {
        throw .inDefaults(error)
      }
    }
    return try parseWords((defaults + arguments)[...])
  }

  private static func parseWords(_ all: ArraySlice<[UInt8]>) throws(OptionError) -> Options {
    var options = Options()
    var words = all
    var onlyFiles = false
    while let word = words.popFirst() {
      let text = String(decoding: word, as: UTF8.self)
      if onlyFiles || word == Array("-".utf8) || !(text.hasPrefix("-") || text == "+i") {
        guard options.file == nil else { throw .unexpectedArgument(text) }
        options.file = text
        continue
      }
      if text == "--" {
        onlyFiles = true
        continue
      }
      if text.hasPrefix("--") {
        let body = word.dropFirst(2)
        let name: String
        var inline: [UInt8]?
        if let eq = body.firstIndex(of: UInt8(ascii: "=")) {
          name = "--" + String(decoding: body[..<eq], as: UTF8.self)
          inline = Array(body[(eq + 1)...])
        } else {
          name = text
        }
        if name == "--multi" {
          if let inline { options.max = try multi(name, inline) }
          continue
        }
        try apply(name, inline: inline, rest: &words, to: &options)
        continue
      }
      if text == "+i" {
        options.match.caseMode = .sensitive
        continue
      }
      // Short options: flags may be bundled; one that takes a value takes the rest of the word.
      var rest = word.dropFirst()
      while let c = rest.popFirst() {
        let name = "-" + String(UnicodeScalar(c))
        if name == "-m" && !rest.isEmpty {
          // `-m3`, `-m=3`: the maximum, as with --multi=3.
          options.max = try multi(name, Array(rest.first == UInt8(ascii: "=") ? rest.dropFirst() : rest))
          break
        }
        if shortTakesValue.contains(name) {
          try apply(name, inline: rest.isEmpty ? nil : Array(rest), rest: &words, to: &options)
          break
        }
        try apply(name, inline: nil, rest: &words, to: &options)
      }
    }
    return options
  }

  private static let shortTakesValue: Set<String> = ["-q", "-f", "-d"]

  /// Applies one option; `inline` is a value given as `--name=value` or `-qvalue`.
  private static func apply(
    _ name: String, inline: [UInt8]?, rest: inout ArraySlice<[UInt8]>, to o: inout Options
  ) throws(OptionError) {
    func value() throws(OptionError) -> [UInt8] {
      if let inline { return inline }
      guard let next = rest.popFirst() else { throw .missingValue(name) }
      return next
    }
    func string() throws(OptionError) -> String { String(decoding: try value(), as: UTF8.self) }
    func flag() throws(OptionError) {
      if let inline {
        throw .invalidValue(
          option: name, value: String(decoding: inline, as: UTF8.self), expected: "no value")
      }
    }
    switch name {
    case "-h", "--help": try flag(); o.help = true
    case "-V", "--version": try flag(); o.version = true
    case "-q", "--query": o.query = try value()
    case "-f", "--filter": o.mode = .filter(try value())
    case "--batch": try flag(); o.mode = .batch
    case "--interactive": try flag(); o.mode = .interactive
    case "--read0": try flag(); o.read0 = true
    case "--print0": try flag(); o.print0 = true
    case "-e", "--exact": try flag(); o.match.exact = true
    case "--no-exact": try flag(); o.match.exact = false
    case "-i", "--ignore-case": try flag(); o.match.caseMode = .insensitive
    case "--no-ignore-case": try flag(); o.match.caseMode = .sensitive
    case "--smart-case": try flag(); o.match.caseMode = .smart
    case "--literal": try flag(); o.match.foldDiacritics = false
    case "--no-sort": try flag(); o.rank.sort = false
    case "--sort": try flag(); o.rank.sort = true
    case "--tac": try flag(); o.rank.reverse = true
    case "--no-tac": try flag(); o.rank.reverse = false
    case "--tiebreak": o.rank.tiebreaks = try tiebreaks(name, try string())
    case "-d", "--delimiter":
      let v = try value()
      o.delimiter = v.isEmpty ? .whitespace : .string(v)
    case "--nth": o.nth = try fields(name, try string())
    case "--with-nth": o.withNth = try fields(name, try string())
    case "--accept-nth": o.acceptNth = try fields(name, try string())
    case "--header-lines": o.headerLines = try number(name, try value(), minimum: 0)
    case "--header": o.header = try string()
    case "--order": o.order = try choice(name, try string(), Selection.Order.self)
    case "--preselect": o.preselect.append(try value())
    case "--preselect-file": o.preselectFiles.append(try string())
    case "--preselect-match": o.preselectMatch.append(try value())
    case "--select-all": try flag(); o.selectAll = true
    case "--min": o.min = try number(name, try value(), minimum: 0)
    case "--max": o.max = try number(name, try value(), minimum: 1)
    case "-m": o.max = nil
    case "--no-multi": try flag(); o.max = 1
    case "-1", "--select-1": try flag(); o.select1 = true
    case "-0", "--exit-0": try flag(); o.exit0 = true
    case "--print-query": try flag(); o.printQuery = true
    case "--expect":
      o.expect = try string().split(separator: ",").map(String.init)
    case "--height": o.height = try height(name, try string())
    case "--fullscreen": try flag(); o.height = .fullscreen
    case "--layout": o.layout = try choice(name, try string(), PickerSettings.Layout.self)
    case "--reverse": try flag(); o.layout = .reverse
    case "--prompt": o.prompt = try string()
    case "--pointer": o.pointer = try string()
    case "--marker": o.marker = try string()
    case "--color": o.color = try choice(name, try string(), Options.ColorMode.self)
    case "--no-color": try flag(); o.color = .never
    case "--bind": o.bindings.append(try string())
    case "--cycle": try flag(); o.cycle = true
    case "--no-cycle": try flag(); o.cycle = false
    case "--scroll-off": o.scrollOff = try number(name, try value(), minimum: 0)
    default: throw .unknownOption(name)
    }
  }

  /// `--multi=N`: at most N marked lines; 0 means no limit.
  private static func multi(_ name: String, _ value: [UInt8]) throws(OptionError) -> Int? {
    let n = try number(name, value, minimum: 0)
    return n == 0 ? nil : n
  }

  private static func number(_ name: String, _ value: [UInt8], minimum: Int) throws(OptionError) -> Int {
    let text = String(decoding: value, as: UTF8.self)
    guard let n = Int(text), n >= minimum else {
      throw .invalidValue(option: name, value: text, expected: "a whole number ≥ \(minimum)")
    }
    return n
  }

  private static func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ text: String, _: T.Type)
    throws(OptionError) -> T where T.RawValue == String
  {
    guard let value = T(rawValue: text) else {
      throw .invalidValue(
        option: name, value: text, expected: T.allCases.map(\.rawValue).joined(separator: " or "))
    }
    return value
  }

  private static func fields(_ name: String, _ text: String) throws(OptionError) -> FieldSpec {
    guard let spec = FieldSpec(text) else {
      throw .invalidValue(option: name, value: text, expected: "fields like 1, -1, 2.., ..3 or 1,3")
    }
    return spec
  }

  private static func tiebreaks(_ name: String, _ text: String) throws(OptionError) -> [RankOptions.Tiebreak]
  {
    var result: [RankOptions.Tiebreak] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let t = RankOptions.Tiebreak(rawValue: String(part)) else {
        throw .invalidValue(option: name, value: text, expected: "a comma list of length, begin, end, index")
      }
      result.append(t)
    }
    return result
  }

  private static func height(_ name: String, _ text: String) throws(OptionError) -> PickerSettings.Height {
    let expected = "N or N% (N ≥ 3, percent 1-100)"
    var body = Substring(text)
    if body.hasPrefix("~") { body = body.dropFirst() }
    if body.hasSuffix("%") {
      guard let p = Int(body.dropLast()), (1...100).contains(p) else {
        throw .invalidValue(option: name, value: text, expected: expected)
      }
      return p == 100 ? .fullscreen : .percent(p)
    }
    guard let n = Int(body), n >= 3 else {
      throw .invalidValue(option: name, value: text, expected: expected)
    }
    return .lines(n)
  }
}
