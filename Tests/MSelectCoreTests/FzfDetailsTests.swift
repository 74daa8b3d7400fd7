import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// Small things a daily fzf user meets, each read as fzf 0.74 reads it.
@Suite struct FzfDetailsTests {
  func parse(_ words: [String], defaults: [String] = [], profile: Profile = .fzf) throws(OptionError)
    -> Options
  {
    try OptionParser.parse(
      words.map { Array($0.utf8) }, defaults: defaults.map { Array($0.utf8) }, profile: profile)
  }

  /// `--border wavy` or `--tmux middle,50%`: a bad value given as the next word is an error naming
  /// the good ones, not a file to read.
  @Test(arguments: [
    (["--border", "wavy"], "rounded"), (["--tmux", "middle,50%"], "center"),
    (["--list-border", "zigzag"], "sharp"),
    (["--wrap", "lines"], "char or word"),
  ])
  func aBadValueAfterAnOptionalOneIsRefused(words: [String], listed: String) throws {
    do throws(OptionError) {
      let options = try parse(words)
      Issue.record("\(words) read as \(String(describing: options.file))")
    } catch {
      #expect(error.message.contains(words[1]) && error.message.contains(listed), "\(error.message)")
    }
    // The option alone, before another option or a file, still takes its default.
    #expect(try parse([words[0], "--multi", "list.txt"]).file == "list.txt")
  }

  /// fzf README's reload example: the last newline of `--header` ends its line, it adds no row.
  @Test func aHeadersLastNewlineAddsNoRow() {
    let h = Harness(["a"], ["--header=Press CTRL-R to reload\n\n"], profile: .fzf)
    #expect(h.state.settings.look.headerTextRows == 2)
    let one = Harness(["a"], ["--header=one\n"], profile: .fzf)
    #expect(one.state.settings.look.headerTextRows == 1)
  }

  /// A bad `--bind` in the default options names the variable it came from.
  @Test func aBadBindingInTheDefaultsNamesTheirVariable() throws {
    do throws(OptionError) {
      _ = try parse(["-q", "x"], defaults: ["--bind", "ctrl-a:selectall"])
      Issue.record("accepted")
    } catch {
      #expect(
        error.message.hasPrefix("FZF_DEFAULT_OPTS: ") && error.message.contains("selectall"),
        "\(error.message)")
    }
  }

  /// `--tabstop` past any screen's width shows as the widest, and never hangs the picker.
  @Test func aHugeTabstopIsHeldToAScreensWidth() throws {
    let options = try parse(["--tabstop", "2147483648"])
    #expect(options.picker.list.tabstop == 4096)
    let h = Harness(["a\tb", "c"], ["--tabstop", "2147483648"], profile: .fzf)
    #expect(Renderer().render(h.state).text.contains { $0.contains("a") })
  }
}

/// fzf's colours of the current line: its background under the text only (not across the row, with
/// a preview beside it or not), and a marked current line's marker not bold.
@Suite struct FzfCurrentLineLookTests {
  @Test(arguments: [[String](), ["--preview", "echo {}"]])
  func theCurrentLinesBackgroundStopsAtItsText(options: [String]) {
    let h = Harness(["1", "2"], ["-m"] + options, rows: 10, columns: 40, profile: .fzf)
    h.press(.tab)
    let frame = Renderer().render(h.state)
    let current = frame.rows.first { row in row.contains { $0.style.contains(.current) } } ?? []
    let painted = current.filter { $0.style.contains(.current) }.map(\.text).joined()
    #expect(!painted.hasSuffix(" "), "\(painted)")
    let theme = Theme(colors: true, palette: h.state.settings.look.palette)
    let marker = theme.attributes([.current, .marker])
    #expect(!marker.split(separator: ";").contains("1") && marker.contains("48;5;236"), "\(marker)")
  }
}

/// bash's ctrl-r shows a command of several lines with its further lines under its first (they
/// start with a tab, whose stop is counted from the start of their own row).
@Suite struct MultiLineTabTests {
  @Test func aTabAfterALineBreakStopsAsAtARowsStart() {
    let h = Harness(
      ["12\tfor i in 1 2; do\n\techo $i\n\tdone"], ["--read0"], rows: 10, columns: 40, profile: .fzf,
      terminator: 0)
    let rows = Renderer().render(h.state).text
    func column(_ word: String) -> Int? {
      for row in rows {
        if let found = row.range(of: word) { return row.distance(from: row.startIndex, to: found.lowerBound) }
      }
      return nil
    }
    #expect(
      column("for") != nil && column("for") == column("echo") && column("echo") == column("done"), "\(rows)")
  }
}

/// fzf's look options: `--highlight-line`, `--no-bold`, `--black`.
@Suite struct FzfLookOptionsTests {
  @Test func highlightLineRunsTheCurrentLinesColorAcrossTheRow() {
    for (options, filled) in [([String](), false), (["--highlight-line"], true)] {
      let h = Harness(["1", "2"], options, rows: 10, columns: 30, profile: .fzf)
      let row = Renderer().render(h.state).rows.first { $0.contains { $0.style.contains(.current) } } ?? []
      let painted = row.filter { $0.style.contains(.current) }.map(\.text).joined()
      #expect(painted.hasSuffix(" ") == filled, "\(options): \(painted)")
    }
  }

  @Test(arguments: [
    ("1;38;5;254;48;5;236", "38;5;254;48;5;236"), ("38;5;1;1", "38;5;1"), ("48;2;1;1;1;1", "48;2;1;1;1"),
    ("1", ""),
  ])
  func noBoldKeepsColorNumbers(given: String, expected: String) {
    #expect(Theme.withoutBold(given) == expected)
  }

  @Test func blackAndNoBoldReachTheTheme() throws {
    let options = try OptionParser.parse(["--no-bold", "--black"].map { Array($0.utf8) }, profile: .fzf)
    let settings = try options.pickerSettings(unicode: true, colors: true)
    let theme = Theme(colors: true, palette: settings.look.palette)
    let current = theme.attributes([.current])
    #expect(!current.split(separator: ";").contains("1") && current.contains("48;5;236"), "\(current)")
    #expect(theme.attributes([]).contains("40"))
  }
}
