import Foundation
import Glibc
import Testing

/// `--learn` through the binary: what is recorded and where, what is kept private, pickers recording
/// at once, and the picker's recent list, marker and `forget`.
@Suite struct LearnTests {
  static let lines = "alpha/templates.go\nbeta/temp.go\ngamma/tmpl.txt\ndelta/t.go\n"

  /// A throwaway state directory for the store.
  private func state() throws -> (directory: String, environment: [String: String]) {
    let directory = try temporaryDirectory()
    return (directory, ["XDG_STATE_HOME": directory, "MSELECT_LEARN": ""])
  }

  private func contents(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { Array($0) } ?? []
  }

  @Test func aBatchPickIsRecordedAndLiftsTheLine() throws {
    let (directory, environment) = try state()
    let before = try BinaryRunner.run(
      ["-f", "temp", "--learn", "files"], Self.lines, environment: environment)
    #expect(before.text == "beta/temp.go\nalpha/templates.go\n")
    // --filter records nothing: no store is made.
    #expect(!FileManager.default.fileExists(atPath: "\(directory)/mselect/learn/files"))
    let picked = try BinaryRunner.run(
      ["--batch", "--learn", "files", "--query", "temp", "--preselect", "alpha/templates.go"], Self.lines,
      environment: environment)
    #expect(picked.text == "alpha/templates.go\n")
    let after = try BinaryRunner.run(
      ["-f", "temp", "--learn", "files"], Self.lines, environment: environment)
    #expect(after.text == "alpha/templates.go\nbeta/temp.go\n")
    // --no-learn and MSELECT_LEARN=0 rank as fzf does.
    let off = try BinaryRunner.run(
      ["-f", "temp", "--learn", "files", "--no-learn"], Self.lines, environment: environment)
    #expect(off.text == before.text)
    var zero = environment
    zero["MSELECT_LEARN"] = "0"
    #expect(
      try BinaryRunner.run(["-f", "temp", "--learn", "files"], Self.lines, environment: zero).text
        == before.text)
  }

  @Test func theStoreHoldsNoLineOrQueryBytesAndIsTheUsersOnly() throws {
    let (directory, environment) = try state()
    let line = "secret-Plans/ledger_kqz.ods"
    _ = try BinaryRunner.run(
      ["--batch", "--learn", "money", "--query", "ledger_kq", "--select-all"], line + "\n",
      environment: environment)
    let store = "\(directory)/mselect/learn/money"
    let bytes = contents(store)
    #expect(!bytes.isEmpty)
    let text = String(decoding: bytes + contents(store + ".key"), as: UTF8.self)
    for word in ["secret", "Plans", "plans", "ledger", "kqz", "kq", ".ods"] {
      #expect(!text.contains(word), "the store holds \(word)")
    }
    for path in [store, store + ".key"] {
      var info = stat()
      #expect(stat(path, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o600, "\(path)")
    }
  }

  @Test func aValueWithASlashIsAFile() throws {
    let directory = try temporaryDirectory()
    let store = "\(directory)/sub/mine"
    let result = try BinaryRunner.run(["--batch", "--learn", store, "--select-all"], "x\n")
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: store))
    #expect(FileManager.default.fileExists(atPath: store + ".key"))
  }

  /// Pickers recording at once: every pick is kept.
  @Test func picksFromPickersAtOnceAreAllKept() throws {
    let (directory, environment) = try state()
    let pickers = 8
    DispatchQueue.concurrentPerform(iterations: pickers) { k in
      _ = try? BinaryRunner.run(
        ["--batch", "--learn", "shared", "--select-all"], "line-\(k)\n", environment: environment)
    }
    let entries = String(decoding: contents("\(directory)/mselect/learn/shared"), as: UTF8.self)
      .split(separator: "\n").dropFirst()
    #expect(entries.count == pickers)
    // And each line is lifted.
    let all = (0..<pickers).map { "line-\($0)" } + ["other"]
    let ranked = try BinaryRunner.run(
      ["-f", "", "--learn", "shared"], "other\n" + all.dropLast().joined(separator: "\n") + "\n",
      environment: environment)
    #expect(ranked.text.split(separator: "\n").last == "other")
  }

  @Test func anUnwritableStoreIsAWarningAfterPrinting() throws {
    let directory = try temporaryDirectory()
    // A regular file where the store's folder should be: no one can make the folder, root included.
    #expect(FileManager.default.createFile(atPath: "\(directory)/file", contents: Data()))
    let result = try BinaryRunner.run(
      ["--batch", "--learn", "\(directory)/file/store", "--select-all"], "a\n")
    #expect(result.status == 0)
    #expect(result.text == "a\n")
    #expect(result.stderr.contains("mselect: cannot learn"))
  }

  @Test func thePickerListsLearnedLinesFirstMarksThemAndForgets() throws {
    let (directory, environment) = try state()
    _ = try BinaryRunner.run(
      ["--batch", "--learn", "files", "--preselect", "gamma/tmpl.txt"], Self.lines, environment: environment)
    let picker = try PickerProcess(["--learn", "files"], environment: environment)
    picker.feed(Self.lines)
    picker.closeInput()
    #expect(picker.waitForScreen { $0.text.contains("• gamma/tmpl.txt") })
    #expect(
      picker.waitForScreen { screen in
        let rows = screen.text.split(separator: "\n")
        return rows.firstIndex { $0.contains("gamma") }! < rows.firstIndex { $0.contains("alpha") }!
      })
    picker.send([0x1B] + Array("[3;2~".utf8))  // shift-delete: forget
    #expect(picker.waitForScreen { !$0.text.contains("•") && $0.text.contains("gamma/tmpl.txt") })
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    let entries = String(decoding: contents("\(directory)/mselect/learn/files"), as: UTF8.self)
      .split(separator: "\n")
    #expect(entries == ["mselect-learn 2"])
  }

  @Test func enterInThePickerRecordsThePickWithItsQuery() throws {
    let (_, environment) = try state()
    let picker = try PickerProcess(["--learn", "files"], environment: environment)
    picker.feed(Self.lines)
    picker.closeInput()
    #expect(picker.waitFor("4/4"))
    picker.type("txt")
    #expect(picker.waitFor("1/4"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "gamma/tmpl.txt\n")
    // `t` now finds it first (it was picked with `txt`, and `t` starts that).
    let ranked = try BinaryRunner.run(["-f", "t", "--learn", "files"], Self.lines, environment: environment)
    #expect(ranked.text.split(separator: "\n").first == "gamma/tmpl.txt")
    let plain = try BinaryRunner.run(["-f", "t"], Self.lines)
    #expect(plain.text.split(separator: "\n").first != "gamma/tmpl.txt")
  }

  /// The key bindings' store (`--binding-learn`): used under mselect's name unless
  /// `MSELECT_LEARN=0`, under fzf's only with `MSELECT_LEARN=1`.
  @Test(arguments: [
    ("mselect", "", true), ("mselect", "0", false), ("fzf", "", false), ("fzf", "1", true),
  ])
  func theBindingsLearnUnderMselectsNameOnly(name: String, setting: String, learns: Bool) throws {
    let (directory, _) = try state()
    let bin = try temporaryDirectory()
    let program = "\(bin)/\(name)"
    try FileManager.default.createSymbolicLink(atPath: program, withDestinationPath: BinaryRunner.binary.path)
    let result = try BinaryRunner.run(
      ["--batch", "--select-all", "--binding-learn", "ctrl-t"], input: Array("picked\n".utf8),
      environment: ["XDG_STATE_HOME": directory, "MSELECT_LEARN": setting],
      executable: URL(fileURLWithPath: program))
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: "\(directory)/mselect/learn/ctrl-t") == learns)
  }
}
