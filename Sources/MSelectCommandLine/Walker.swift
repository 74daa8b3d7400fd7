import MSelectCore

/// fzf's built-in walker (`--walker`, `--walker-root`, `--walker-skip`): what mselect lists with
/// nothing piped in, as a `find` command whose names each end with a NUL.
///
/// As fzf 0.74 lists: files are anything but a directory (dangling links and links to devices
/// included; without `follow` a link to a directory is neither followed nor listed); directories end
/// with `/`; without `hidden` a directory whose name starts with `.` is not entered (files so named
/// are still listed); `.` is not listed itself, another root is (as a directory); below `.` names
/// are relative, below another root they start with the root as written (`./a` written as `a`).
/// With `hidden`, hidden entries (a name starting with `.`, or below one) come after the others, as
/// fzf's walker reaches them late: a second walk lists them.
package struct Walker: Sendable, Equatable {
  package var files = true
  package var directories = false
  package var follow = true
  package var hidden = true
  /// Where to walk from.
  package var roots = ["."]
  /// Directory names not entered.
  package var skip = [".git", "node_modules"]

  package init() {}

  /// `file,dir,follow,hidden` in any order and number (fzf's `--walker` value); nil for another word.
  package init?(kinds text: String) {
    files = false
    follow = false
    hidden = false
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      switch word {
      case "file": files = true
      case "dir": directories = true
      case "follow": follow = true
      case "hidden": hidden = true
      default: return nil
      }
    }
    guard files || directories else { return nil }
  }

  /// The `sh` command that lists what the walker lists.
  package var command: String {
    let walks = roots.map { walk(from: Walker.clean($0)) }
    return walks.count == 1 ? walks[0] : "{ " + walks.joined(separator: "; ") + "; }"
  }

  /// One root's `find`.
  private func walk(from root: String) -> String {
    let name = root == "." ? "%P" : "%p"
    // Only directories: `follow` lists a link to /dev/null, whose target is on devtmpfs.
    var pruned = ["-type d \\( -fstype sysfs -o -fstype devtmpfs -o -fstype proc \\)"]
    if !skip.isEmpty {
      pruned.append(
        "-type d \\( " + skip.map { "-name \(Walker.quoted($0))" }.joined(separator: " -o ") + " \\)")
    }
    var listed: [String] = []
    if directories { listed.append("-type d -printf '\(name)/\\0'") }
    if files { listed.append("! -type d ! -xtype d -printf '\(name)\\0'") }
    // A root other than `.` is listed itself when directories are (as fzf lists it).
    let itself =
      directories && root != "."
      ? "[ -d \(Walker.quoted(root)) ] && printf '%s/\\000' \(Walker.quoted(root)); " : ""
    func find(pruning more: String, listing test: String) -> String {
      "command find \(follow ? "-L" : "-P") \(Walker.quoted(root)) -mindepth 1 \\( "
        + (pruned + [more]).joined(separator: " -o ") + " \\) -prune -o " + test + "\\( "
        + listed.joined(separator: " -o ") + " \\) 2>/dev/null"
    }
    guard hidden else { return "{ " + itself + find(pruning: "-type d -name '.*'", listing: "") + "; }" }
    // The paths find reports below the root, as a pattern (`/` has none of its own before them).
    let below = root == "/" ? "" : Walker.globEscaped(root)
    let hiddenPath =
      "\\( -path \(Walker.quoted(below + "/.*")) -o -path \(Walker.quoted(below + "/*/.*")) \\) "
    return "{ " + itself + find(pruning: "-name '.*'", listing: "") + "; "
      + find(pruning: "-false", listing: hiddenPath) + "; }"
  }

  /// `text` with `find -path`'s pattern characters escaped.
  private static func globEscaped(_ text: String) -> String {
    var escaped = ""
    for c in text {
      if "*?[]\\".contains(c) { escaped.append("\\") }
      escaped.append(c)
    }
    return escaped
  }

  /// A root as fzf names what is below it: `./a/` is `a`, `a//b` is `a/b`, an empty one is `.`.
  static func clean(_ root: String) -> String {
    let absolute = root.hasPrefix("/")
    let parts = root.split(separator: "/").filter { $0 != "." }
    if parts.isEmpty { return absolute ? "/" : "." }
    return (absolute ? "/" : "") + parts.joined(separator: "/")
  }

  /// `text` in single quotes for `sh`.
  private static func quoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
