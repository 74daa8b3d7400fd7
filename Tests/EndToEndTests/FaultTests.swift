import Foundation
import Glibc
import MSelectCore
import MSelectTerminal
import Testing

/// Inputs that change or misbehave under mselect: it must never crash.
@Suite(.serialized) struct FaultTests {
  /// A temporary file of `count` path-like lines.
  func makeFile(lines count: Int) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mselect-fault-\(getpid())-\(count).txt"
    )
    .path
    var text = ""
    text.reserveCapacity(count * 40)
    for i in 0..<count { text += "/usr/share/doc/package-\(i)/README.txt\n" }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @Test func aMappedFileTruncatedMidwayReadsAsChangedNotACrash() throws {
    let path = try makeFile(lines: 100_000)
    defer { unlink(path) }
    let reader = try InputReader(path: path, terminator: 10)
    let mapping = try #require(reader.mapWhole())
    #expect(!reader.changedWhileMapped())
    // The log is rotated: every page of the mapping is now past the end of the file.
    #expect(truncate(path, 0) == 0)
    let found = Filter.run(
      Array("readme".utf8), in: .bytes(mapping.bytes, terminator: 10, owner: mapping),
      settings: SearchSettings())
    #expect(found.lines.isEmpty)
    #expect(reader.changedWhileMapped())
  }

  /// One line of 64 MiB: scoring it, with a query of several terms, an anchor or an exact term, takes
  /// memory bounded by the match window, not the line's length; nor is it copied to be printed. It
  /// runs within a 96 MiB data limit (decoding it took 8 bytes a byte, 512 MiB, and printing copied it
  /// into a buffer grown to 128 MiB). Skipped under a sanitizer, whose shadow memory no limit allows.
  @Test(.enabled(if: !underSanitizer), arguments: ["aa aa", "^aa", "'aa", "aa$", "!b aa", "aa"])
  func aHugeLineTakesBoundedMemory(query: String) throws {
    let path = try temporaryFile([UInt8](repeating: UInt8(ascii: "a"), count: 64 << 20)).path
    defer { unlink(path) }
    #expect(try runWithDataLimit(96 << 20, ["-f", query, path]) == 0)
  }

  /// The same for a 32 MiB line of non-ASCII characters (decoding it whole took 128 MiB), whatever the
  /// terms: only the match window, chunks or the anchored ends are decoded.
  @Test(.enabled(if: !underSanitizer), arguments: ["éé", "aé", "'éé", "^aé !x a$"])
  func aHugeNonASCIILineTakesBoundedMemory(query: String) throws {
    var line = [UInt8](repeating: 0xA9, count: 32 << 20)
    for i in stride(from: 0, to: line.count, by: 2) { line[i] = 0xC3 }
    let path = try temporaryFile(Array("a".utf8) + line + Array("a\n".utf8)).path
    defer { unlink(path) }
    #expect(try runWithDataLimit(96 << 20, ["-f", query, path]) == 0)
  }

  /// `count` paths of varied depth and names that match `s`, then one that does not: their scores
  /// and lengths spread, so that ranking them takes the radix sort two passes (a scratch copy) as
  /// real paths do.
  func makeVariedFile(lines count: Int) throws -> String {
    let parts = ["usr", "share", "lists", "x86_64-linux-gnus", "docs", "src", "includes", "pythons", "as"]
    var text = ""
    text.reserveCapacity(count * 48)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for i in 0..<count {
      for _ in 0..<(1 + i % 7) {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += "/" + parts[Int(seed >> 33) % parts.count]
      }
      text += "/file\(i % 9973).txt\n"
    }
    text += "/none\n"
    return try temporaryFile(Array(text.utf8)).path
  }

  /// Lines of the memory tests' file: enough that bytes a line stand well above the process's own.
  let millionLines = 1_000_000

  /// Lines of the baseline file, long enough that printing them fills a pipe (1 MiB: mselect widens
  /// the pipe of a long result).
  let baselineLines = 110

  /// The process's own memory is measured on this: a few lines that match `s`, 10 KiB each, then
  /// one that does not.
  func makeBaselineFile() throws -> String {
    let line = "/usr/" + String(repeating: "x", count: 10 << 10) + "\n"
    return try temporaryFile(Array((String(repeating: line, count: baselineLines) + "/none\n").utf8)).path
  }

  /// Bytes a line beyond the input and the process's own memory (a run on the baseline file, less its
  /// input).
  func bytesPerLine(peakKiB: Int, baselineKiB: Int, path: String, baseline: String, lines: Int) throws
    -> Double
  {
    let size = { (path: String) in try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int }
    return Double((peakKiB - baselineKiB) * 1024 - (try size(path) - size(baseline))) / Double(lines)
  }

  /// Ranking a million matches holds little more than the matches: the sort gives back the pages it
  /// has read (the matches, its scratch copy) as it goes. The input plus at most 16 bytes a line (the
  /// README's promise); it took 24 while the matches and the scratch copy were held at once. In input
  /// order (`--no-sort`, also reversed) the matches' pages go back as their indices are copied out;
  /// a joined copy of them took 24 too.
  @Test(.enabled(if: !underSanitizer), arguments: [[], ["--no-sort"], ["--no-sort", "--tac"]])
  func filteringAMillionMatchesTakesAtMost16BytesALine(order: [String]) throws {
    let (lines, path, small) = (millionLines, try makeVariedFile(lines: millionLines), try makeBaselineFile())
    defer { for file in [path, small] { unlink(file) } }
    let baseline = try runMeasuringMemory(["-f", "s", small] + order)
    let run = try runMeasuringMemory(["-f", "s", path] + order)
    #expect(run.status == 0 && baseline.status == 0)
    #expect(run.peakKiB > 0 && baseline.peakKiB > 0, "measured while running")
    let perLine = try bytesPerLine(
      peakKiB: run.peakKiB, baselineKiB: baseline.peakKiB, path: path, baseline: small, lines: lines)
    #expect(perLine <= 16, "\(perLine) bytes a line")
  }

  /// The same in the picker, where a keystroke on a million lines first counts the matches (kept as
  /// bits, not a list of four bytes a line) and then ranks them.
  @Test(.enabled(if: !underSanitizer)) func aKeystrokeOnAMillionLinesTakesAtMost16BytesALine() throws {
    let (lines, path, small) = (millionLines, try makeVariedFile(lines: millionLines), try makeBaselineFile())
    defer { for file in [path, small] { unlink(file) } }
    var peaks: [Int] = []
    for (file, count) in [(small, baselineLines), (path, lines)] {
      let picker = try PickerProcess([file], rows: 10, columns: 60)
      picker.closeInput()
      #expect(picker.waitFor("\(count + 1)/\(count + 1)"))
      picker.type("s")
      // Done when the count is the query's (the last line does not match) and the spinner has
      // stopped: the matches are ranked.
      let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
      #expect(
        picker.waitForScreen { screen in
          screen.text.contains("\(count)/\(count + 1)") && !spinner.contains { screen.text.contains($0) }
        })
      peaks.append(picker.peakMemory ?? 0)
      picker.send([0x0D])
      #expect(picker.exitCode() == 0)
    }
    #expect(peaks.allSatisfy { $0 > 0 }, "measured while running")
    let perLine = try bytesPerLine(
      peakKiB: peaks[1], baselineKiB: peaks[0], path: path, baseline: small, lines: lines)
    #expect(perLine <= 16, "\(perLine) bytes a line")
  }

  @Test func filterOnAFileTruncatedWhileItRunsNeverCrashes() throws {
    // Truncated at different moments of the run: whatever it saw, mselect ends normally, and when it
    // noticed the change it says so (exit 2).
    let path = try makeFile(lines: 600_000)
    defer { unlink(path) }
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    // Several moments of the run, each a few times: a line being scored when its bytes turn to zeros
    // is the rare case (it once sent the scorer past the line's start).
    for delay: useconds_t in [0, 500, 2_000, 5_000, 10_000, 20_000, 30_000]
      + Array(repeating: 10_000, count: 8)
    {
      try original.write(to: URL(fileURLWithPath: path))
      let process = Process()
      process.executableURL = BinaryRunner.binary
      process.arguments = ["-f", "readme", path]
      process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      usleep(delay)
      _ = truncate(path, 0)
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationReason == .exit, "delay \(delay): \(message)")
      #expect([0, 1, 2].contains(process.terminationStatus), "delay \(delay)")
      if process.terminationStatus == 2 { #expect(message.contains("changed while being read")) }
    }
  }

  @Test(arguments: [["-f", "a", "/dev/zero"], ["--batch", "--preselect-file", "/dev/zero"]])
  func endlessInputIsAnErrorNotAllMemory(arguments: [String]) throws {
    let r = try BinaryRunner.run(arguments, "a\n")
    #expect(r.status == 2)
    #expect(r.stderr.contains("/dev/zero: a line is longer than 256 MiB"))
    #expect(r.stdout.isEmpty)
  }

  /// Through a pipe, after lines enough for the workers to take over the reading: an endless last
  /// line is the same error.
  @Test func anEndlessLineThroughAPipeIsAnError() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      // The writers' own complaints (a broken pipe, where SIGPIPE is ignored) are not mselect's.
      "-c",
      "{ awk 'BEGIN { for (i = 0; i < 200000; i++) print \"abc\" }'; cat /dev/zero; } 2>/dev/null"
        + " | '\(BinaryRunner.binary.path)' -f zq; echo \"exit $?\"",
    ]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(stdout == "exit 2\n")
    #expect(stderr == "mselect: standard input: a line is longer than 256 MiB\n")
  }

  @Test(arguments: [
    ("--foo", "mselect: MSELECT_DEFAULT_OPTS: unknown option: --foo"),
    ("\\", "mselect: MSELECT_DEFAULT_OPTS: a backslash at the end escapes nothing"),
  ])
  func mistakesInTheDefaultsNameThem(defaults: String, message: String) throws {
    let r = try BinaryRunner.run(["-f", "a"], "a\n", environment: ["MSELECT_DEFAULT_OPTS": defaults])
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix(message))
  }

  @Test func aNegativeMultiIsNamed() throws {
    let r = try BinaryRunner.run(["-m=-3", "-f", "a"], "a\n")
    #expect(r.status == 2)
    #expect(r.stderr.contains("invalid value for -m: '-3'"))
  }
}
