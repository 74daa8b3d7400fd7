import MSelectCore

/// Every option, in one table: each entry says how it is parsed and applied (the parser only cuts
/// words and looks names up) and how it is documented (`--help`, the man page and the shell
/// completions are made from `all`; a test checks the parser and the guide against it).
package enum OptionTable {
  /// The documented options.
  package static let all: [OptionInfo] = general + sections

  /// The documented options but the sections' (`OptionTable+Sections.swift`).
  private static let general: [OptionInfo] = [
    OptionInfo(["-f", "--filter"], "QUERY", .search, "print the matching lines, best first, and exit") {
      o, v in o.mode = .filter(v.raw)
    },
    OptionInfo(["-q", "--query"], "QUERY", .search, "start with this query") { o, v in o.query = v.raw },
    OptionInfo(["-e", "--exact"], nil, .search, "plain terms match exact substrings") { o, _ in
      o.match.exact = true
    },
    OptionInfo(
      ["-i", "--ignore-case"], nil, .search, "case-insensitive (default: smart case; +i: sensitive)"
    ) { o, _ in o.match.caseMode = .insensitive },
    OptionInfo(["--literal"], nil, .search, "do not fold Latin diacritics (a does not match á)") { o, _ in
      o.match.foldDiacritics = false
    },
    OptionInfo(
      ["--typos"], "[N]", .search,
      "fuzzy terms forgive N typing mistakes (0-2; default: by length), repairs drawn in --color typo (--no-typos)",
      takes: .optionalValue { Int($0) != nil }
    ) { o, v in
      guard let text = v.optionalString else { return o.match.typos = .byLength }
      guard let n = Int(text), n >= 0 else { throw v.invalid("a number of mistakes (0 to 2)") }
      o.match.typos = .perTerm(n)
    },
    OptionInfo(["--no-typos"], nil, .search, "fuzzy terms must be typed right (default)") { o, _ in
      o.match.typos = .off
    },
    OptionInfo(
      ["-x", "--extended"], nil, .search, "extended query syntax (default; +x: the query is one term)"
    ) { o, _ in o.match.extended = true },
    OptionInfo(["--disabled"], nil, .search, "the query does not filter") { o, _ in o.disabled = true },
    OptionInfo(["-n", "--nth"], "FIELDS", .search, "search only these fields") { o, v in
      o.nth = try v.fields()
    },
    OptionInfo(["-d", "--delimiter"], "REGEX", .search, "field delimiter (default: runs of blanks)") { o, v in
      guard let delimiter = Delimiter.parse(v.raw) else {
        throw v.invalid("a string or a regular expression")
      }
      o.delimiter = delimiter
    },
    OptionInfo(
      ["--tiebreak"], "LIST", .search, "length,begin,end,chunk,pathname,index (default: length)",
      values: ["length", "begin", "end", "chunk", "pathname", "index"]
    ) { o, v in o.rank.tiebreaks = try v.tiebreaks() },
    OptionInfo(
      ["--scheme"], "SCHEME", .search, "scoring: default, path (file names first) or history (input order)",
      values: ["default", "path", "history"]
    ) { o, v in
      // As in fzf, the scheme brings its tiebreaks; a later --tiebreak replaces them.
      o.match.scheme = try v.choice(MatchOptions.Scheme.self, v.string.lowercased())
      o.rank.tiebreaks = o.match.scheme.tiebreaks
    },
    OptionInfo(["--no-sort"], nil, .search, "keep input order (+s)", plus: "+s") { o, _ in o.rank.sort = false
    },
    OptionInfo(["--tac"], nil, .search, "reverse input order") { o, _ in o.rank.reverse = true },
    OptionInfo(["--ansi"], nil, .search, "escape sequences in lines are colors (SGR) or dropped, not text") {
      o, _ in o.ansi = true
    },
    OptionInfo(["--preselect"], "LINE", .selection, "mark lines equal to LINE (repeatable)") { o, v in
      o.preselect.append(v.raw)
    },
    OptionInfo(
      ["--preselect-file"], "FILE", .selection, "mark lines equal to a line of FILE",
      values: [OptionInfo.files]
    ) { o, v in o.preselectFiles.append(v.string) },
    OptionInfo(["--preselect-match"], "QUERY", .selection, "mark lines the query matches") { o, v in
      o.preselectMatch.append(v.raw)
    },
    OptionInfo(["--select-all"], nil, .selection, "mark every line") { o, _ in o.selectAll = true },
    OptionInfo(
      ["--remember"], "FILE", .selection, "lines saved in FILE open marked; the accepted ones are saved back",
      values: [OptionInfo.files]
    ) { o, v in o.remember = v.string },
    OptionInfo(
      ["--learn"], "NAME", .search,
      "lines picked often and recently rank higher, in store NAME (a path if it has a /)"
    ) { o, v in o.learn = try v.storeName() },
    OptionInfo(["--no-learn"], nil, .search, "learn nothing and rank as if nothing was learned") { o, _ in
      o.learn = nil
      o.noLearn = true
    },
    OptionInfo(["--learn-marker"], "STR", .picker, "show STR before lines --learn lifts") { o, v in
      o.learnMarker = v.string
    },
    OptionInfo(["--min"], "N", .selection, "require at least N marked lines") { o, v in
      o.min = try v.number(minimum: 0)
    },
    OptionInfo(["--max"], "N", .selection, "allow at most N marked lines (-m, --multi=N, +m: 1)") { o, v in
      o.max = try v.number(minimum: 1)
    },
    OptionInfo(
      ["--order"], "ORDER", .selection, "output order of marked lines: input (default) or selection",
      values: ["input", "selection"]
    ) { o, v in o.order = try v.choice(Selection.Order.self) },
    OptionInfo(["--batch"], nil, .selection, "no terminal: print what Enter would print right away") { o, _ in
      o.mode = .batch
    },
    OptionInfo(["--read0"], nil, .io, "NUL-terminated input lines") { o, _ in o.read0 = true },
    OptionInfo(
      ["--walker"], "OPTS", .io,
      "with nothing piped in, list file,dir,follow,hidden (default: file,follow,hidden)"
    ) { o, v in
      guard let kinds = Walker(kinds: v.string) else {
        throw v.invalid("a comma list of file, dir, follow, hidden")
      }
      (o.walker.files, o.walker.directories) = (kinds.files, kinds.directories)
      (o.walker.follow, o.walker.hidden) = (kinds.follow, kinds.hidden)
    },
    OptionInfo(
      ["--walker-root"], "DIR", .io,
      "where the walker starts (default: .; the words after it are more roots)",
      values: [OptionInfo.files]
    ) { o, v in o.walker.roots = [v.string] },
    OptionInfo(
      ["--walker-skip"], "DIRS", .io, "directory names the walker skips (default: .git,node_modules)"
    ) {
      o, v in o.walker.skip = v.string.split(separator: ",").map(String.init)
    },
    OptionInfo(["--print0"], nil, .io, "NUL-terminated output lines") { o, _ in o.print0 = true },
    OptionInfo(["--with-nth"], "FIELDS", .io, "show only these fields") { o, v in
      // fzf's template form: `'{2} {1}'`.
      if v.string.contains("{"), let template = FieldSpec(template: v.string) {
        o.withNth = template
      } else {
        o.withNth = try v.fields()
      }
    },
    OptionInfo(["--accept-nth"], "FIELDS", .io, "print only these fields (or a template: '{n}: {2} {1}')") {
      o, v in
      // fzf's template form, `{n}` being the line's number (from 0).
      if v.string.contains("{"), let template = FieldSpec(template: v.string) {
        o.acceptNth = template
      } else {
        o.acceptNth = try v.fields()
      }
    },
    OptionInfo(["--header-lines"], "N", .io, "the first N lines are a header (never matched or printed)") {
      o, v in o.headerLines = try v.number(minimum: 0)
    },
    OptionInfo(["--tail"], "N", .io, "keep only the last N lines (the others are let go of as input streams)")
    {
      o, v in o.tail = try v.number(minimum: 1)
    },
    OptionInfo(["--header"], "TEXT", .io, "a header above the list") { o, v in o.picker.look.header = v.string
    },
    OptionInfo(
      ["--label-delimiter"], "STR", .io,
      "LABEL<STR>VALUE lines: the label is shown and searched, the value printed"
    ) { o, v in
      // `LABEL<D>VALUE`: the label is shown and searched, the value printed (cut at the first D).
      guard !v.raw.isEmpty else { throw v.invalid("a string") }
      o.delimiter = .string(v.raw)
      o.labelDelimiter = v.raw
      o.withNth = FieldSpec(template: "{1}")
      o.acceptNth = FieldSpec("2..")
    },
    OptionInfo(["-1", "--select-1"], nil, .io, "print the only match without opening the picker") { o, _ in
      o.select1 = true
    },
    OptionInfo(["-0", "--exit-0"], nil, .io, "exit 1 at once when nothing matches") { o, _ in o.exit0 = true
    },
    OptionInfo(["--print-query"], nil, .io, "print the query first") { o, _ in o.printQuery = true },
    OptionInfo(["--expect"], "KEYS", .io, "keys that also accept; the key is printed first") { o, v in
      o.expect = v.string.split(separator: ",").map(String.init)
    },
    OptionInfo(["--height"], "N|N%|-N", .picker, "lines to use (default 50%, at least 10; -N: all but N)") {
      o, v in
      o.picker.window.height = try v.height()
      // fzf's `~N`: at most N, fewer when the list is short (mselect's heights always do that).
      if v.string.hasPrefix("~") { o.picker.window.heightAdapts = true }
    },
    OptionInfo(
      ["--scrollbar"], "[C]", .picker,
      "a scrollbar of C (default │) at the list's right edge (--no-scrollbar)",
      takes: OptionTable.nextWord
    ) { o, v in
      let glyph = v.optionalString ?? "│"
      // fzf's second character is the preview's bar, which mselect does not draw.
      o.picker.look.scrollbar = glyph.isEmpty ? nil : String(glyph.prefix(1))
    },
    OptionInfo(["--no-clear"], nil, .picker, "leave the picture on the terminal when the picker ends") {
      o, _ in
      o.picker.window.keepsPicture = true
    },
    OptionInfo(
      ["--filepath-word"], nil, .picker, "word movements and kills stop at / only (--no-filepath-word)"
    ) {
      o, _ in o.picker.behaviour.filepathWord = true
    },
    OptionInfo(
      ["--freeze-left", "--freeze-right"], "N", .picker,
      "a line too long for its row keeps its first (last) N fields in view"
    ) { o, v in
      let n = try v.number(minimum: 0)
      if v.name == "--freeze-left" { o.picker.list.freezeLeft = n } else { o.picker.list.freezeRight = n }
    },
    OptionInfo(
      ["--min-height"], "N[+]", .picker,
      "the fewest rows a percentage height gives (default 10; N+: N list rows and what is around them)"
    ) { o, v in
      let text = v.string
      o.picker.window.minHeightAddsChrome = text.hasSuffix("+")
      guard let n = Int(text.hasSuffix("+") ? String(text.dropLast()) : text), n >= 0 else {
        throw v.invalid("a number of rows, N or N+")
      }
      o.picker.window.minHeight = n
    },
    OptionInfo(["--fullscreen"], nil, .picker, "use the whole screen (--no-height)") { o, _ in
      o.picker.window.height = .fullscreen
    },
    OptionInfo(
      ["--layout"], "LAYOUT", .picker, "reverse (default), default or reverse-list",
      values: ["reverse", "default", "reverse-list"]
    ) { o, v in o.picker.window.layout = try v.choice(PickerSettings.Layout.self) },
    OptionInfo(["--prompt"], "STR", .picker, "the prompt (default '> ')") { o, v in
      o.picker.look.prompt = v.string
    },
    OptionInfo(["--pointer"], "STR", .picker, "the cursor's mark") { o, v in o.pointer = v.string },
    OptionInfo(["--marker"], "STR", .picker, "the marked lines' mark") { o, v in o.marker = v.string },
    OptionInfo(
      ["--marker-multi-line"], "STR", .picker, "marks of a marked item's top, middle, bottom rows (╻┃╹)"
    ) {
      o, v in
      let marks = v.string.map(String.init)
      guard marks.isEmpty || marks.count == 3 || marks.count == 6 else {
        throw v.invalid("three marks (or six: two columns each), or nothing")
      }
      let step = max(1, marks.count / 3)
      o.markerMultiLine =
        marks.isEmpty
        ? ["", "", ""]
        : stride(from: 0, to: marks.count, by: step).map {
          marks[$0..<($0 + step)].joined()
        }
    },
    OptionInfo(
      ["--multi-line"], nil, .picker, "an item holding line breaks takes a row per line (fzf mode's default)"
    ) {
      o, _ in o.picker.list.multiLine = true
    },
    OptionInfo(
      ["--wrap"], "[char|word]", .picker,
      "a line too long for its row goes on over the next rows (--no-wrap)",
      takes: OptionTable.nextWord
    ) { o, v in
      if let mode = v.optionalString, mode != "char" && mode != "word" { throw v.invalid("char or word") }
      (o.picker.list.wrap, o.picker.list.wrapWord) = (true, v.optionalString == "word")
    },
    OptionInfo(["--wrap-word"], nil, .picker, "wrap long lines at spaces where they can (--no-wrap-word)") {
      o, _ in (o.picker.list.wrap, o.picker.list.wrapWord) = (true, true)
    },
    OptionInfo(["--unselected-prefix"], "STR", .picker, "the unmarked lines' mark (default: blanks)") {
      o, v in o.picker.look.unmarked = v.string
    },
    OptionInfo(["--ghost"], "TEXT", .picker, "dim text shown while the query is empty") { o, v in
      o.picker.look.ghost = v.string
    },
    OptionInfo(
      ["--listen"], "[ADDR]", .picker,
      "take actions (POST /) and state (GET /) over HTTP: PORT, HOST:PORT, PATH.sock; no key: your user only",
      takes: .optionalValue { RemoteControl.Address($0) != nil || OptionTable.isValueWord($0) }
    ) { o, v in try OptionTable.listen(&o, v, unsafe: false) },
    OptionInfo(
      ["--tmux", "--popup"], "[SPEC]", .picker,
      "in tmux 3.3+, a popup: [center|top|bottom|left|right][,W[%]][,H[%]][,border-native] (center,50%)",
      takes: OptionTable.nextWord
    ) { o, v in
      guard let spec = PopupSpec(v.optionalString ?? "center") else {
        throw v.invalid("[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native]")
      }
      o.popup = spec
    },
    OptionInfo(["--timeout"], "DURATION", .picker, "give up after DURATION (30s, 1m30s, 500ms): exit 124") {
      o, v in
      guard let milliseconds = OptionParser.duration(v.string) else {
        throw v.invalid("a duration such as 30s, 1m30s, 500ms or 0")
      }
      o.picker.behaviour.timeout = milliseconds == 0 ? nil : milliseconds
    },
    OptionInfo(["--header-first"], nil, .picker, "the header before the prompt") { o, _ in
      o.picker.look.headerFirst = true
    },
    OptionInfo(
      ["--color"], "WHEN|SPEC", .picker, "auto, always, never, or fzf's spec (dark,fg:#cdd6f4,hl:red,...)",
      values: ["auto", "always", "never", "dark", "light", "16", "bw"]
    ) { o, v in
      if let mode = Options.ColorMode(rawValue: v.string) {
        o.color = mode
      } else if let palette = Palette.parse(v.string, onto: o.picker.look.palette) {
        o.picker.look.palette = palette
      } else {
        throw v.invalid("auto, always, never, or fzf's spec such as dark,fg:#cdd6f4,hl:red,bg+:236")
      }
    },
    OptionInfo(
      ["--border"], "STYLE", .picker, "a frame: rounded, sharp, bold, double, horizontal, ...",
      values: [
        "rounded", "sharp", "bold", "double", "block", "thinblock", "dashed", "horizontal", "vertical",
        "top", "bottom", "left", "right", "none",
      ], takes: OptionTable.nextWord
    ) { o, v in
      o.picker.look.chrome.border = try v.border(otherwise: o.defaultBorder)
      if o.picker.look.chrome.border == .inline { throw OptionTable.inlineRefused(v) }
    },
    OptionInfo(["--border-label"], "TEXT", .picker, "text in the top border") { o, v in
      o.picker.look.chrome.borderLabel = v.string
    },
    OptionInfo(
      ["--border-label-pos", "--preview-label-pos"], "N[:bottom]", .picker,
      "where the label goes: 0 centered, N from the left, -N from the right"
    ) { o, v in
      if v.name == "--border-label-pos" {
        o.picker.look.chrome.borderLabelPosition = try v.labelPosition()
      } else {
        o.picker.preview.labelPosition = try v.labelPosition()
      }
    },
    OptionInfo(["--preview-label"], "TEXT", .preview, "text in the preview pane's border") { o, v in
      o.picker.preview.label = v.string
    },
    OptionInfo(["--margin"], "TRBL", .picker, "space outside the border") { o, v in
      o.picker.look.chrome.margin = try OptionTable.spacing(v)
    },
    OptionInfo(["--padding"], "TRBL", .picker, "space inside the border") { o, v in
      o.picker.look.chrome.padding = try OptionTable.spacing(v)
    },
    OptionInfo(
      ["--info"], "STYLE", .picker, "default, right, inline, inline-right or hidden",
      values: ["default", "right", "inline", "inline-right", "hidden"]
    ) { o, v in
      // `inline:PREFIX` and `inline-right:PREFIX`: the text drawn before the info.
      let parts = v.string.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      o.picker.look.chrome.info = try v.choice(Chrome.Info.self, String(parts[0]))
      o.picker.look.chrome.infoPrefix = parts.count > 1 ? String(parts[1]) : nil
    },
    OptionInfo(
      ["--gap"], "[N]", .picker, "N empty rows (1) after each item", takes: .optionalValue { Int($0) != nil }
    ) {
      o, v in o.picker.list.gap = v.bytes == nil ? 1 : try v.number(minimum: 0)
    },
    OptionInfo(
      ["--gap-line"], "[STR]", .picker, "a line of STR on each gap (default ┈)",
      takes: .optionalValue { !$0.hasPrefix("-") }
    ) { o, v in o.picker.look.gapLine = v.optionalString.flatMap { $0.isEmpty ? nil : $0 } },
    OptionInfo(["--highlight-line"], nil, .picker, "the current line's color runs the whole row (fzf mode)") {
      o, _ in o.picker.look.highlightLine = true
    },
    OptionInfo(["--no-bold"], nil, .picker, "draw no text bold (--bold)") { o, _ in
      o.picker.look.palette.bold = false
    },
    OptionInfo(["--black"], nil, .picker, "a black background where none is given (--no-black)") { o, _ in
      o.picker.look.palette.black = true
    },
    OptionInfo(["--wrap-sign"], "STR", .picker, "starts each wrapped row (default ↳; the preview's too)") {
      o, v in o.wrapSign = v.string
    },
    OptionInfo(["--preview-wrap-sign"], "STR", .preview, "starts each wrapped row of the preview") {
      o, v in o.previewWrapSign = v.string
    },
    OptionInfo(
      ["--info-command"], "CMD", .picker,
      "the info line shows CMD's first line (FZF_INFO: what it would show; FZF_POS, FZF_QUERY, ...)"
    ) { o, v in o.picker.commands.infoCommand = v.string },
    OptionInfo(
      ["--no-unicode"], nil, .picker, "ASCII only: no box drawing or symbols (default: as the locale says)"
    ) { o, _ in o.unicode = false },
    OptionInfo(
      ["--ambidouble"], nil, .picker,
      "ambiguous-width characters (box drawing, Cyrillic, …) take 2 columns, as the terminal draws them"
    ) { o, _ in o.ambidouble = true },
    OptionInfo(
      ["--separator"], "STR", .picker, "a rule of STR after the info line (fzf's default: ─; --no-separator)"
    ) { o, v in (o.picker.look.chrome.separator, o.picker.look.chrome.separatorAuto) = (v.string, false) },
    OptionInfo(["--bind"], "KEY:ACTION", .picker, "bind keys or events to actions (see KEYS AND ACTIONS)") {
      o, v in o.bindings.append(v.string)
    },
    OptionInfo(["--cycle"], nil, .picker, "moving past an end wraps around") { o, _ in
      o.picker.list.cycle = true
    },
    OptionInfo(["--gutter"], "STR", .picker, "the pointer column of the other lines (fzf mode: ▌)") { o, v in
      o.gutter = v.string
    },
    OptionInfo(["--raw"], nil, .picker, "list every line, those that do not match dimmed (toggle-raw)") {
      o, _ in o.picker.list.raw = true
    },
    OptionInfo(["--gutter-raw"], "STR", .picker, "the pointer column of the other lines in raw mode (▖)") {
      o, v in o.gutterRaw = v.string
    },
    OptionInfo(["--ellipsis"], "STR", .picker, "marks a cut line (default: …; fzf mode: ··)") { o, v in
      o.picker.look.ellipsis = v.string
    },
    OptionInfo(["--hscroll-off"], "N", .picker, "columns kept in view after a match in a long line (10)") {
      o, v in o.picker.list.hscrollOff = try v.number(minimum: 0)
    },
    OptionInfo(["--keep-right"], nil, .picker, "a long line with no match in view shows its end") { o, _ in
      o.picker.list.keepRight = true
    },
    OptionInfo(
      ["--id-nth"], "FIELDS", .picker,
      "the fields that name a line across reloads: marks and a tracked cursor follow them"
    ) { o, v in
      // Marks follow a line across reloads; fzf mode keeps them only with an --id-nth.
      o.marksSurviveReload = true
      o.picker.list.idNth = try v.fields()
    },
    OptionInfo(["--sync"], nil, .picker, "start actions run once the input is read and searched") { o, _ in
      o.picker.behaviour.sync = true
    },
    OptionInfo(["--track"], nil, .picker, "the cursor stays on its line when the list changes") { o, _ in
      o.picker.list.track = true
    },
    OptionInfo(["--jump-labels"], "CHARS", .picker, "the labels the jump action shows (default: fzf's)") {
      o, v in
      guard !v.string.isEmpty else { throw v.invalid("some characters") }
      o.picker.behaviour.jumpLabels = v.string
    },
    OptionInfo(["--no-mouse"], nil, .picker, "leave the mouse to the terminal (wheel, clicks)") { o, _ in
      o.picker.behaviour.mouse = false
    },
    OptionInfo(["--scroll-off"], "N", .picker, "lines kept visible around the cursor (default 3)") { o, v in
      o.picker.list.scrollOff = try v.number(minimum: 0)
    },
    OptionInfo(["--tabstop"], "N", .picker, "columns between tab stops (default 8)") { o, v in
      // A tab is expanded to blanks: past any screen's width, a wider stop shows the same (and
      // 2^31 blanks a tab would never be drawn).
      o.picker.list.tabstop = min(try v.number(minimum: 1), 1 << 12)
    },
    OptionInfo(
      ["--history"], "FILE", .picker, "accepted queries are kept in FILE; ctrl-p / ctrl-n walk them",
      values: [OptionInfo.files]
    ) { o, v in o.history = v.string },
    OptionInfo(["--history-size"], "N", .picker, "queries kept in the history (default 1000)") { o, v in
      o.historySize = try v.number(minimum: 1)
    },
    OptionInfo(["--preview"], "CMD", .preview, "show CMD's output for the line under the cursor") { o, v in
      o.picker.preview.command = v.string
    },
    OptionInfo(
      ["--with-shell"], "STR", .preview,
      "what runs the preview and execute/become/reload (default: $SHELL -c)"
    ) { o, v in
      let words = try ShellWords.split(v.raw)
      guard !words.isEmpty else { throw v.invalid("a shell and its flags, e.g. 'bash -c'") }
      o.picker.commands.shell = words
    },
    OptionInfo(
      ["--preview-window"], "SPEC", .preview,
      "[right|left|up|down|next][,SIZE[%]][,border[-STYLE]|noborder][,wrap|wrap-word][,hidden][,follow][,noinfo][,+SCROLL[OFFSETS][/DENOM]][,~N][,<N(SPEC)]",
      values: [
        "default", "hidden", "nohidden", "wrap", "wrap-word", "nowrap", "cycle", "nocycle", "up", "top",
        "down",
        "bottom", "left", "right", "rounded", "border", "border-rounded", "border-line", "sharp",
        "border-sharp",
        "border-bold", "border-block", "border-thinblock", "border-double", "noborder", "border-none",
        "border-horizontal", "border-vertical", "border-up", "border-top", "border-down", "border-bottom",
        "border-left", "border-right", "follow", "nofollow", "info", "noinfo",
      ]
    ) { o, v in
      do throws(PreviewSettings.SpecError) {
        try o.picker.preview.update(v.string)
      } catch {
        throw OptionError.rejectedValue(option: v.name, reason: error.message)
      }
    },
    OptionInfo(["--bash"], nil, .shell, "print the bash script: completion, ctrl-t, ctrl-r, alt-c") { o, _ in
      o.ask(.shellScript(Options.ShellScriptRequest(shell: .bash, completionOnly: false)))
    },
    OptionInfo(["--zsh"], nil, .shell, "print the zsh script") { o, _ in
      o.ask(.shellScript(Options.ShellScriptRequest(shell: .zsh, completionOnly: false)))
    },
    OptionInfo(["--fish"], nil, .shell, "print the fish script") { o, _ in
      o.ask(.shellScript(Options.ShellScriptRequest(shell: .fish, completionOnly: false)))
    },
    OptionInfo(
      ["--fzf"], nil, .general,
      "behave as fzf: its defaults and FZF_* variables (as when run as fzf; see Coming from fzf)"
    ) { _, _ in
      // The profile was chosen before parsing (`Profile.of`).
    },
    OptionInfo(["--man"], nil, .general, "show the manual") { o, _ in o.ask(.manual(.shown)) },
    OptionInfo(["-h", "--help"], nil, .general, "this help") { o, _ in o.ask(.help) },
    OptionInfo(["-V", "--version"], nil, .general, "the version") { o, _ in o.ask(.version) },
  ]

  /// Every action `--bind` knows, as fzf names them.
  package static var actions: [String] {
    Action.allCases.map(\.rawValue)
      + (Array(BoundAction.withArgument.keys) + BoundAction.withTriggers.keys).sorted().map { $0 + "(...)" }
      + [
        "toggle-sort"
      ]
  }

  /// Key names `--bind` knows (besides single characters, `ctrl-a`…`ctrl-z` and `alt-x`).
  package static let keyNames = [
    "enter", "tab", "btab", "esc", "bspace", "del", "up", "down", "left", "right", "home", "end", "pgup",
    "pgdn", "shift-up", "shift-down", "shift-left", "shift-right", "alt-up", "alt-down", "alt-left",
    "alt-right", "alt-enter", "alt-space", "alt-bspace", "ctrl-space", "ctrl-/", "ctrl-\\", "ctrl-]",
    "ctrl-^",
    "f1…f12", "space", "left-click", "right-click", "double-click", "scroll-up", "scroll-down",
  ]

  /// The options part of `--help`, grouped.
  package static var helpText: String {
    var out = ""
    for group in OptionInfo.Group.allCases {
      let entries = all.filter { $0.group == group }
      guard !entries.isEmpty else { continue }
      out += "\n  \(group.rawValue):\n"
      for entry in entries {
        var left = entry.names.joined(separator: ", ")
        if let argument = entry.argument { left += " " + argument }
        let padded =
          left.count < 24
          ? left + String(repeating: " ", count: 24 - left.count)
          : left + "\n" + String(repeating: " ", count: 28)
        out += "    " + padded + entry.help + "\n"
      }
    }
    return out
  }
}
