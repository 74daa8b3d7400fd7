import MSelectCore

extension OptionTable {
  /// The options left out of the documentation: other spellings, negations, fzf's and gum's forms,
  /// and the look-only options mselect accepts and ignores.
  package static let hidden: [OptionInfo] =
    [
      .hidden(["--completion"], takes: .value) { o, v in
        o.ask(
          .shellScript(
            Options.ShellScriptRequest(shell: try v.choice(ShellScripts.Shell.self), completionOnly: true)))
      },
      .hidden(["--man-roff"]) { o, _ in o.ask(.manual(.roff)) },
      .hidden(["--interactive"]) { o, _ in o.mode = .interactive },
      .hidden(["--no-exact"], plus: "+e") { o, _ in o.match.exact = false },
      .hidden(["--no-ignore-case"], plus: "+i") { o, _ in o.match.caseMode = .sensitive },
      .hidden(["--smart-case"]) { o, _ in o.match.caseMode = .smart },
      .hidden(["--no-extended"], plus: "+x") { o, _ in o.match.extended = false },
      // fzf's `-s [N]`: the N (a limit on what is sorted) changes nothing here.
      .hidden(["-s", "--sort"], takes: .optionalValue { Int($0) != nil }) { o, _ in o.rank.sort = true },
      .hidden(["--extended-exact"]) { o, _ in (o.match.exact, o.match.extended) = (true, true) },
      .hidden(["--no-tac"]) { o, _ in o.rank.reverse = false },
      .hidden(["--no-multi"], plus: "+m") { o, _ in o.max = 1 },
      .hidden(["--no-select-1"], plus: "+1") { o, _ in o.select1 = false },
      .hidden(["--no-exit-0"], plus: "+0") { o, _ in o.exit0 = false },
      .hidden(["--no-height"]) { o, _ in o.picker.window.height = .fullscreen },
      // fzf's 16-colour theme.
      .hidden(["--no-256"], plus: "+2") { o, _ in
        o.picker.look.palette = Palette.parse("16", onto: o.picker.look.palette) ?? o.picker.look.palette
      },
      .hidden(["--no-color"], plus: "+c") { o, _ in o.color = .never },
      .hidden(["--reverse"]) { o, _ in o.picker.window.layout = .reverse },
      .hidden(["--selected-prefix"], takes: .value) { o, v in o.marker = v.string },
      .hidden(["--cursor", "--indicator"], takes: .value) { o, v in o.pointer = v.string },
      .hidden(["--placeholder"], takes: .value) { o, v in o.picker.look.ghost = v.string },
      .hidden(
        ["--listen-unsafe"],
        takes: .optionalValue { RemoteControl.Address($0) != nil || OptionTable.isValueWord($0) }
      ) { o, v in
        try OptionTable.listen(&o, v, unsafe: true)
      },
      .hidden(["--no-listen", "--no-listen-unsafe"]) { o, _ in
        o.picker.commands.listen = nil
        o.picker.commands.listenUnsafe = false
      },
      .hidden(["--no-keep-right"]) { o, _ in o.picker.list.keepRight = false },
      .hidden(["--no-sync", "--async"]) { o, _ in o.picker.behaviour.sync = false },
      .hidden(["--clear"]) { o, _ in o.picker.window.keepsPicture = false },
      .hidden(["--no-reverse"]) { o, _ in o.picker.window.layout = .default },
      .hidden(["--no-literal"]) { o, _ in o.match.foldDiacritics = true },
      .hidden(["--no-expect"]) { o, _ in o.expect = [] },
      .hidden(["--no-print-query"]) { o, _ in o.printQuery = false },
      .hidden(["--no-read0"]) { o, _ in o.read0 = false },
      .hidden(["--no-print0"]) { o, _ in o.print0 = false },
      .hidden(["--no-header"]) { o, _ in o.picker.look.header = nil },
      .hidden(["--no-header-lines"]) { o, _ in o.headerLines = 0 },
      .hidden(["--no-tail"]) { o, _ in o.tail = nil },
      .hidden(["--walk"]) { o, _ in o.walk = true },
      .hidden(["--bold"]) { o, _ in o.picker.look.palette.bold = true },
      .hidden(["--no-highlight-line"]) { o, _ in o.picker.look.highlightLine = false },
      .hidden(["--no-black"]) { o, _ in o.picker.look.palette.black = false },
      .hidden(["--no-footer"]) { o, _ in o.picker.look.footer = nil },
      .hidden(["--no-history"]) { o, _ in o.history = nil },
      .hidden(["--no-id-nth"]) { o, _ in o.picker.list.idNth = nil },
      .hidden(["--no-margin"]) { o, _ in o.picker.look.chrome.margin = Chrome.Spacing() },
      .hidden(["--no-padding"]) { o, _ in o.picker.look.chrome.padding = Chrome.Spacing() },
      .hidden(["--no-border-label"]) { o, _ in o.picker.look.chrome.borderLabel = nil },
      .hidden(["--no-preview-label"]) { o, _ in o.picker.preview.label = nil },
      .hidden(["--no-track"]) { o, _ in o.picker.list.track = false },
      .hidden(["--no-cycle"]) { o, _ in o.picker.list.cycle = false },
      .hidden(["--mouse"]) { o, _ in o.picker.behaviour.mouse = true },
      // fzf's older spelling of `--bind KEY:toggle-sort`.
      .hidden(["--toggle-sort"], takes: .value) { o, v in o.bindings.append(v.string + ":toggle-sort") },
      .hidden(["--no-preview"]) { o, _ in o.picker.preview.command = nil },
      // fzf's `--preview-border[=STYLE]`: the next word only when it is a style.
      .hidden(["--preview-border"], takes: OptionTable.nextWord) { o, v in
        o.picker.preview.border = try v.border(otherwise: o.defaultBorder)
      },
      .hidden(["--no-multi-line"]) { o, _ in o.picker.list.multiLine = false },
      .hidden(["--no-wrap"]) { o, _ in (o.picker.list.wrap, o.picker.list.wrapWord) = (false, false) },
      .hidden(["--no-wrap-word"]) { o, _ in o.picker.list.wrapWord = false },
      .hidden(["--hscroll"]) { o, _ in o.picker.list.hscroll = true },
      .hidden(["--no-hscroll"]) { o, _ in o.picker.list.hscroll = false },
      .hidden(["--no-preview-border"]) { o, _ in o.picker.preview.border = .none },
      .hidden(["--no-ansi"]) { o, _ in o.ansi = false },
      .hidden(["--no-gap"]) { o, _ in o.picker.list.gap = 0 },
      .hidden(["--no-gap-line"]) { o, _ in o.picker.look.gapLine = nil },
      .hidden(["--no-info-command"]) { o, _ in o.picker.commands.infoCommand = nil },
      .hidden(["--phony"]) { o, _ in o.disabled = true },
      .hidden(["--enabled", "--no-phony"]) { o, _ in o.disabled = false },
      .hidden(["--no-header-first"]) { o, _ in o.picker.look.headerFirst = false },
      .hidden(["--inline-info"]) { o, _ in o.picker.look.chrome.info = .inline },
      .hidden(["--no-inline-info"]) { o, _ in o.picker.look.chrome.info = .default },
      .hidden(["--no-info"]) { o, _ in o.picker.look.chrome.info = .hidden },
      .hidden(["--unicode"]) { o, _ in o.unicode = true },
      .hidden(["--no-ambidouble"]) { o, _ in o.ambidouble = false },
      .hidden(["--no-separator"]) { o, _ in
        (o.picker.look.chrome.separator, o.picker.look.chrome.separatorAuto) = (nil, false)
      },
      .hidden(["--no-border"]) { o, _ in o.picker.look.chrome.border = .none },
      // gum's selection options, as `gum choose` / `gum filter` read them.
      .hidden(["--value"], takes: .value) { o, v in o.query = v.raw },
      .hidden(["--limit"], takes: .value) { o, v in o.max = try v.number(minimum: 1) },
      .hidden(["--no-limit"]) { o, _ in o.max = nil },
      .hidden(["--selected"], takes: .value) { o, v in
        for item in v.raw.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
          if item.elementsEqual("*".utf8) { o.selectAll = true } else { o.selected.append(Array(item)) }
        }
      },
      .hidden(["--ordered"]) { o, _ in o.order = .selection },
      .hidden(["--select-if-one"]) { o, _ in o.select1 = true },
      .hidden(["--no-strict"]) { o, _ in o.bindings.append("enter:accept-or-print-query") },
      .hidden(["--no-fuzzy"]) { o, _ in o.match.exact = true },
      .hidden(["--fuzzy"]) { o, _ in o.match.exact = false },
      .hidden(["--fuzzy-sort"]) { o, _ in o.rank.sort = true },
      .hidden(["--no-fuzzy-sort"]) { o, _ in o.rank.sort = false },
    ] + ignored

  /// The options accepted that change nothing (the guide lists them).
  package static var ignoredNames: [String] { ignored.flatMap(\.names) }

  /// fzf's and gum's options for a look mselect does not draw (or fzf's own integrations).
  private static let ignored: [OptionInfo] = [
    .ignored(["--pointer-label"], takes: .value),
    .ignored(["--algo"], takes: .value),
    .ignored(["--threads"], takes: .value),
    // fzf's terminal device choices (mselect always reads keys from /dev/tty) and its developer options.
    .ignored(["--tty-default", "--proxy-script", "--bench"], takes: .value),
    .ignored(["--profile-cpu", "--profile-mem", "--profile-block", "--profile-mutex"], takes: .value),
    .ignored(
      [
        "--ansi-off",
        "--no-tty-default",
        "--force-tty-in", "--no-force-tty-in", "--no-winpty",
      ], takes: .optionalValue { _ in false }),

    // gum's look-only options.
    .ignored(["--cursor-prefix", "--width"], takes: .value),
    .ignored(
      ["--show-help", "--no-show-help", "--strip-ansi", "--no-strip-ansi", "--strict"],
      takes: .optionalValue { _ in false }),
  ]

  /// An optional value that is the next word, as fzf reads `--border`, `--tmux`, `--wrap`,
  /// `--scrollbar`, `--listen` and the section borders (`--border wavy` is a bad style, not a file
  /// to read), unless that word is an option or looks like the file mselect reads (holding a `/`
  /// or a `.`: `--border list.txt`), which fzf, reading no file, never meets.
  static let nextWord = OptionInfo.Takes.optionalValue(accepts: isValueWord)

  /// Whether a word after an option taking an optional value is that value (see `nextWord`).
  static func isValueWord(_ word: String) -> Bool {
    !word.hasPrefix("-") && !word.hasPrefix("+") && !word.contains("/") && !word.contains(".")
  }

  /// `--listen[=ADDR]` and `--listen-unsafe[=ADDR]`: a free port on localhost without an address.
  static func listen(_ o: inout Options, _ v: OptionValue, unsafe: Bool) throws(OptionError) {
    if let text = v.optionalString {
      guard let address = RemoteControl.Address(text) else { throw v.invalid("PORT, HOST:PORT or PATH.sock") }
      o.picker.commands.listen = address
    } else {
      o.picker.commands.listen = .local
    }
    o.picker.commands.listenUnsafe = unsafe
  }

  /// `--margin` and `--padding`: `N`, `N%`, or a TRBL list.
  static func spacing(_ v: OptionValue) throws(OptionError) -> Chrome.Spacing {
    guard let spacing = Chrome.Spacing(v.string) else {
      throw v.invalid("N, N% or a TRBL list such as 1,2 or 1,2,3,4")
    }
    return spacing
  }

  /// The option spelled `name` (`+X` spellings included). A scan, not a dictionary: a command line
  /// names a few options, and hashing every spelling would cost a start more than the scans do.
  static func named(_ name: String) -> OptionInfo? {
    for option in all where option.names.contains(name) || option.plus == name { return option }
    for option in negations where option.names.contains(name) { return option }
    for option in hidden where option.names.contains(name) || option.plus == name { return option }
    return nil
  }
}
