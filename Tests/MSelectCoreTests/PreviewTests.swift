import Foundation
import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

@Suite struct PlaceholderTests {
  func expand(
    _ template: String, current: String?, marked: [String] = [], query: String = "",
    quoting: ShellQuoting = .posix
  ) -> String {
    var values = Placeholders.Values(
      current: current.map { Array($0.utf8) }, currentIndex: current == nil ? nil : 4,
      marked: marked.map { Array($0.utf8) }, query: Array(query.utf8), delimiter: .whitespace)
    values.quoting = quoting
    return String(
      decoding: (try? Placeholders.expand(template, values)) ?? Array("refused".utf8), as: UTF8.self)
  }

  @Test func valuesAreQuotedForTheShell() {
    #expect(expand("cat {}", current: "a b") == "cat 'a b'")
    #expect(expand("cat {}", current: "it's $(rm -rf ~) `x`") == "cat 'it'\\''s $(rm -rf ~) `x`'")
    #expect(expand("cat -- {}", current: "-n") == "cat -- '-n'")
    #expect(expand("grep {q} {}", current: "f", query: "a'b") == "grep 'a'\\''b' 'f'")
    #expect(expand("echo {n}", current: "f") == "echo 4")
  }

  /// fish reads `\\` and `\'` between single quotes: both are escaped there, not in POSIX shells.
  @Test func valuesAreQuotedForFish() {
    #expect(
      expand("cat {}", current: "x\\'; touch PWNED #", quoting: .fish) == #"cat 'x\\\'; touch PWNED #'"#)
    #expect(
      expand("grep {q} {+}", current: "a", marked: ["b'c"], query: "\\", quoting: .fish)
        == #"grep '\\' 'b\'c'"#)
    #expect(expand("cat {}", current: "x\\'y", quoting: .posix) == #"cat 'x\'\''y'"#)
  }

  /// A shell whose quoting is unknown gets no quoted value; unquoted ones (`{n}`, `{r}`) still go.
  @Test func anUnknownShellRefusesQuotedValues() {
    let nu = ShellQuoting.unknown("nu")
    #expect(expand("cat {}", current: "f", quoting: nu) == "refused")
    #expect(expand("echo {q}", current: "f", quoting: nu) == "refused")
    #expect(expand("echo {n} {r}", current: "f", quoting: nu) == "echo 4 f")
    #expect(expand("echo hi", current: "f", quoting: nu) == "echo hi")
  }

  @Test func theShellIsKnownByItsName() {
    let cases: [(String, ShellQuoting)] = [
      ("/bin/sh -c", .posix), ("bash -c", .posix), ("/usr/bin/zsh -c", .posix), ("dash -c", .posix),
      ("ksh93 -c", .posix), ("/opt/bin/bash5 -c", .posix), ("zsh-5.9 -c", .posix), ("-bash -c", .posix),
      ("/usr/bin/fish -c", .fish), ("fish -c", .fish), ("env fish -c", .fish),
      ("/usr/bin/env -i LANG=C bash -c", .posix), ("nu -c", .unknown("nu")),
      ("python3 -c", .unknown("python3")),
      ("/bin/tcsh -c", .unknown("tcsh")), ("", .unknown("(no shell)")),
    ]
    for (line, expected) in cases {
      let words = line.split(separator: " ").map { Array($0.utf8) }
      #expect(ShellQuoting(shellWords: words) == expected, "\(line)")
    }
  }

  @Test func markedLinesAndFields() {
    #expect(expand("ls {+}", current: "c", marked: ["a", "b c"]) == "ls 'a' 'b c'")
    #expect(expand("ls {+}", current: "c") == "ls 'c'")
    #expect(expand("kill {2}", current: "root 42 bash") == "kill '42'")
    #expect(expand("echo {-1} {2..}", current: "a b c") == "echo 'c' 'b c'")
    #expect(expand("kill {+2}", current: "x 1", marked: ["a 7", "b 8"]) == "kill '7' '8'")
    // Not placeholders: left as they are (awk programs, shell braces).
    #expect(expand("awk '{print $1}' {}", current: "f") == "awk '{print $1}' 'f'")
    #expect(expand("echo {x} {", current: "f") == "echo {x} {")
    #expect(expand("echo {}", current: nil) == "echo ''")
  }

  /// fzf's flags, `{fzf:…}`, `{*}` and escaped placeholders.
  @Test func flagsAndEscapes() {
    var values = Placeholders.Values(
      current: Array("b  x".utf8), currentIndex: 1, marked: [Array("a".utf8), Array("c d".utf8)],
      query: Array("q".utf8), delimiter: .whitespace)
    values.markedIndices = [0, 2]
    values.listed = { [Array("a".utf8), Array("b  x".utf8)] }
    values.prompt = "> "
    values.action = "toggle"
    values.fileDirectory = "/tmp/d"
    values.fileSerial = 4
    var files: [Placeholders.File] = []
    func expand(_ template: String) -> String {
      String(decoding: (try? Placeholders.expand(template, values, files: &files)) ?? [], as: UTF8.self)
    }
    #expect(expand("echo {r} {+r}") == "echo b  x a c d")
    #expect(expand("echo {n} {+n}") == "echo 1 0 2")
    #expect(expand("cat {+f}") == "cat '/tmp/d/4-lines'")
    #expect(files == [Placeholders.File(path: "/tmp/d/4-lines", contents: Array("a\nc d\n".utf8))])
    #expect(expand("echo {*}") == "echo 'a' 'b  x'")
    #expect(expand("echo {1} {s1} {r2}") == "echo 'b' 'b  ' x")
    #expect(expand("echo {fzf:query} {fzf:prompt} {fzf:action}") == "echo 'q' '> ' toggle")
    // Escaped: the placeholder stays as text, without its backslash; other backslashes stay.
    #expect(expand("echo \\{q} \\{x} {q}") == "echo {q} \\{x} 'q'")
    #expect(expand("echo {nn} {+sn}") == "echo {nn} {+sn}")
  }
  /// The state names `{+f}` files and hands them to the driver to write; every name is new, even
  /// while earlier files wait to be written.
  @Test func fileListsAreNamedByTheStateAndWrittenByTheDriver() throws {
    let options = try OptionParser.parse(
      ["-m", "--bind", "ctrl-x:execute-silent(cat {+f}),ctrl-y:execute-silent(wc {+f})"].map {
        Array($0.utf8)
      })
    var settings = try options.pickerSettings(unicode: true, colors: false)
    settings.commands.fileDirectory = "/run/d"
    var state = PickerState(settings: settings, rows: 10, columns: 40)
    var splitter = LineSplitter(terminator: 10)
    splitter.append(Array("a\nb\n".utf8))
    state.handle(.input(splitter.takeBlock(force: true)!))
    state.handle(.inputEnded)
    while let request = state.nextSearch() { state.handle(.searched(request.run()!)) }
    state.handle(.key(.tab))
    state.handle(.key(.ctrl(UInt8(ascii: "x"))))
    state.handle(.key(.ctrl(UInt8(ascii: "y"))))
    let first = state.takeFiles()
    state.handle(.key(.ctrl(UInt8(ascii: "x"))))
    let second = state.takeFiles()
    #expect(first.map(\.path) == ["/run/d/0-lines", "/run/d/1-lines"])
    #expect(first.map(\.contents) == [Array("a\n".utf8), Array("a\n".utf8)])
    #expect(second.map(\.path) == ["/run/d/2-lines"])
    let commands = state.takeCommands().compactMap { command -> String? in
      guard case .execute(let text, _) = command else { return nil }
      return String(decoding: text, as: UTF8.self)
    }
    #expect(commands == ["cat '/run/d/0-lines'", "wc '/run/d/1-lines'", "cat '/run/d/2-lines'"])
  }
}

@Suite struct PreviewWindowTests {
  @Test func fzfSpecs() {
    var p = PreviewSettings()
    let rightSpec = p.apply("right,60%,border,wrap,+3")
    #expect(rightSpec)
    #expect(p.position == .right && p.size == .percent(60) && p.wrap && p.scroll == "+3")
    p = PreviewSettings()
    let upSpec = p.apply("up:40%:hidden")
    #expect(upSpec)
    #expect(p.position == .up && p.size == .percent(40) && p.hidden)
    p = PreviewSettings()
    let downSpec = p.apply("down,10,noborder,follow,~3,<80(up)")
    #expect(downSpec)
    #expect(p.position == .down && p.size == .cells(10) && p.border == .none)
    p = PreviewSettings()
    #expect(p.apply("border-bold") && p.border == .bold && p.drawnBorder(.reverse) == .bold)
    p = PreviewSettings()
    // `line`: the side that faces the list.
    #expect(p.apply("border-line") && p.drawnBorder(.reverse) == .left)
    #expect(p.apply("up") && p.drawnBorder(.reverse) == .bottom)
    #expect(p.apply("next") && p.drawnBorder(.reverse) == .bottom && p.drawnBorder(.default) == .top)
    var bad = PreviewSettings()
    let rejected = bad.apply("sideways")
    #expect(!rejected)
  }

  /// fzf's `+SCROLL[OFFSETS][/DENOM]`: a 1-based line at the top, moved, then up by a fraction of
  /// the pane (`bat --highlight-line {2}` with `+{2}-/2` shows the line in the middle).
  @Test(arguments: [
    ("+3", 10, 2), ("+'12'-5", 10, 6), ("+'12'-/2", 10, 6), ("+'12'+3/2", 20, 4), ("+'2'-/2", 10, 0),
    ("+", 10, 0), ("+''", 10, 0), ("+x/0", 10, 0),
  ])
  func scrollSpecsPickTheFirstLine(spec: String, height: Int, line: Int) {
    #expect(PreviewSettings.firstLine(Array(spec.utf8), height: height) == line)
    // A number too large for an Int scrolls far, without trapping.
    #expect(PreviewSettings.firstLine(Array("+99999999999999999999999/3".utf8), height: 9) > 0)
  }

  @Test func theScrollFollowsTheCurrentLine() {
    let h = Harness(
      ["a:30", "b:2"], ["--preview", "cat {1}", "--preview-window", "+{2}-/2", "-d", ":"], rows: 20)
    let rows = h.state.previewLayout?.inner.rows ?? 0
    #expect(rows > 2)
    #expect(h.state.preview.scroll == 29 - rows / 2)
    h.press(.down)
    #expect(h.state.preview.scroll == 0)
  }

  /// `~N`: the output's first lines stay on top while the rest scrolls (bat's file name box).
  @Test func headerLinesStayWhileTheRestScrolls() {
    let h = Harness(
      ["a"], ["--preview", "cat {}", "--preview-window", "right,50%,~2,+10"], rows: 12, columns: 60)
    guard case .preview(let generation, _, _, _, _) = h.state.takeCommands().last else {
      Issue.record("no preview asked for")
      return
    }
    h.state.handle(
      .previewOutput(generation: generation, bytes: Array((1...40).map { "L\($0)\n" }.joined().utf8)))
    h.state.handle(.previewEnded(generation: generation, status: 0))
    func paneRows() -> [String] {
      Renderer().render(h.state).text.compactMap { row in
        row.split(separator: "│").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) }
      }
    }
    // Each row's text, without the scroll position the first one ends with.
    func pane() -> [String] { paneRows().map { String($0.split(separator: " ").first ?? "") } }
    // `+10` with two header lines: line 10 is the first of the scrolled part (fzf's offset counts
    // from the output's top, and the /DENOM part from the rows under the header).
    #expect(Array(pane().prefix(3)) == ["L1", "L2", "L10"])
    // fzf's scroll position: the first line shown below the header, of all.
    #expect(paneRows().first?.hasSuffix(" 10/40") == true)
    h.press(.altDown)
    #expect(Array(pane().prefix(3)) == ["L1", "L2", "L11"])
    for _ in 0..<50 { h.press(.altDown) }
    #expect(pane().filter { !$0.isEmpty }.last == "L40")
    for _ in 0..<50 { h.press(.altUp) }
    #expect(Array(pane().prefix(3)) == ["L1", "L2", "L3"])
  }

  /// fzf's rule with nothing under the cursor: a command of the line is not run (the pane is left
  /// empty); one of the query, of fzf's values, of every line, of the marks while some are marked,
  /// or with no placeholder at all still runs.
  @Test(arguments: [
    ("cat {}", false, false), ("echo {n}", false, false), ("echo {2}", false, false),
    ("echo hi", false, true),
    ("echo {q}", false, true), ("echo {} {q}", false, true), ("echo {fzf:prompt}", false, true),
    ("echo {*}", false, true), ("echo {+}", false, false), ("echo {+}", true, true),
    ("echo \\{}", false, true),
  ])
  func withNoLineOnlyCommandsOfSomethingElseRun(template: String, marks: Bool, runs: Bool) {
    #expect(Placeholders.previewRunsWithoutLine(template, marks: marks) == runs, "\(template)")
  }

  @Test func noMatchLeavesThePaneEmptyForACommandOfTheLine() {
    let h = Harness(["alpha", "beta"], ["--preview", "cat {}"], columns: 60)
    guard case .preview(let generation, _, _, _, _) = h.state.takeCommands().last else {
      Issue.record("no preview asked for")
      return
    }
    h.state.handle(.previewOutput(generation: generation, bytes: Array("alpha's text\n".utf8)))
    h.type("zzz")
    h.settle()
    let commands = h.state.takeCommands()
    #expect(!commands.contains { if case .preview = $0 { true } else { false } })
    #expect(commands.contains { if case .cancelPreview = $0 { true } else { false } })
    #expect(h.state.preview.lineCount == 0)
  }

  @Test func thePaneFollowsTheCursorAndScrolls() {
    let h = Harness(["a", "b"], ["--preview", "cat {}"], columns: 60)
    #expect(h.state.previewLayout?.position == .right)
    var commands = h.state.takeCommands()
    guard case .preview(let generation, let command, _, _, _) = commands.last else {
      Issue.record("no preview asked for")
      return
    }
    #expect(String(decoding: command, as: UTF8.self) == "cat 'a'")
    h.state.handle(
      .previewOutput(generation: generation, bytes: Array((1...50).map { "\($0)\n" }.joined().utf8)))
    h.state.handle(.previewEnded(generation: generation, status: 0))
    #expect(h.state.preview.lineCount == 50)
    h.press(.altDown, .altDown)
    #expect(h.state.preview.scroll == 2)
    // Output of an older run is dropped once the cursor moved on.
    h.press(.down)
    commands = h.state.takeCommands()
    guard case .preview(_, let next, _, _, _) = commands.last else {
      Issue.record("no preview for the next line")
      return
    }
    #expect(String(decoding: next, as: UTF8.self) == "cat 'b'")
    h.state.handle(.previewOutput(generation: generation, bytes: Array("stale\n".utf8)))
    #expect(h.state.preview.lineCount == 0)
  }
}

/// The preview pane in every position, with and without its border, in both list directions: the
/// pane and the list share the screen without covering each other.
@Suite struct PreviewLayoutTests {
  @Test(
    arguments: ["up", "down", "left", "right"], [",border-rounded", ",noborder"])
  func thePaneAndTheListDoNotOverlap(position: String, border: String) {
    for layout in ["reverse", "default"] {
      let h = Harness(
        ["item1", "item2"],
        ["--preview", "cat {}", "--preview-window", position + ",50%" + border, "--layout", layout],
        rows: 12, columns: 40)
      guard case .preview(let generation, _, _, _, _) = h.state.takeCommands().last else {
        Issue.record("no preview asked for")
        return
      }
      h.state.handle(.previewOutput(generation: generation, bytes: Array("PV1\nPV2\n".utf8)))
      h.state.handle(.previewEnded(generation: generation, status: 0))
      let rows = Renderer().render(h.state).text.map(Array.init)
      let context = "\(position)\(border) \(layout)"
      #expect(rows.allSatisfy { $0.count <= 40 }, "\(context)")
      #expect(rows.contains { String($0).contains("╭") } == (border == ",border-rounded"), "\(context)")
      func places(_ text: String) -> [(row: Int, column: Int)] {
        rows.enumerated().compactMap { index, row in
          String(row).range(of: text).map { (index, String(row)[..<$0.lowerBound].count) }
        }
      }
      let items = places("item")
      let pane = places("PV")
      let prompt = places(">")
      #expect(items.count == 2 && pane.count == 2 && prompt.count == 1, "\(context)")
      switch position {
      case "left":
        #expect(pane.allSatisfy { $0.column < 20 } && items.allSatisfy { $0.column >= 20 }, "\(context)")
        #expect(prompt.allSatisfy { $0.column >= 20 }, "\(context)")
      case "right":
        #expect(pane.allSatisfy { $0.column >= 20 } && items.allSatisfy { $0.column < 20 }, "\(context)")
      case "up":
        #expect(pane.map(\.row).max()! < min(items.map(\.row).min()!, prompt[0].row), "\(context)")
      default:
        #expect(pane.map(\.row).min()! > max(items.map(\.row).max()!, prompt[0].row), "\(context)")
      }
    }
  }
}
