import Foundation
import Glibc
import MSelectTerminal
import Testing

/// `--remember` and `--history` files: links followed, permissions kept, no planted file followed,
/// no entry lost to another picker saving at the same time, and no failure after printing.
@Suite struct SavedFileTests {
  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  func mode(_ path: String) -> mode_t {
    var info = stat()
    _ = lstat(path, &info)
    return info.st_mode
  }

  /// A symbolic link (a dotfile manager's) stays a link; the file it names gets the lines.
  @Test func aLinkIsWrittenThrough() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let target = "\(directory)/target"
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8)))
    symlink("target", "\(directory)/link")
    try SavedFile.write([Array("new".utf8)], to: "\(directory)/link", terminator: 10)
    #expect(mode("\(directory)/link") & S_IFMT == S_IFLNK)
    #expect(contents(target) == "new\n")
    // A link to a file not made yet: the file is made where it points.
    symlink("later", "\(directory)/dangling")
    try SavedFile.write([Array("x".utf8)], to: "\(directory)/dangling", terminator: 10)
    #expect(contents("\(directory)/later") == "x\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
        "dangling", "later", "link", "target",
      ])
  }

  /// An existing file keeps its permissions; a new one is the user's only.
  @Test func permissionsAreKept() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let shared = "\(directory)/shared"
    #expect(FileManager.default.createFile(atPath: shared, contents: Data()))
    chmod(shared, 0o644)
    try SavedFile.write([Array("a".utf8)], to: shared, terminator: 10)
    #expect(mode(shared) & 0o777 == 0o644)
    try SavedFile.write([Array("a".utf8)], to: "\(directory)/fresh", terminator: 10)
    #expect(mode("\(directory)/fresh") & 0o777 == 0o600)
  }

  /// A link planted where a predictable temporary name would be is never followed.
  @Test func aPlantedLinkIsNotFollowed() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let victim = "\(directory)/victim"
    #expect(FileManager.default.createFile(atPath: victim, contents: Data("precious\n".utf8)))
    let file = "\(directory)/history"
    symlink(victim, "\(file).mselect-\(getpid())")
    try SavedFile.write([Array("q".utf8)], to: file, terminator: 10)
    #expect(contents(victim) == "precious\n")
    #expect(contents(file) == "q\n")
  }

  /// Pickers saving their queries at once each add theirs: none is lost.
  @Test func concurrentUpdatesLoseNothing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = "\(directory)/history"
    let writers = 8
    let each = 15
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
      for k in 0..<each {
        do {
          try SavedFile.update(file, terminator: 10) { $0 + [Array("\(writer)-\(k)".utf8)] }
        } catch {
          Issue.record("\(error)")
        }
      }
    }
    let lines = contents(file)?.split(separator: "\n") ?? []
    #expect(lines.count == writers * each)
    #expect(Set(lines).count == writers * each)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["history"])
  }

  /// A file that cannot be saved is an error before anything is printed (exit 2, nothing on stdout),
  /// never after.
  @Test func anUnsavableFileFailsBeforePrinting() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for path in ["\(directory)/missing/remember", directory] {
      let result = try BinaryRunner.run(["--batch", "--select-all", "--remember", path], "a\nb\n")
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("mselect: cannot "))
    }
    let (picker, _) = try PickerProcess.started(
      ["--history", "\(directory)/no/such/dir"], lines: "a\n", columns: 80)
    #expect(picker.exitCode() == 2)
    #expect(picker.stdout.isEmpty)
  }
}
