import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// Options people carry over from fzf: accepted with fzf's meaning.
@Suite struct FzfHabitsTests {
  func parse(_ words: [String]) throws(OptionError) -> Options {
    try OptionParser.parse(words.map { Array($0.utf8) })
  }

  @Test func plusFlagsNegate() throws {
    #expect(try parse(["+m"]).max == 1)
    #expect(try parse(["+s"]).rank.sort == false)
    #expect(try parse(["+x"]).match.extended == false)
    #expect(try parse(["-e", "+e"]).match.exact == false)
    #expect(try parse(["+c"]).color == .never)
    #expect(try parse(["-1", "+1"]).select1 == false)
    #expect(try parse(["+i"]).match.caseMode == .sensitive)
  }

  @Test func borderTakesAStyleOnlyWhenItIsOne() throws {
    #expect(try parse(["--border"]).picker.look.chrome.border == .rounded)
    #expect(try parse(["--border", "sharp"]).picker.look.chrome.border == .sharp)
    #expect(try parse(["--border=bold"]).picker.look.chrome.border == .bold)
    let o = try parse(["--border", "list.txt"])
    #expect(o.picker.look.chrome.border == .rounded)
    #expect(o.file == "list.txt")
    #expect(throws: OptionError.self) { try parse(["--border=wavy"]) }
  }

  @Test func infoStyles() throws {
    #expect(try parse(["--info=inline"]).picker.look.chrome.info == .inline)
    #expect(try parse(["--info", "inline-right:< "]).picker.look.chrome.info == .inlineRight)
    #expect(try parse(["--inline-info"]).picker.look.chrome.info == .inline)
    #expect(try parse(["--no-info"]).picker.look.chrome.info == .hidden)
    #expect(throws: OptionError.self) { try parse(["--info=sideways"]) }
  }

  @Test func marginsAndPadding() throws {
    let o = try parse(["--margin", "1,2", "--padding=10%"])
    #expect(o.picker.look.chrome.margin.top == .cells(1) && o.picker.look.chrome.margin.left == .cells(2))
    #expect(o.picker.look.chrome.padding.bottom == .percent(10))
    #expect(
      Chrome.Spacing("1,2,3") != nil && Chrome.Spacing("1,2,3,4,5") == nil && Chrome.Spacing("x") == nil)
  }

  @Test func colorSpecs() throws {
    let o = try parse(["--color=dark,fg:#cdd6f4,hl:red:bold,bg+:236", "--color", "prompt:4,gutter:-1"])
    #expect(o.color == .auto)
    #expect(o.picker.look.palette.looks[.fg]?.foreground == "38;2;205;214;244")
    #expect(o.picker.look.palette.looks[.hl] == Palette.Look(foreground: "31", attributes: ["1"]))
    #expect(o.picker.look.palette.looks[.bgCurrent]?.background == "48;5;236")
    #expect(o.picker.look.palette.looks[.prompt]?.foreground == "38;5;4")
    #expect(try parse(["--color=always"]).color == .always)
    #expect(try parse(["--color=bw"]).picker.look.palette.monochrome)
    #expect(throws: OptionError.self) { try parse(["--color=fg:chartreuse"]) }
    #expect(throws: OptionError.self) { try parse(["--color=sparkles:1"]) }
    // The palette reaches the terminal: the current line's background and the matches' color.
    let theme = Theme(colors: true, palette: o.picker.look.palette)
    #expect(theme.attributes([.current]).contains("48;5;236"))
    #expect(theme.attributes([.match]).hasSuffix("1;31"))
    #expect(!Theme(colors: true, palette: try parse(["--color=bw"]).picker.look.palette).colors)
  }

  @Test func lookOnlyOptionsAreAccepted() throws {
    let o = try parse([
      "--no-mouse", "--scrollbar", "--no-separator", "--highlight-line", "--gap", "2", "--style=full",
      "--tmux", "80%", "--walker-skip", ".git,node_modules", "--ellipsis=..", "--no-bold", "list.txt",
    ])
    #expect(o.file == "list.txt")
    #expect(o.popup == PopupSpec("80%") && o.walker.skip == [".git", "node_modules"])
    // Newer fzf options of the same kind (fzf 0.74 takes them all).
    let newer = try parse([
      "--black", "--multi-line", "--no-multi-line", "--track", "--algo=v1", "--algo", "v2", "--footer-label",
      "x", "--footer-border", "-q", "a",
    ])
    #expect(newer.query == Array("a".utf8) && newer.picker.list.track && newer.ignored.contains("--algo"))
    let latest = try parse([
      "--tail", "1000", "--raw", "--id-nth", "1", "--footer", "f", "--gutter", " ", "--popup", "--ambidouble",
      "--wrap-word", "--threads", "4", "--popup", "center,50%", "--list-label-pos", "2", "file.txt",
    ])
    #expect(
      latest.file == "file.txt" && latest.tail == 1000 && latest.ignored.contains("--threads")
        && latest.popup == PopupSpec("center"))
    #expect(try parse(["--tmux", "--no-tmux"]).popup == nil)
  }

  /// `--tmux`'s spec, read as fzf 0.74 reads it.
  @Test(arguments: [
    ("center", PopupSpec.Position.center, "50%", "50%", false), ("80%", .center, "80%", "80%", false),
    ("center,80%,40", .center, "80%", "40", false), ("top,40%", .top, "100%", "40%", false),
    ("bottom", .bottom, "100%", "50%", false), ("left,30%", .left, "30%", "100%", false),
    ("right,20,border-native", .right, "20", "100%", true),
    ("border-native,70%", .center, "70%", "70%", true),
  ])
  func popupSpecs(text: String, position: PopupSpec.Position, width: String, height: String, native: Bool) {
    let spec = PopupSpec(text)
    #expect(spec?.position == position && spec?.width == width && spec?.height == height)
    #expect(spec?.nativeBorder == native)
  }

  /// fzf-tmux's options, as the key bindings hand `FZF_TMUX_OPTS` over.
  @Test(arguments: [
    ("-p 80%,60%", "center,80%,60%"), ("-p", "center"), ("-d40%", "bottom,40%"), ("-d", "bottom"),
    ("-u 30%", "top,30%"), ("-l 20", "left,20"), ("-r", "right"), ("-p -w 70% -h 20", "center,70%,20"),
    ("-x 3 -y 4 -p 90%", "center,90%"),
  ])
  func fzfTmuxOptions(words: String, spec: String) throws {
    #expect(try parse(["--tmux-options", words]).popup == PopupSpec(spec))
  }

  @Test(arguments: ["middle", "101%", "0", "center,1,2,3", "top,a"])
  func badPopupSpecsAreRefused(text: String) {
    #expect(PopupSpec(text) == nil)
  }

  /// fzf's `--height -N`: the terminal's rows but N.
  @Test func negativeHeightLeavesRowsFree() throws {
    #expect(try parse(["--height", "-3"]).picker.window.height == .allBut(3))
    #expect(try parse(["--height=~-2"]).picker.window.height == .allBut(2))
    #expect(Viewport(rows: 40, columns: 80).maxHeight(.allBut(3)) == 37)
    #expect(Viewport(rows: 12, columns: 80).maxHeight(.allBut(5)) == 10)
    #expect(throws: OptionError.self) { try parse(["--height", "-x"]) }
  }

  @Test func aTypicalDefaultOptsLineWorks() throws {
    let words = try ShellWords.split(Array("--height 40% --layout=reverse --border --info=inline".utf8))
    let o = try OptionParser.parse([], defaults: words)
    #expect(
      o.picker.window.height == .percent(40) && o.picker.window.layout == .reverse
        && o.picker.look.chrome.border == .rounded)
    #expect(o.picker.look.chrome.info == .inline)
  }

  @Test func noExtendedTakesTheQueryAsOneTerm() {
    let options = MatchOptions()
    var plain = options
    plain.extended = false
    #expect(filter("^a b$", ["^a b$x", "ab"], options: plain) == ["^a b$x"])
    #expect(filter("^a b$", ["^a b$x", "ab"], options: options) == ["ab"])
  }

  @Test func disabledMatchesEverythingInInputOrder() throws {
    let o = try parse(["--disabled"])
    let lines = Filter.run(Array("zzz".utf8), in: .lines(store(["b", "a"])), settings: o.searchSettings).lines
    #expect(lines == [0, 1])
  }

  @Test func expectPrintsNoKeyLineInFilterMode() throws {
    #expect(try parse(["--expect", "ctrl-x", "-f", "a"]).outputSettings.printKey == false)
    #expect(try parse(["--expect", "ctrl-x"]).outputSettings.printKey == true)
  }

  @Test func tabstop() throws {
    let h = Harness(["a\tb"], ["--tabstop", "4"], columns: 30)
    #expect(Renderer().render(h.state).text[2] == "▌   a   b" + String(repeating: " ", count: 21))
  }
}

@Suite struct ChromeRenderingTests {
  func rows(_ arguments: [String], _ lines: [String] = ["one", "two"], columns: Int = 20) -> [String] {
    let h = Harness(lines, arguments, rows: 20, columns: columns)
    // Trailing blanks (the current line's background, padding to a border) do not matter here.
    return Renderer().render(h.state).text.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  @Test func aBorderWithALabelFramesThePicker() {
    let text = rows(["--border", "--border-label", "L", "--height", "6"])
    #expect(text.count == 6)
    #expect(text[0] == "╭────────L─────────╮")
    #expect(text[1] == "│ >                │")
    #expect(text[2] == "│   2/2            │")
    #expect(text[3].hasPrefix("│ ▌   one"))
    #expect(text[5] == "╰──────────────────╯")
  }

  @Test func inlineAndHiddenInfo() {
    // fzf's: the cursor's column, then its ` < ` (or `inline:PREFIX`'s text) before the counts.
    #expect(rows(["--info=inline"])[0] == ">   < 2/2")
    #expect(rows(["--info=inline:__"])[0] == ">  __2/2")
    let hidden = rows(["--info=hidden"])
    #expect(hidden[0] == ">" && hidden[1] == "▌   one")
    // Aligned right as fzf aligns it: one column short of the edge.
    #expect(rows(["--info=right"], columns: 12)[1] == "        2/2")
  }

  @Test func reverseListAndHeaderFirst() {
    let text = rows(["--layout=reverse-list", "--header", "H", "--height", "5"])
    #expect(text == ["▌   one", "    two", "    H", "  2/2", ">"])
    let first = rows(["--header", "H", "--header-first", "--height", "5"])
    #expect(first.prefix(3) == ["    H", ">", "  2/2"])
  }

  @Test func marginsLeaveBlankCells() {
    let text = rows(["--margin", "1,3", "--height", "6"])
    #expect(text[0] == "")
    #expect(text[1] == "   >")
  }
}

/// fzf's walker options as the parser reads them.
@Suite struct WalkerOptionTests {
  @Test func kindsRootsAndSkips() throws {
    let o = try OptionParser.parse(
      ["--walker=dir,follow", "--walker-root", "a", "b", "--walker-skip=x,y", "-q", "z"].map {
        Array($0.utf8)
      })
    #expect(!o.walker.files && o.walker.directories && o.walker.follow && !o.walker.hidden)
    #expect(o.walker.roots == ["a", "b"] && o.walker.skip == ["x", "y"] && o.query == Array("z".utf8))
    #expect(Walker() == (try OptionParser.parse([]).walker))
    #expect(Walker(kinds: "file,bogus") == nil && Walker(kinds: "follow") == nil)
    #expect(Walker.clean("./a//b/") == "a/b" && Walker.clean("/") == "/" && Walker.clean("") == ".")
  }
}

/// Under fzf's name the colors are fzf 0.74's 256-colour theme (as its `dark`), part by part.
@Suite struct FzfThemeTests {
  func theme(_ words: [String]) throws -> Theme {
    let options = try OptionParser.parse(words.map { Array($0.utf8) }, profile: .fzf)
    return Theme(colors: true, palette: options.picker.look.palette)
  }

  @Test func thePartsHaveFzfsColors() throws {
    let t = try theme([])
    #expect(t.attributes([.prompt]) == "1;38;5;110")
    #expect(t.attributes([.query]) == "1")
    #expect(t.attributes([.header]) == "38;5;109")
    #expect(t.attributes([.marker]) == "38;5;168")
    #expect(t.attributes([.match]) == "38;5;108")
    #expect(t.attributes([.current]) == "1;38;5;254;48;5;236")
    #expect(t.attributes([.current, .match]) == "1;38;5;254;48;5;236;38;5;151")
    #expect(t.attributes([.spinner]) == "38;5;148")
    // mselect's own look is its own.
    let own = Theme(colors: true, palette: try OptionParser.parse([]).picker.look.palette)
    #expect(own.attributes([.prompt]) == "34" && own.attributes([.current]) == "1;48;5;236")
  }

  @Test func theCurrentLineIsPaintedWithFgPlusNotFg() throws {
    let t = try theme(["--color", "fg:#d0d0d0"])
    #expect(t.attributes([.current]).hasSuffix("38;5;254;48;5;236"))
    #expect(try theme(["--color", "fg:#d0d0d0,fg+:red"]).attributes([.current]).contains("31"))
    // `16`: the basic colors again.
    #expect(try theme(["--color", "16"]).attributes([.prompt]) == "34")
  }
}

/// The shell scripts under fzf's name show what fzf's show.
@Suite struct FzfScriptTests {
  @Test func zshCtrlRShowsHistoryNumbersAsFzf() {
    let fzf = ShellScripts.integration(.zsh, profile: .fzf)
    #expect(fzf.contains("--delimiter '\\t' --nth 2.. --accept-nth 2.."))
    let own = ShellScripts.integration(.zsh)
    #expect(own.contains("--delimiter '\\t' --with-nth 2.. --accept-nth 2.."))
    #expect(!fzf.contains(ShellScripts.historyFieldsMark) && !own.contains(ShellScripts.historyFieldsMark))
  }

  @Test func fishCtrlRShowsEachEntrysTimeAsFzf() {
    let fzf = ShellScripts.integration(.fish, profile: .fzf)
    #expect(fzf.contains("builtin history -z --show-time=%s\\t |"))
    #expect(fzf.contains("--delimiter \\t --nth 2.. --accept-nth 2.. --tabstop 4"))
    let own = ShellScripts.integration(.fish)
    #expect(own.contains("builtin history -z | ") && !own.contains("--show-time"))
    #expect(!fzf.contains("@MSELECT_") && !own.contains("@MSELECT_"))
  }
}
