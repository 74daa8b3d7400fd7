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
        _ = try parseWords(defaults[...], from: profile.defaults)
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
      if onlyFiles || word == Array("-".utf8) || !(text.hasPrefix("-") || plusFlags[text] != nil) {
        positionals.append(word)
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
          options.max = try multiLimit(name, inline, &words)
          continue
        }
        try apply(name, inline: inline, rest: &words, to: &options)
        continue
      }
      if let long = plusFlags[text] {
        // fzf's `+x` forms: the negation of `-x`.
        try apply(long, inline: nil, rest: &words, to: &options)
        continue
      }
      // Short options: flags may be bundled; one that takes a value takes the rest of the word.
      var rest = word.dropFirst()
      while let c = rest.popFirst() {
        let name = "-" + String(UnicodeScalar(c))
        if name == "-m" {
          // `-m3`, `-m=3`: the maximum, as with --multi=3.
          let inline = rest.isEmpty ? nil : Array(rest.first == UInt8(ascii: "=") ? rest.dropFirst() : rest)
          options.max = try multiLimit(name, inline, &words)
          break
        }
        if shortTakesValue.contains(name) {
          try apply(name, inline: rest.isEmpty ? nil : Array(rest), rest: &words, to: &options)
          break
        }
        try apply(name, inline: nil, rest: &words, to: &options)
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

  private static let shortTakesValue: Set<String> = ["-q", "-f", "-d", "-n"]

  /// fzf's `+X` flags and the long options they stand for.
  private static let plusFlags: [String: String] = [
    "+i": "--no-ignore-case", "+m": "--no-multi", "+s": "--no-sort", "+x": "--no-extended",
    "+e": "--no-exact", "+c": "--no-color", "+1": "--no-select-1", "+0": "--no-exit-0", "+2": "--no-height",
  ]

  /// The no-op options that take an optional value, and which next words are theirs.
  private static let optionalValues: [String: @Sendable (String) -> Bool] = [
    "--tmux": { word in word.first.map { $0.isNumber || "ctblr".contains($0) } ?? false && !word.contains("/")
    },
    "--popup": { word in
      word.first.map { $0.isNumber || "ctblr".contains($0) } ?? false && !word.contains("/")
    },
    "--gap": { Int($0) != nil },
    "--scrollbar": { $0.count <= 2 && !$0.hasPrefix("-") && !$0.contains(".") },
    "--list-border": { Chrome.Border(rawValue: $0) != nil },
    "--input-border": { Chrome.Border(rawValue: $0) != nil },
    "--header-border": { Chrome.Border(rawValue: $0) != nil },
    "--header-lines-border": { Chrome.Border(rawValue: $0) != nil },
  ]

  /// fzf options that only change fzf's look in ways mselect does not draw (or its own integrations);
  /// accepted, so copied option lines work, and listed in the guide. `true`: takes a value
  /// (`--name=value` or the next word); `false`: a flag, or `--name=value` only.
  private static let compatibleNoOps: [String: Bool] = [
    "--scrollbar": false, "--no-scrollbar": false,
    "--highlight-line": false, "--no-highlight-line": false,
    "--bold": false, "--no-bold": false, "--hscroll": false, "--no-hscroll": false, "--tmux": false,
    "--no-tmux": false,
    "--gap": false, "--no-gap": false, "--list-border": false,
    "--no-list-border": false, "--input-border": false, "--no-input-border": false, "--header-border": false,
    "--no-header-border": false, "--header-lines-border": false, "--filepath-word": false,
    "--no-filepath-word": false, "--ansi-off": false, "--no-info-command": false,
    "--style": true, "--walker": true,
    "--walker-root": true, "--walker-skip": true, "--info-command": true, "--gap-line": false,
    "--min-height": true, "--pointer-label": true, "--list-label": true,
    "--input-label": true, "--header-label": true, "--freeze-left": true, "--freeze-right": true,
    "--wrap": false, "--no-wrap": false, "--wrap-sign": true, "--no-clear": false, "--no-input": false,
    "--black": false, "--no-black": false, "--multi-line": false, "--no-multi-line": false,
    "--footer-border": false, "--footer-label": true, "--algo": true,
    "--ambidouble": false, "--no-ambidouble": false, "--footer": true, "--footer-label-pos": true,
    "--gutter-raw": true, "--header-label-pos": true, "--input-label-pos": true,
    "--list-label-pos": true, "--marker-multi-line": true, "--no-tty-default": false, "--popup": false,
    "--no-popup": false, "--preview-wrap-sign": true, "--wrap-word": false, "--threads": true, "--tail": true,
    "--raw": false, "--no-raw": false,
    // gum's look-only options.
    "--cursor-prefix": true, "--show-help": false, "--no-show-help": false, "--width": true,
    "--strip-ansi": false, "--no-strip-ansi": false, "--strict": false,
  ]

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
    /// An optional value: `--name=value`, or the next word when `accepts` it (as fzf takes
    /// `--border sharp`; a word it does not accept stays a FILE or the next option).
    func optional(_ accepts: (String) -> Bool) -> String? {
      if let inline { return String(decoding: inline, as: UTF8.self) }
      guard let next = rest.first, accepts(String(decoding: next, as: UTF8.self)) else { return nil }
      rest.removeFirst()
      return String(decoding: next, as: UTF8.self)
    }
    func flag() throws(OptionError) {
      if let inline {
        throw .invalidValue(
          option: name, value: String(decoding: inline, as: UTF8.self), expected: "no value")
      }
    }
    switch name {
    case "-h", "--help": try flag(); o.help = true
    // The profile was chosen before parsing (`Profile.of`).
    case "--fzf": try flag()
    case "--man": try flag(); o.manual = .shown
    case "--man-roff": try flag(); o.manual = .roff
    case "--bash", "--zsh", "--fish":
      try flag()
      o.shellScript = Options.ShellScriptRequest(
        shell: ShellScripts.Shell(rawValue: String(name.dropFirst(2)))!, completionOnly: false)
    case "--completion":
      o.shellScript = Options.ShellScriptRequest(
        shell: try choice(name, try string(), ShellScripts.Shell.self), completionOnly: true)
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
    case "--scheme":
      // As in fzf, the scheme brings its tiebreaks; a later --tiebreak replaces them.
      o.match.scheme = try choice(name, try string().lowercased(), MatchOptions.Scheme.self)
      o.rank.tiebreaks = o.match.scheme.tiebreaks
    case "--no-sort": try flag(); o.rank.sort = false
    case "--sort": try flag(); o.rank.sort = true
    case "--tac": try flag(); o.rank.reverse = true
    case "--no-tac": try flag(); o.rank.reverse = false
    case "--tiebreak": o.rank.tiebreaks = try tiebreaks(name, try string())
    case "-d", "--delimiter":
      let v = try value()
      guard let delimiter = Delimiter.parse(v) else {
        throw .invalidValue(
          option: name, value: String(decoding: v, as: UTF8.self),
          expected: "a string or a regular expression")
      }
      o.delimiter = delimiter
    case "-n", "--nth": o.nth = try fields(name, try string())
    case "--with-nth":
      let text = try string()
      // fzf's template form: `'{2} {1}'`.
      if text.contains("{"), let template = FieldSpec(template: text) {
        o.withNth = template
      } else {
        o.withNth = try fields(name, text)
      }
    case "--accept-nth": o.acceptNth = try fields(name, try string())
    case "--header-lines": o.headerLines = try number(name, try value(), minimum: 0)
    case "--header": o.header = try string()
    case "--jump-labels":
      let labels = try string()
      guard !labels.isEmpty else {
        throw .invalidValue(option: name, value: labels, expected: "some characters")
      }
      o.jumpLabels = labels
    case "--order": o.order = try choice(name, try string(), Selection.Order.self)
    case "--preselect": o.preselect.append(try value())
    case "--preselect-file": o.preselectFiles.append(try string())
    case "--remember": o.remember = try string()
    case "--history": o.history = try string()
    case "--history-size": o.historySize = try number(name, try value(), minimum: 1)
    case "--preselect-match": o.preselectMatch.append(try value())
    case "--select-all": try flag(); o.selectAll = true
    case "--min": o.min = try number(name, try value(), minimum: 0)
    case "--max": o.max = try number(name, try value(), minimum: 1)
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
    case "--marker", "--selected-prefix": o.marker = try string()
    case "--unselected-prefix": o.unmarked = try string()
    case "--cursor", "--indicator": o.pointer = try string()
    case "--ghost", "--placeholder": o.ghost = try string()
    case "--value": o.query = try value()
    // gum's selection options, as `gum choose` / `gum filter` read them.
    case "--limit": o.max = try number(name, try value(), minimum: 1)
    case "--no-limit": try flag(); o.max = nil
    case "--selected":
      for item in try value().split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
        if item.elementsEqual("*".utf8) { o.selectAll = true } else { o.selected.append(Array(item)) }
      }
    case "--ordered": try flag(); o.order = .selection
    case "--select-if-one": try flag(); o.select1 = true
    case "--label-delimiter":
      // `LABEL<D>VALUE`: the label is shown and searched, the value printed (cut at the first D).
      let text = try value()
      guard !text.isEmpty else { throw .invalidValue(option: name, value: "", expected: "a string") }
      o.delimiter = .string(text)
      o.labelDelimiter = text
      o.withNth = FieldSpec(template: "{1}")
      o.acceptNth = FieldSpec("2..")
    case "--timeout":
      let text = try string()
      guard let milliseconds = duration(text) else {
        throw .invalidValue(option: name, value: text, expected: "a duration such as 30s, 1m30s, 500ms or 0")
      }
      o.timeout = milliseconds == 0 ? nil : milliseconds
    case "--listen", "--listen-unsafe":
      if let text = optional({ RemoteControl.Address($0) != nil }) {
        guard let address = RemoteControl.Address(text) else {
          throw .invalidValue(option: name, value: text, expected: "PORT, HOST:PORT or PATH.sock")
        }
        o.listen = address
      } else {
        o.listen = .local
      }
      o.listenUnsafe = name == "--listen-unsafe"
    case "--no-listen", "--no-listen-unsafe":
      try flag()
      o.listen = nil
      o.listenUnsafe = false
    case "--no-strict": try flag(); o.bindings.append("enter:accept-or-print-query")
    case "--no-fuzzy": try flag(); o.match.exact = true
    case "--fuzzy": try flag(); o.match.exact = false
    case "--fuzzy-sort": try flag(); o.rank.sort = true
    case "--no-fuzzy-sort": try flag(); o.rank.sort = false
    case "--color":
      let text = try string()
      if let mode = Options.ColorMode(rawValue: text) {
        o.color = mode
      } else if let palette = Palette.parse(text, onto: o.palette) {
        o.palette = palette
      } else {
        throw .invalidValue(
          option: name, value: text,
          expected: "auto, always, never, or fzf's spec such as dark,fg:#cdd6f4,hl:red,bg+:236")
      }
    case "--no-color": try flag(); o.color = .never
    case "--bind": o.bindings.append(try string())
    case "--track": try flag(); o.track = true
    case "--sync": try flag(); o.sync = true
    case "--ellipsis": o.ellipsis = try string()
    case "--gutter": o.gutter = try string()
    // Marks follow a line's bytes across reloads; fzf mode keeps them only with an --id-nth.
    case "--id-nth": _ = try string(); o.marksSurviveReload = true
    case "--hscroll-off": o.hscrollOff = try number(name, try value(), minimum: 0)
    case "--keep-right": try flag(); o.keepRight = true
    case "--no-keep-right": try flag(); o.keepRight = false
    case "--no-sync": try flag(); o.sync = false
    // fzf's older spelling of `--bind KEY:toggle-sort`.
    case "--toggle-sort": o.bindings.append(try string() + ":toggle-sort")
    case "--no-track": try flag(); o.track = false
    case "--cycle": try flag(); o.cycle = true
    case "--no-cycle": try flag(); o.cycle = false
    case "--mouse": try flag(); o.mouse = true
    case "--no-mouse": try flag(); o.mouse = false
    case "--scroll-off": o.scrollOff = try number(name, try value(), minimum: 0)
    case "--no-select-1": try flag(); o.select1 = false
    case "--no-exit-0": try flag(); o.exit0 = false
    case "-x", "--extended": try flag(); o.match.extended = true
    case "--no-extended": try flag(); o.match.extended = false
    case "--no-height": try flag(); o.height = .fullscreen
    case "--with-shell":
      let words = try ShellWords.split(try value())
      guard !words.isEmpty else {
        throw .invalidValue(option: name, value: "", expected: "a shell and its flags, e.g. 'bash -c'")
      }
      o.withShell = words
    case "--preview": o.preview.command = try string()
    case "--no-preview": try flag(); o.preview.command = nil
    case "--preview-window":
      let spec = try string()
      guard o.preview.apply(spec) else {
        throw .invalidValue(
          option: name, value: spec, expected: "right|left|up|down, a size N or N%, border, wrap, hidden, +N")
      }
    case "--preview-label": o.preview.label = try string()
    case "--preview-label-pos": o.preview.labelPosition = try labelPosition(name, try string())
    case "--border-label-pos": o.chrome.borderLabelPosition = try labelPosition(name, try string())
    case "--preview-border":
      // fzf's `--preview-border[=STYLE]`: the next word only when it is a style.
      let style = optional { Chrome.Border(rawValue: $0) != nil }
      o.preview.border =
        try style.map { v throws(OptionError) in try choice(name, v, Chrome.Border.self) } ?? .rounded
    case "--ansi": try flag(); o.ansi = true
    case "--no-ansi": try flag(); o.ansi = false
    case "--disabled", "--phony": try flag(); o.disabled = true
    case "--enabled", "--no-phony": try flag(); o.disabled = false
    case "--header-first": try flag(); o.headerFirst = true
    case "--no-header-first": try flag(); o.headerFirst = false
    case "--tabstop": o.tabstop = try number(name, try value(), minimum: 1)
    case "--info":
      let style = try string()
      // `inline:PREFIX` and `inline-right:PREFIX`: the text drawn before the info.
      let parts = style.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      o.chrome.info = try choice(name, String(parts[0]), Chrome.Info.self)
      o.chrome.infoPrefix = parts.count > 1 ? String(parts[1]) : nil
    case "--inline-info": try flag(); o.chrome.info = .inline
    case "--no-inline-info": try flag(); o.chrome.info = .default
    case "--no-info": try flag(); o.chrome.info = .hidden
    case "--unicode": try flag(); o.unicode = true
    case "--no-unicode": try flag(); o.unicode = false
    case "--separator": o.chrome.separator = try string()
    case "--no-separator": try flag(); o.chrome.separator = nil
    case "--border":
      let style = optional { Chrome.Border(rawValue: $0) != nil }
      o.chrome.border =
        try style.map { v throws(OptionError) in try choice(name, v, Chrome.Border.self) } ?? .rounded
    case "--no-border": try flag(); o.chrome.border = .none
    case "--border-label": o.chrome.borderLabel = try string()
    case "--margin", "--padding":
      let text = try string()
      guard let spacing = Chrome.Spacing(text) else {
        throw .invalidValue(
          option: name, value: text, expected: "N, N% or a TRBL list such as 1,2 or 1,2,3,4")
      }
      if name == "--margin" { o.chrome.margin = spacing } else { o.chrome.padding = spacing }
    default:
      guard let takesValue = compatibleNoOps[name] ?? gumStyle(name) else { throw .unknownOption(name) }
      if takesValue {
        _ = try value()
      } else if let accepts = optionalValues[name] {
        _ = optional(accepts)
      }
      o.ignored.append(name)
    }
  }

  /// `--multi=N`: at most N marked lines; 0 means no limit.
  private static func labelPosition(_ name: String, _ text: String) throws(OptionError)
    -> Chrome.LabelPosition
  {
    guard let position = Chrome.LabelPosition(text) else {
      throw .invalidValue(option: name, value: text, expected: "N, -N or 0, then :top or :bottom")
    }
    return position
  }

  /// The limit of `--multi[=N]` or `-m[N]`: the one written with it, or the next word when that is a
  /// number (`--multi 2`, `-m 3`, as fzf reads them); nil (no limit) without one.
  private static func multiLimit(_ name: String, _ inline: [UInt8]?, _ words: inout ArraySlice<[UInt8]>)
    throws(OptionError) -> Int?
  {
    if let inline { return try multi(name, inline) }
    guard let next = words.first, !next.isEmpty, next.allSatisfy({ (48...57).contains($0) }) else {
      return nil
    }
    words.removeFirst()
    return try multi(name, next)
  }

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
        throw .invalidValue(
          option: name, value: text, expected: "a comma list of length, begin, end, chunk, pathname, index")
      }
      result.append(t)
    }
    return result
  }

  private static func height(_ name: String, _ text: String) throws(OptionError) -> PickerSettings.Height {
    let expected = "N, N% or -N (N ≥ 3, percent 1-100; -N: all rows but N)"
    var body = Substring(text)
    if body.hasPrefix("~") { body = body.dropFirst() }
    if body.hasPrefix("-") {
      guard let n = Int(body.dropFirst()), n >= 0 else {
        throw .invalidValue(option: name, value: text, expected: expected)
      }
      return n == 0 ? .fullscreen : .allBut(n)
    }
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
