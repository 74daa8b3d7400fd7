import Foundation
import Testing

@Suite struct PipeTests {
  @Test func batchPrintsPreselectedLinesInInputOrder() throws {
    let r = try BinaryRunner.run(["--batch", "--preselect", "c", "--preselect", "a"], "a\nb\nc\n")
    #expect(r.text == "a\nc\n")
    #expect(r.status == 0)
  }

  /// Several words in FILE's place are the lines (gum's `gum choose a b c`); stdin is not read.
  @Test func argumentsAreTheLinesAsInGum() throws {
    let r = try BinaryRunner.run(["-f", "a", "apple", "banana", "cherry"], "stdin-line\n")
    #expect(r.status == 0 && r.text == "apple\nbanana\n")
    let batch = try BinaryRunner.run(["--batch", "--selected", "two", "one", "two", "three"], "")
    #expect(batch.text == "two\n")
    let one = try BinaryRunner.run(["-f", "a", "/nonexistent-mselect-file"], "")
    #expect(one.status == 2)
  }

  /// Numbers at their extremes, read from a file (where the input is scanned in place): an answer at
  /// once, not a count to Int.max.
  @Test(arguments: [
    ["--header-lines", "9223372036854775807"], ["--header-lines", "2147483648"],
    ["--tabstop", "9223372036854775807"],
    ["--margin", "9223372036854775807"], ["--max", "9223372036854775807"],
  ])
  func extremeNumbersFromAFileEndAtOnce(_ option: [String]) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mselect-extreme-\(UUID().uuidString)")
    try Data("a1\nb1\nc1\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let script = "exec \"$0\" --filter 1 \(option.joined(separator: " ")) < \"$1\""
    let r = try BinaryRunner.run(
      ["-c", script, BinaryRunner.binary.path, file.path], executable: URL(fileURLWithPath: "/bin/sh"))
    let headerLines = option[0] == "--header-lines"
    #expect(r.status == (headerLines ? 1 : 0), "\(r.stderr)")
    #expect(r.text == (headerLines ? "" : "a1\nb1\nc1\n"))
  }

  @Test func batchPreselectionThatFindsNothingPrintsNothing() throws {
    // A script restoring a saved choice must not get an unrelated line.
    let r = try BinaryRunner.run(["--batch", "--preselect", "zzz"], "a\nb\n")
    #expect(r.text == "")
    #expect(r.status == 1)
    let q = try BinaryRunner.run(["--batch", "-q", "b"], "a\nb\n")
    #expect(q.text == "b\n")
    #expect(q.status == 0)
  }

  @Test func filterExamplesFromTheIssue() throws {
    let hundred = (1...100).map { "\($0)\n" }.joined()
    #expect(try BinaryRunner.run(["-f", "1 00$"], hundred).text == "100\n")
    let ten = (1...10).map { "\($0)\n" }.joined()
    #expect(Set(try BinaryRunner.run(["-f", "1 | 5"], ten).text.split(separator: "\n")) == ["1", "5", "10"])
  }

  /// `--typos` through a pipe: a word typed with a swap finds its line first; without it, nothing.
  @Test func typosFindTheWordMeant() throws {
    let input = "/usr/share/doc/fierce\n/usr/bin/firefox\n/usr/lib/libfoo.so\n"
    let forgiving = try BinaryRunner.run(["--typos", "-f", "fierfox"], input)
    #expect(forgiving.status == 0 && forgiving.text.hasPrefix("/usr/bin/firefox\n"))
    let strict = try BinaryRunner.run(["-f", "fierfox"], input)
    #expect(strict.status == 1 && strict.text.isEmpty)
    let bad = try BinaryRunner.run(["--typos=many", "-f", "x"], input)
    #expect(bad.status == 2 && bad.stderr.hasPrefix("mselect: "))
  }

  @Test func invalidUTF8ComesBackByteForByte() throws {
    let input: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0A, 0xFF, 0xFE, 0x0A, 0xC3, 0xA9, 0x0A]
    let r = try BinaryRunner.run(["-f", ""], input: input)
    #expect(r.stdout == input)
    let caf = try BinaryRunner.run(["-f", "caf"], input: input)
    #expect(caf.stdout == [0x63, 0x61, 0x66, 0xE9, 0x0A])
  }

  @Test func controlBytesAndCRLFAreKept() throws {
    let input = Array("one\r\ntwo\u{1B}]0;x\u{07}\r\n".utf8)
    #expect(try BinaryRunner.run(["-f", ""], input: input).stdout == input)
  }

  @Test func lastLineWithoutNewlineIsALine() throws {
    #expect(try BinaryRunner.run(["-f", ""], "a\nb").text == "a\nb\n")
  }

  /// `--no-sort` prints each match as soon as its line is read, as fzf's streaming filter does: the
  /// first match arrives while the input is still open (an endless producer gets its matches), the
  /// rest when more comes; the exit status is known at the end.
  @Test func noSortPrintsMatchesWhileTheInputIsOpen() throws {
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = ["-f", "a", "--no-sort", "--header-lines", "1", "--print-query"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    defer { process.terminate() }
    let reader = output.fileHandleForReading.fileDescriptor
    /// What stdout gives until it holds `count` bytes; fails after 20 s (the match never came).
    func read(_ count: Int) -> String {
      var got: [UInt8] = []
      while got.count < count {
        var entry = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 20_000) > 0 else { break }
        var chunk = [UInt8](repeating: 0, count: count - got.count)
        let n = Glibc.read(reader, &chunk, chunk.count)
        guard n > 0 else { break }
        got += chunk[..<n]
      }
      return String(decoding: got, as: UTF8.self)
    }
    try input.fileHandleForWriting.write(contentsOf: Data("ah\nb1\na1\n".utf8))
    // The query line, then the match: the header line `ah` is no candidate.
    #expect(read(5) == "a\na1\n")
    try input.fileHandleForWriting.write(contentsOf: Data("b2\nxa2\nc".utf8))
    #expect(read(4) == "xa2\n")
    try input.fileHandleForWriting.close()
    let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(rest == "")
    #expect(process.terminationStatus == 0)
    // Nothing matched: exit 1 (the query line still printed).
    let none = try BinaryRunner.run(["-f", "zz", "--no-sort", "--print-query"], "a\nb\n")
    #expect(none.text == "zz\n" && none.status == 1)
  }

  @Test func emptyLinesAndDuplicatesAreItems() throws {
    let r = try BinaryRunner.run(["-f", "", "--no-sort"], "x\n\nx\n")
    #expect(r.text == "x\n\nx\n")
  }

  @Test func emptyInputExitsOne() throws {
    let r = try BinaryRunner.run(["-f", ""], "")
    #expect(r.stdout.isEmpty)
    #expect(r.status == 1)
    #expect(try BinaryRunner.run(["--batch"], "").status == 1)
  }

  @Test func noMatchExitsOne() throws {
    let r = try BinaryRunner.run(["-f", "zzz"], "a\nb\n")
    #expect(r.stdout.isEmpty && r.status == 1 && r.stderr.isEmpty)
  }

  @Test func nulSeparatedInputAndOutput() throws {
    let r = try BinaryRunner.run(
      ["--read0", "--print0", "--no-sort", "-f", "b"], input: Array("a\nb\0c\0b\0".utf8))
    #expect(r.stdout == Array("a\nb\0b\0".utf8))
    let nl = try BinaryRunner.run(["--read0", "-f", "c"], input: Array("a\0c".utf8))
    #expect(nl.text == "c\n")
  }

  @Test func oneMebibyteLine() throws {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("needle".utf8)
    let input = Array("short\n".utf8) + long + [10]
    let r = try BinaryRunner.run(["-f", "needle"], input: input)
    // Not `#expect(a == b)`: on failure, Swift Testing would diff two 1 MiB arrays for minutes.
    let same = r.stdout == long + [10]
    #expect(same, "printed \(r.stdout.count) bytes, ending \(r.stdout.suffix(8))")
    #expect(r.status == 0)
  }

  @Test func fileArgumentAndDash() throws {
    let url = try temporaryFile(Array("from file\n".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try BinaryRunner.run(["-f", "file", url.path]).text == "from file\n")
    #expect(try BinaryRunner.run(["-f", "std", "-"], "from stdin\n").text == "from stdin\n")
  }

  @Test func unreadableFileNamesTheFileAndTheError() throws {
    let r = try BinaryRunner.run(["-f", "x", "/nonexistent/file"])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("mselect: "))
    #expect(r.stderr.contains("/nonexistent/file") && r.stderr.contains("No such file"))
  }

  @Test(arguments: [
    (["--bogus"], "--bogus"), (["-q"], "-q"), (["--max", "many"], "many"),
    (["--min", "3", "--max", "2"], "--min"),
  ])
  func usageErrors(arguments: [String], word: String) throws {
    let r = try BinaryRunner.run(["--batch"] + arguments, "a\n")
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("mselect: ") && r.stderr.contains(word))
    #expect(!r.stderr.contains("Fatal error"))
  }

  @Test func helpAndVersion() throws {
    let help = try BinaryRunner.run(["--help"])
    #expect(help.status == 0 && help.text.contains("usage: mselect") && help.text.contains("--preselect"))
    let version = try BinaryRunner.run(["-V"])
    #expect(version.status == 0 && version.text.hasPrefix("mselect "))
  }

  @Test func defaultOptionsAreReadFromTheEnvironment() throws {
    let r = try BinaryRunner.run(
      ["-f", ""], "a\nb\n", environment: ["MSELECT_DEFAULT_OPTS": "--tac --print-query"])
    #expect(r.text == "\nb\na\n")
    let overridden = try BinaryRunner.run(
      ["-f", "", "--no-tac"], "a\nb\n", environment: ["MSELECT_DEFAULT_OPTS": "--tac"])
    #expect(overridden.text == "a\nb\n")
  }

  @Test func fieldsShowOneValueAndReturnAnother() throws {
    let r = try BinaryRunner.run(
      ["-d", "\t", "--with-nth", "1", "--accept-nth", "2", "--batch", "-q", "Read"],
      "Reading\treading\nWriting\twriting\n")
    #expect(r.text == "reading\n")
  }

  @Test func headerLinesAreNotPrinted() throws {
    #expect(try BinaryRunner.run(["--header-lines", "1", "-f", ""], "NAME\na\nb\n").text == "a\nb\n")
  }

  @Test func printQueryComesFirst() throws {
    #expect(try BinaryRunner.run(["--print-query", "-f", "b"], "a\nb\n").text == "b\nb\n")
    let none = try BinaryRunner.run(["--print-query", "-f", "z"], "a\n")
    #expect(none.text == "z\n" && none.status == 1)
  }

  @Test func selectOneAndExitZeroWorkWithoutATerminal() throws {
    let one = try BinaryRunner.run(["-1", "-q", "b"], "a\nb\n")
    #expect(one.text == "b\n" && one.status == 0)
    let zero = try BinaryRunner.run(["-0", "-q", "z"], "a\nb\n")
    #expect(zero.stdout.isEmpty && zero.status == 1)
  }

  @Test func maxCutsPreselectionAndSaysSo() throws {
    let r = try BinaryRunner.run(["--batch", "--select-all", "--max", "2"], "a\nb\nc\n")
    #expect(r.text == "a\nb\n")
    #expect(r.stderr.contains("--max 2"))
  }

  @Test func minNotMetPrintsNothing() throws {
    let r = try BinaryRunner.run(["--batch", "--preselect", "a", "--min", "2"], "a\nb\n")
    #expect(r.stdout.isEmpty && r.status == 1)
  }

  @Test func preselectFile() throws {
    let url = try temporaryFile(Array("b\nc\n".utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try BinaryRunner.run(["--batch", "--preselect-file", url.path], "a\nb\nc\n").text == "b\nc\n")
    let missing = try BinaryRunner.run(["--batch", "--preselect-file", "/nonexistent"], "a\n")
    #expect(missing.status == 2 && missing.stderr.contains("/nonexistent"))
  }

  @Test func interactiveWithoutTerminalIsAClearError() throws {
    // setsid: a new session has no controlling terminal, so /dev/tty cannot be opened.
    let r = try BinaryRunner.run([], input: Array("a\nb\n".utf8), withoutTerminal: true)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("mselect: ") && r.stderr.contains("terminal"))
    #expect(r.stdout.isEmpty)
  }

  @Test func closedPipeEndsQuietly() throws {
    let lines = (0..<200_000).map { "line \($0)\n" }.joined()
    let url = try temporaryFile(Array(lines.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "'\(BinaryRunner.binary.path)' -f line '\(url.path)' | head -1; echo \"${PIPESTATUS:-}\"",
    ]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(String(decoding: stdout, as: UTF8.self).hasPrefix("line"))
    #expect(stderr.isEmpty)
  }
}

@Suite struct FileInputTests {
  /// A file is mapped and scanned in place; stdin is read into a line store: same output either way.
  @Test(arguments: [
    ["-f", "zq"], ["-f", "a"], ["--header-lines", "3", "-f", "zq"], ["--tac", "-f", "q"], ["-f", ""],
  ])
  func mappedFileAndStdinAgree(arguments: [String]) throws {
    var text = ""
    for i in 0..<60_000 { text += i % 97 == 0 ? "line \(i) z then q\n" : "line \(i) plain\n" }
    text += "zq last line without newline"
    let url = try temporaryFile(Array(text.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let fromFile = try BinaryRunner.run(arguments + [url.path])
    let fromStdin = try BinaryRunner.run(arguments, text)
    #expect(fromFile.stdout == fromStdin.stdout)
    #expect(fromFile.status == fromStdin.status)
    #expect(!fromFile.stdout.isEmpty)
  }
}

/// `mselect --man` into a pipe: the manual formatted as text, as `fzf --man` gives it.
@Suite struct ManualTests {
  @Test(.enabled(if: access("/usr/bin/man", X_OK) == 0, "man is installed (CI installs man-db)"))
  func theManualIntoAPipeIsFormattedText() throws {
    let result = try BinaryRunner.run(["--man"])
    #expect(result.status == 0)
    #expect(result.text.contains("NAME") && result.text.contains("mselect"))
    #expect(!result.text.contains(".TH ") && !result.text.contains("\n.SH "))
    // Formatted at the widths a terminal has, troff has no line it cannot fit (it warned on stderr).
    for width in ["60", "80", "120"] {
      let formatted = try BinaryRunner.run(["--man"], environment: ["MANWIDTH": width])
      #expect(formatted.status == 0 && formatted.stderr.isEmpty, "\(width): \(formatted.stderr)")
    }
  }

  @Test func theRoffTextIsThereToo() throws {
    let result = try BinaryRunner.run(["--man-roff"])
    #expect(result.text.hasPrefix(".TH ") || result.text.contains("\n.TH "))
  }
}

/// A message quoting a bad value shows its control bytes escaped: an OSC 52 sequence (which would
/// write the clipboard) or a BEL never reaches the terminal raw.
@Suite struct MessageTests {
  @Test(arguments: ["--bogus\u{1B}]52;c;aGk=\u{07}", "--height=\u{1B}[2J", "--\u{9B}31m"])
  func controlBytesInMessagesAreEscaped(word: String) throws {
    let result = try BinaryRunner.run([word, "-f", "x"], input: Array("x\n".utf8))
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("mselect: "))
    #expect(
      !result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
    #expect(result.stderr.contains("\\x1b") || result.stderr.contains("\\u{9b}"), "\(result.stderr)")
  }

  /// A result longer than a pipe holds widens the output pipe first, so it goes out in one write
  /// and mselect can end before its reader has read it; a short one leaves the pipe as it was.
  @Test(arguments: [(20_000, 1 << 20), (10, 64 << 10)])
  func aLongResultWidensTheOutputPipe(lines: Int, size: Int32) throws {
    let input = (0..<lines).map { "line \($0)\n" }.joined()
    let file = try temporaryFile(Array(input.utf8))
    defer { try? FileManager.default.removeItem(at: file) }
    let pipe = Pipe()
    let process = Process()
    process.executableURL = BinaryRunner.binary
    process.arguments = ["-f", "line", file.path]
    process.standardOutput = pipe
    try process.run()
    try pipe.fileHandleForWriting.close()
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(out.count == input.utf8.count)
    let getPipeSize: Int32 = 1032  // F_GETPIPE_SZ
    #expect(fcntl(pipe.fileHandleForReading.fileDescriptor, getPipeSize) == size)
  }
}
