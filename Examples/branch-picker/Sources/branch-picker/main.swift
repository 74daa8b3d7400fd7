import Foundation
import MSelect

// branch-picker [-C DIR] [--switch] [--delete]
// Lists the repository's local branches in a picker on the terminal, each with its last commits in
// the preview pane, and prints the one picked (`--switch` also switches to it); `--delete` picks
// several (tab marks) and prints them, one per line.

/// A local branch: its name, and whether it is the one checked out.
struct Branch {
  var name: String
  var current: Bool
}

/// Runs git in `directory` and returns what it printed; nil if it failed.
func git(_ arguments: [String], in directory: String) -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["git", "-C", directory] + arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return nil }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
}

var arguments = Array(CommandLine.arguments.dropFirst())
var directory = "."
if let flag = arguments.firstIndex(of: "-C"), flag + 1 < arguments.count {
  directory = arguments[flag + 1]
  arguments.removeSubrange(flag...(flag + 1))
}
let switching = arguments.contains("--switch")
let deleting = arguments.contains("--delete")

guard let listing = git(["branch", "--format=%(HEAD) %(refname:short)"], in: directory) else {
  FileHandle.standardError.write(Data("branch-picker: \(directory) is not a git repository\n".utf8))
  exit(2)
}
let branches = listing.split(separator: "\n").map {
  Branch(name: String($0.dropFirst(2)), current: $0.hasPrefix("*"))
}

var picker = Picker(branches) { $0.current ? "\($0.name) (current)" : $0.name }
picker.prompt = "branch> "
// The header says what enter does: only --switch acts; the other modes print the names.
picker.header =
  deleting ? "tab marks, enter prints them" : switching ? "enter switches to it" : "enter prints the branch"
picker.height = .rows(12)
picker.preview = { branch in git(["log", "--oneline", "-8", branch.name], in: directory) ?? "" }
picker.previewPosition = .bottom
picker.bindings[.ctrl("a")] = [.selectAll]

do {
  if deleting {
    // The branch checked out cannot be deleted: it never opens marked, and is refused if marked.
    let picked = try picker.choose().filter { !$0.current }
    for branch in picked { print(branch.name) }
    exit(picked.isEmpty ? 1 : 0)
  }
  guard let branch = try picker.chooseOne() else { exit(1) }
  print(branch.name)
  if switching && git(["switch", branch.name], in: directory) == nil { exit(2) }
} catch .cancelled {
  exit(130)
} catch {
  FileHandle.standardError.write(Data("branch-picker: \(error)\n".utf8))
  exit(2)
}
