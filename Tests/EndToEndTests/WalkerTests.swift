import Foundation
import Glibc
import Testing

/// The built-in walker (nothing piped in) with fzf's `--walker`, `--walker-root` and `--walker-skip`:
/// the listings fzf 0.74 gives for the same tree.
@Suite struct WalkerTests {
  /// A tree with a hidden directory and file, the skipped names, and links of every kind; its path.
  static let tree: String = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("mselect-walker-\(getpid())")
      .path
    try? FileManager.default.removeItem(atPath: root)
    for dir in ["a/b", ".hid/x", "node_modules/m", ".git/o", "sub"] {
      try? FileManager.default.createDirectory(atPath: "\(root)/\(dir)", withIntermediateDirectories: true)
    }
    for file in [
      "f1", "a/f2", "a/b/f3", ".hid/h1", ".hid/x/h2", "node_modules/m/nm", ".git/o/g", ".hfile", "sub/s",
    ] {
      FileManager.default.createFile(atPath: "\(root)/\(file)", contents: Data())
    }
    for (link, target) in [
      ("dangling", "nowhere"), ("devnull", "/dev/null"), ("linkdir", "a"), ("linkfile", "f1"),
    ] {
      symlink(target, "\(root)/\(link)")
    }
    return root
  }()

  /// What `mselect ARGUMENTS --filter ''` lists from the tree with nothing piped in, named from the
  /// tree (the root itself is ""), sorted (fzf's walk runs in parallel: its order is not fixed).
  func listing(_ arguments: [String]) throws -> [String] {
    let picker = try PickerProcess(
      ["--walker-root=\(Self.tree)"] + arguments + ["--filter", ""], stdinIsTerminal: true)
    _ = picker.waitForExit()
    let prefix = Self.tree + "/"
    return picker.stdout.split(separator: "\n").map {
      $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : "ROOT:" + $0
    }.sorted()
  }

  @Test(arguments: [
    (
      [String](),
      [
        ".hfile", ".hid/h1", ".hid/x/h2", "a/b/f3", "a/f2", "dangling", "devnull", "f1", "linkdir/b/f3",
        "linkdir/f2", "linkfile", "sub/s",
      ]
    ),
    (["--walker=file"], [".hfile", "a/b/f3", "a/f2", "dangling", "devnull", "f1", "linkfile", "sub/s"]),
    (["--walker=dir"], ["", "a/", "a/b/", "sub/"]),
    (
      ["--walker=file,dir"],
      [
        "", ".hfile", "a/", "a/b/", "a/b/f3", "a/f2", "dangling", "devnull", "f1",
        "linkfile", "sub/", "sub/s",
      ]
    ),
    (
      ["--walker=dir,follow,hidden"],
      ["", ".hid/", ".hid/x/", "a/", "a/b/", "linkdir/", "linkdir/b/", "sub/"]
    ),
    (
      ["--walker-skip=a,sub"],
      [
        ".git/o/g", ".hfile", ".hid/h1", ".hid/x/h2", "dangling", "devnull", "f1", "linkdir/b/f3",
        "linkdir/f2", "linkfile", "node_modules/m/nm",
      ]
    ),
  ])
  func listsAsFzfDoes(_ arguments: [String], _ expected: [String]) throws {
    #expect(try listing(arguments) == expected)
  }

  @Test func severalRootsAndTheirNames() throws {
    let picker = try PickerProcess(
      ["--walker-root", "\(Self.tree)/./a/", "\(Self.tree)//sub", "--walker=dir", "--filter", ""],
      stdinIsTerminal: true)
    _ = picker.waitForExit()
    #expect(
      picker.stdout.split(separator: "\n").sorted() == [
        "\(Self.tree)/a/", "\(Self.tree)/a/b/", "\(Self.tree)/sub/",
      ])
  }

  @Test func aWrongKindIsAnError() throws {
    let r = try BinaryRunner.run(["--walker=files", "--filter", ""], "")
    #expect(r.status == 2 && r.stderr.hasPrefix("mselect: "))
  }
}

/// The walk `**<TAB>` lists from the current directory: hidden entries after the others.
@Suite(.enabled(if: Tools.bash, "bash is not installed")) struct CompletionWalkTests {
  @Test func hiddenEntriesComeLast() throws {
    let script = """
      eval "$("$0" --bash)" 2>/dev/null
      cd "$1" && __mselect_walk_from . "" | tr '\\0' '\\n'
      """
    let r = try BinaryRunner.run(
      ["-c", script, BinaryRunner.binary.path, WalkerTests.tree],
      executable: URL(fileURLWithPath: "/bin/bash"))
    let names = r.text.split(separator: "\n").map(String.init)
    let hidden = names.filter { $0.hasPrefix(".") }
    #expect(!hidden.isEmpty && names.contains("a/f2"))
    #expect(Array(names.suffix(hidden.count)) == hidden, "\(names)")
  }
}
