import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

@Suite struct OptionParserTests {
  func parse(_ words: [String], defaults: [String] = []) throws(OptionError) -> Options {
    try OptionParser.parse(words.map { Array($0.utf8) }, defaults: defaults.map { Array($0.utf8) })
  }

  @Test func modesAndValues() throws {
    #expect(try parse(["-f", "x"]).mode == .filter([0x78]))
    #expect(try parse(["--filter=x y"]).mode == .filter(Array("x y".utf8)))
    #expect(try parse(["-fabc"]).mode == .filter(Array("abc".utf8)))
    #expect(try parse(["--batch"]).mode == .batch)
    #expect(try parse(["-q", "hi"]).query == Array("hi".utf8))
    #expect(try parse(["file.txt"]).file == "file.txt")
    #expect(try parse(["-"]).file == "-")
    #expect(try parse(["--", "-weird"]).file == "-weird")
  }

  @Test func flagsBundle() throws {
    let o = try parse(["-1ei"])
    #expect(o.select1 && o.match.exact && o.match.caseMode == .insensitive)
    #expect(try parse(["+i"]).match.caseMode == .sensitive)
  }

  @Test func selectionOptions() throws {
    let o = try parse([
      "--preselect", "a", "--preselect=b", "--preselect-match", "^c", "--select-all", "--min", "1", "--max",
      "3",
      "--order", "selection",
    ])
    #expect(o.preselect == [[0x61], [0x62]])
    #expect(o.preselectMatch == [Array("^c".utf8)])
    #expect(o.selectAll && o.min == 1 && o.max == 3 && o.order == .selection)
    #expect(try parse(["--multi=4"]).max == 4)
    #expect(try parse(["-m"]).max == nil)
  }

  @Test func laterOptionsWinOverDefaults() throws {
    let o = try parse(["--tiebreak", "begin,index"], defaults: ["--tiebreak", "end", "--tac"])
    #expect(o.rank.tiebreaks == [.begin, .index])
    #expect(o.rank.reverse)
  }

  @Test func fieldsAndHeights() throws {
    let o = try parse(["-d", ":", "--nth", "2..", "--with-nth", "1", "--accept-nth", "-1", "--height", "40%"])
    #expect(o.delimiter == .string([0x3A]))
    #expect(o.nth == FieldSpec("2.."))
    #expect(o.picker.window.height == .percent(40))
    #expect(try parse(["--height=10"]).picker.window.height == .lines(10))
    #expect(try parse(["--fullscreen"]).picker.window.height == .fullscreen)
  }

  @Test(arguments: [
    (["--nope"], OptionError.unknownOption("--nope")),
    (["-z"], .unknownOption("-z")),
    (["--query"], .missingValue("--query")),
    (["-f"], .missingValue("-f")),
    (["--batch=1"], .invalidValue(option: "--batch", value: "1", expected: "no value")),
  ])
  func errorsNameTheWord(words: [String], error: OptionError) {
    #expect(throws: error) { try parse(words) }
  }

  /// The help wins over the version, the version over a shell script, a script over the manual,
  /// whatever their order; of two alike the later.
  @Test(arguments: [
    (["--version", "--help"], Options.Request.help), (["--help", "-V"], .help), (["--bash", "-V"], .version),
    (["--man", "--fish"], .shellScript(.init(shell: .fish, completionOnly: false))),
    (["--bash", "--zsh"], .shellScript(.init(shell: .zsh, completionOnly: false))),
    (["--man-roff", "--man"], .manual(.shown)), (["-f", "x", "--man-roff"], .manual(.roff)),
  ])
  func answersWithoutInput(words: [String], request: Options.Request) throws {
    #expect(try parse(words).request == request)
  }

  @Test(arguments: [
    ["--max", "0"], ["--min", "x"], ["--height", "2"], ["--order", "random"], ["--tiebreak", "size"],
    ["--nth", "0"], ["--layout", "up"], ["--learn", ".."], ["--binding-learn", "."], ["--binding-learn", ""],
  ])
  func badValuesAreRejected(words: [String]) {
    #expect {
      try parse(words)
    } throws: { error in
      guard case .invalidValue(let option, _, _) = error as? OptionError else { return false }
      return option == words[0] && (error as! OptionError).commandLineMessage.contains("--help")
    }
  }
}

@Suite struct ShellWordsTests {
  @Test(arguments: [
    ("a b", ["a", "b"]),
    ("  --prompt '> x'  ", ["--prompt", "> x"]),
    ("--header \"a \\\"b\\\"\"", ["--header", "a \"b\""]),
    ("a\\ b c", ["a b", "c"]),
    ("''", [""]),
    ("", []),
    // Comments: a `#` that begins a word, to the end of its line (forgit's style).
    ("# the layout\n--reverse\n  # a border\n--border # round\n-m", ["--reverse", "--border", "-m"]),
    ("--color fg:#d0d0d0,bg+:#262626", ["--color", "fg:#d0d0d0,bg+:#262626"]),
    ("--prompt '# ' \"#\" \\#x", ["--prompt", "# ", "#", "#x"]),
    ("#only a comment", []),
    // A backslash before a line break joins the lines, in a word and in double quotes.
    ("--pre\\\nview x", ["--preview", "x"]),
    ("\"a\\\nb\"", ["ab"]),
    ("--preview 'printf \"a\\nb\"'", ["--preview", "printf \"a\\nb\""]),
    ("a\r\nb", ["a", "b"]),
    (
      "--preview 'head -5 {}' --header \"pick a\ncommand\"",
      ["--preview", "head -5 {}", "--header", "pick a\ncommand"]
    ),
  ])
  func splits(text: String, words: [String]) throws {
    #expect(try ShellWords.split(Array(text.utf8)) == words.map { Array($0.utf8) })
  }

  @Test func unbalancedQuote() {
    #expect(throws: OptionError.self) { try ShellWords.split(Array("'abc".utf8)) }
  }

  @Test func aBackslashAtTheEndIsAnError() {
    // It used to become an empty word, read as a file named "".
    #expect(throws: OptionError.danglingEscape("\\")) { try ShellWords.split(Array("\\".utf8)) }
    #expect(throws: OptionError.danglingEscape("a \\")) { try ShellWords.split(Array("a \\".utf8)) }
  }
}

@Suite struct OptionQuirkTests {
  func parse(_ words: [String], defaults: [String] = []) throws(OptionError) -> Options {
    try OptionParser.parse(words.map { Array($0.utf8) }, defaults: defaults.map { Array($0.utf8) })
  }

  @Test func multiTakesAnAttachedValue() throws {
    #expect(try parse(["-m3"]).max == 3)
    #expect(try parse(["-m=3"]).max == 3)
    #expect(try parse(["--multi=0"]).max == nil)
    #expect(try parse(["--max", "2", "-m"]).max == nil)
    #expect(throws: OptionError.invalidValue(option: "-m", value: "-3", expected: "a whole number ≥ 0")) {
      try parse(["-m=-3"])
    }
  }

  /// fzf's `--multi[=MAX]`: a number after it is the limit, anything else is not its value.
  @Test func multiTakesTheNextNumber() throws {
    #expect(try parse(["--multi", "2"]).max == 2)
    #expect(try parse(["--multi", "2"]).file == nil)
    let o = try parse(["--multi", "file.txt"])
    #expect(o.max == nil && o.file == "file.txt")
  }

  /// `--preview-border[=STYLE]` takes the next word only when it is a style.
  @Test func previewBorderLeavesTheNextOption() throws {
    #expect(try parse(["--preview-border", "--filter", "x"]).mode == .filter(Array("x".utf8)))
    #expect(try parse(["--preview-border", "sharp", "--filter", "x"]).mode == .filter(Array("x".utf8)))
  }

  /// An error names the help once.
  @Test func aBindMistakeSendsToTheHelpOnce() {
    do {
      _ = try parse(["--bind", "a:nope"]).pickerSettings(unicode: true, colors: false)
      Issue.record("accepted")
    } catch {
      #expect(
        error.commandLineMessage.components(separatedBy: "mselect --help").count == 2,
        "\(error.commandLineMessage)")
    }
  }

  /// The core's message names no program; the command line's sends to the help.
  @Test func onlyTheCommandLineSendsToTheHelp() {
    let error = OptionError.invalidValue(option: "--max", value: "0", expected: "a whole number ≥ 1")
    #expect(error.message == "invalid value for --max: '0' (expected a whole number ≥ 1)")
    #expect(
      error.commandLineMessage
        == "invalid value for --max: '0' (expected a whole number ≥ 1; see mselect --help)")
    #expect(OptionError.unknownOption("--x").message == "unknown option: --x")
    #expect(OptionError.unknownOption("--x").commandLineMessage == "unknown option: --x (see mselect --help)")
  }

  @Test func mistakesInTheDefaultsSaySo() {
    #expect(throws: OptionError.inDefaults(.unknownOption("--foo"), variable: "MSELECT_DEFAULT_OPTS")) {
      try parse([], defaults: ["--foo"])
    }
    #expect(
      OptionError.inDefaults(.unknownOption("--foo"), variable: "FZF_DEFAULT_OPTS").message.hasPrefix(
        "FZF_DEFAULT_OPTS: unknown option"))
    // The command line's own mistakes are not blamed on the defaults.
    #expect(throws: OptionError.unknownOption("--bar")) { try parse(["--bar"], defaults: ["-i"]) }
  }
}
