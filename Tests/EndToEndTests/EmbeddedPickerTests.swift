import Foundation
import Testing

/// Where `.ci/run` put the built example (nil: not built, the tests are skipped and say why).
private let branchPicker = ProcessInfo.processInfo.environment["MSELECT_BRANCH_PICKER"]

/// The example package `Examples/branch-picker` (a program on the `MSelect` library product) run in
/// a pseudo-terminal: `.ci/run` builds it and names the binary in `MSELECT_BRANCH_PICKER`.
@Suite(
  .serialized,
  .enabled(
    if: branchPicker != nil,
    "MSELECT_BRANCH_PICKER names no built Examples/branch-picker (.ci/run sets it)"))
struct EmbeddedPickerTests {
  /// A repository with branches `feature/login` and `fix/crash` at the first commit and `main`,
  /// checked out, one commit later.
  private static func repository() throws -> String {
    let directory = try temporaryDirectory()
    let steps = [
      ["init", "-q", "-b", "main"], ["commit", "-q", "--allow-empty", "-m", "first commit"],
      ["branch", "feature/login"], ["branch", "fix/crash"],
      ["commit", "-q", "--allow-empty", "-m", "second on main"],
    ]
    for step in steps {
      let git = Process()
      git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      git.arguments = ["git", "-C", directory, "-c", "user.name=t", "-c", "user.email=t@example.com"] + step
      try git.run()
      git.waitUntilExit()
      guard git.terminationStatus == 0 else { throw POSIXError(.EIO) }
    }
    return directory
  }

  private static func started(_ arguments: [String] = []) throws -> PickerProcess {
    try PickerProcess(["-C", try repository()] + arguments, executable: branchPicker)
  }

  @Test func typingNarrowsAndEnterPrintsTheBranch() throws {
    let picker = try Self.started()
    #expect(picker.waitFor("3/3"))
    #expect(picker.waitFor("fix/crash"))
    picker.type("crsh")
    #expect(picker.waitForScreen { $0.text.contains("1/3") && !$0.text.contains("feature/login") })
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "fix/crash\n")
    #expect(picker.sttySettings == picker.initialSettings)
  }

  @Test func thePreviewClosureShowsTheBranchUnderTheCursor() throws {
    let picker = try Self.started()
    #expect(picker.waitFor("main (current)"))
    // The first line is feature/login: its only commit is the first one.
    #expect(picker.waitForScreen { $0.text.contains("first commit") && !$0.text.contains("second on main") })
    picker.type("main")
    #expect(picker.waitFor("second on main"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "main\n")
  }

  @Test func aBoundKeyMarksAllAndTheChoiceComesInInputOrder() throws {
    let picker = try Self.started(["--delete"])
    #expect(picker.waitFor("main (current)"))
    picker.type("\u{01}")  // ctrl-a: bound to select-all by the example
    #expect(picker.waitFor("(3)"))
    picker.type("\r")
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "feature/login\nfix/crash\n")
  }

  @Test func escapeCancelsAndGivesTheTerminalBack() throws {
    let picker = try Self.started()
    #expect(picker.waitFor("3/3"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    #expect(picker.stdout.isEmpty)
    #expect(picker.sttySettings == picker.initialSettings)
  }

  /// Without a controlling terminal (a cron job, say) the picker throws `.terminal`, which the
  /// program reports; nothing is drawn anywhere.
  @Test func withoutATerminalThePickerSaysSo() throws {
    let result = try BinaryRunner.run(
      ["-C", try Self.repository()], withoutTerminal: true,
      executable: URL(fileURLWithPath: try #require(branchPicker)))
    let message = result.stderr
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      message.hasPrefix("branch-picker: no terminal to pick on: /dev/tty cannot be opened"), "\(message)")
  }
}
