import Foundation
import Testing

@testable import MSelectCore

/// What docs/architecture.md promises about the modules, read off the sources.
@Suite struct ArchitectureTests {
  static let sources = DocumentationTests.root.appendingPathComponent("Sources")

  /// Every Swift file under `folder` (relative to Sources), with its text.
  func files(_ folder: String) throws -> [(path: String, text: String)] {
    let base = ArchitectureTests.sources.appendingPathComponent(folder)
    let paths = try FileManager.default.subpathsOfDirectory(atPath: base.path).filter {
      $0.hasSuffix(".swift")
    }
    return try paths.sorted().map { path in
      (folder + "/" + path, try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8))
    }
  }

  /// The modules a file imports, read as the compiler reads an import: after attributes
  /// (`@preconcurrency`, `@testable`, `@_spi(…)`) and an access level (`package import`), indented
  /// under `#if`; a declaration's import (`import struct Glibc.stat`) names its module.
  func imports(_ text: String) -> Set<String> { ArchitectureTests.imports(text) }

  static func imports(_ text: String) -> Set<String> {
    let levels: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "open"]
    let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
    return Set(
      text.split(separator: "\n").compactMap { line -> String? in
        var words = line.split(separator: " ")[...]
        while let first = words.first, first.hasPrefix("@") || levels.contains(first) {
          words = words.dropFirst()
        }
        guard words.first == "import", var module = words.dropFirst().first else { return nil }
        if kinds.contains(module) {
          guard let path = words.dropFirst(2).first, let name = path.split(separator: ".").first else {
            return nil
          }
          module = name
        }
        return String(module)
      })
  }

  /// The reading of imports sees what a two-word reading missed.
  @Test(arguments: [
    ("import Glibc", "Glibc"), ("@preconcurrency import Glibc", "Glibc"), ("  import Dispatch", "Dispatch"),
    ("package import Foundation", "Foundation"),
    ("@_spi(X) public import Synchronization", "Synchronization"),
    ("import struct Foundation.Date", "Foundation"),
    ("import _Builtin_intrinsics.intel", "_Builtin_intrinsics.intel"),
  ])
  func importsAreReadAsTheCompilerReadsThem(line: String, module: String) {
    #expect(imports("// a comment\n" + line + "\nlet importance = 1\n") == [module])
  }

  @Test func theCoreTalksToTheSystemOnlyThroughItsPlatformFolder() throws {
    for (path, text) in try files("MSelectCore") {
      var allowed: Set<String> = ["Dispatch", "Synchronization", "_Builtin_intrinsics.intel"]
      if path.hasPrefix("MSelectCore/Platform/") { allowed.insert("Glibc") }
      #expect(imports(text).isSubset(of: allowed), "\(path) imports \(imports(text).subtracting(allowed))")
    }
  }

  /// The core hands errors back: it neither ends the process nor writes to its streams.
  @Test func theCoreNeverExitsOrPrints() throws {
    let calls = ["exit(", "_exit(", "abort(", "Swift.print(", "fputs(", "write(1,", "write(2,", "puts("]
    var seen = 0
    for (path, text) in try files("MSelectCore") {
      for line in text.split(separator: "\n") where !line.trimmingPrefix(while: { $0 == " " }).hasPrefix("//")
      {
        seen += 1
        for call in calls where line.contains(call) {
          Issue.record("\(path): \(line)")
        }
        // A bare `print(` is Swift's, unless it is an enum case's pattern or value (`.print(`).
        if line.contains("print(") && !line.contains(".print(") && !line.contains("case print(") {
          Issue.record("\(path): \(line)")
        }
      }
    }
    #expect(seen > 1000)
  }

  @Test func theCommandLineUsesOnlyTheCore() throws {
    for (path, text) in try files("MSelectCommandLine") {
      #expect(imports(text).isSubset(of: ["MSelectCore"]), "\(path) imports \(imports(text))")
    }
  }

  /// `Shared` and `Locked` are the only types that waive `Sendable` checking.
  @Test func sendableIsWaivedInTwoPlaces() throws {
    for folder in ["MSelectCore", "MSelectCommandLine", "MSelectTerminal", "MSelect", "mselect"] {
      for (path, text) in try files(folder) where text.contains("@unchecked Sendable") {
        #expect(
          path == "MSelectCore/Concurrency/Parallel.swift" || path == "MSelectCore/Platform/Locked.swift",
          "\(path) waives Sendable")
      }
    }
  }

  @Test func theExecutableOnlyWires() throws {
    let pipelines = [
      "SegmentFilter", "StreamingFilter", "InputOrderFilter", "RawScan", "PipeScan", "Search.",
    ]
    for (path, text) in try files("mselect") {
      #expect(
        imports(text).isSubset(of: ["MSelectCore", "MSelectCommandLine", "MSelectTerminal"]), "\(path)")
      for name in pipelines { #expect(!text.contains(name), "\(path) names \(name)") }
    }
  }

  /// The embedded picker is settings over the core, run by the terminal module: no system calls,
  /// and no command-line code.
  @Test func theEmbeddedPickerOnlyConfigures() throws {
    for (path, text) in try files("MSelect") {
      #expect(
        imports(text).isSubset(of: ["MSelectCore", "MSelectTerminal"]), "\(path) imports \(imports(text))")
    }
  }

  /// docs/architecture.md's table names every target of Package.swift, and no other.
  @Test func theArchitectureDocumentNamesEachTarget() throws {
    let root = ArchitectureTests.sources.deletingLastPathComponent()
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let document = try String(
      contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    // Every declaration but the tests', however it is wrapped.
    let declaration = try Regex(#"\.(?:target|executableTarget|plugin)\(\s*name:\s*"([^"]+)""#)
    let targets = Set(
      manifest.matches(of: declaration).compactMap { $0.output[1].substring.map(String.init) })
    // The first table is the targets' (the ones after it are folders).
    let table = document.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { !$0.hasPrefix("| target") }.prefix { $0.hasPrefix("|") }
    let rows = Set(
      table.compactMap { line -> String? in
        guard line.hasPrefix("| `") else { return nil }
        return line.split(separator: "`").dropFirst().first.map(String.init)
      })
    #expect(targets.count >= 6)
    #expect(rows == targets)
  }

  /// Every function reads at once: none over 80 lines, its declaration and closing brace counted,
  /// initialisers, subscripts and computed properties included (a body ends at the first closing
  /// brace at its declaration's indentation, which must be found). No comment exempts one.
  @Test(arguments: [
    "MSelectCore", "MSelectCommandLine", "MSelectTerminal", "MSelect", "mselect", "mselect-bench",
  ])
  func noFunctionIsLong(folder: String) throws {
    let declaration = try Regex(
      #"^( *)(?:@[A-Za-z]+(?:\([^)]*\))? +)*(?:(?:public|package|private|fileprivate|internal|open|static|final|override|mutating|nonmutating|convenience|required|lazy|nonisolated|(?:package |private |internal )?(?:private|package|internal)\(set\)) +)*(func|init\??|subscript|deinit|var)\b"#
    )
    for (path, text) in try files(folder) where !path.hasSuffix("UnicodeTables.swift") {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for (k, line) in lines.enumerated() {
        guard let match = line.firstMatch(of: declaration), let indent = match.output[1].substring,
          let kind = match.output[2].substring
        else { continue }
        // A stored property's initial value is no body; a body on the declaration's line is short.
        if kind == "var", !line.hasSuffix("{") || line.contains(" = ") { continue }
        if line.contains("{"), line.filter({ $0 == "{" }).count == line.filter({ $0 == "}" }).count {
          continue
        }
        // A declaration without a body (a protocol's requirement, a C function's) ends before any
        // brace: at a blank line or the next declaration.
        if !line.contains("{") {
          let next = lines[(k + 1)...].first {
            $0.contains("{") || $0.isEmpty || $0.firstMatch(of: declaration) != nil
          }
          guard let next, next.contains("{"), next.firstMatch(of: declaration) == nil else { continue }
        }
        let closing = indent + "}"
        let end = lines[(k + 1)...].firstIndex { $0 == closing || $0.hasPrefix(closing + ")") }
        #expect(end != nil, "\(path):\(k + 1): the end of \(line) is not found")
        let count = (end ?? k) - k + 1
        let name = line.dropFirst(indent.count).prefix { $0 != "(" && $0 != "{" && $0 != ":" }
        #expect(count <= 80, "\(path):\(k + 1): \(name) has \(count) lines")
      }
    }
  }

  /// The matcher is a configuration and a scratch: whatever a strategy needs goes in one of them,
  /// not beside them (it held thirty properties once, one per path through it).
  @Test func theMatcherIsAConfigurationAndAScratch() throws {
    let text = try String(
      contentsOf: ArchitectureTests.sources.appendingPathComponent("MSelectCore/Matching/Matcher.swift"),
      encoding: .utf8)
    let body = text.split(separator: "\n").drop { !$0.hasPrefix("public struct Matcher") }
      .prefix { $0 != "}" }
    let stored = body.filter { line in
      let words = line.dropFirst(2).split(separator: " ")
      guard line.hasPrefix("  "), !line.hasPrefix("   "),
        let at = words.firstIndex(where: { $0 == "var" || $0 == "let" })
      else { return false }
      return !line.contains("{") && !words[..<at].contains("static")
    }
    #expect(
      stored.map { $0.split(separator: ":")[0].split(separator: " ").last.map(String.init) ?? "" }
        == ["pattern", "config", "scratch"])
  }

  /// The picker's state is a few named parts, not a flat list of flags.
  @Test func thePickerStateHoldsFewParts() throws {
    let text = try String(
      contentsOf: ArchitectureTests.sources.appendingPathComponent("MSelectCore/Picker/PickerState.swift"),
      encoding: .utf8)
    let stored = text.split(separator: "\n").filter { line in
      let words = line.dropFirst(2).split(separator: " ")
      guard line.hasPrefix("  "), !line.hasPrefix("   "),
        let at = words.firstIndex(where: { $0 == "var" || $0 == "let" }),
        words[..<at].allSatisfy({ ["public", "package", "private", "internal(set)"].contains($0) })
      else { return false }
      // A computed property opens its body on its first line.
      return !line.contains("{") && !words.contains("static")
    }
    #expect(stored.count >= 10, "the count is read off the file: \(stored)")
    #expect(stored.count <= 20, "PickerState has \(stored.count) stored properties")
  }

  /// The screen draws the picker, never the other way round: no type of `Screen/` is named in
  /// `Picker/` (its settings, layout and state), outside comments.
  @Test func thePickerDoesNotReachIntoTheScreen() throws {
    let declared = try Regex(
      #"^(?:public |package |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol) ([A-Za-z]+)"#)
    var screenTypes: Set<String> = []
    for (_, text) in try files("MSelectCore/Screen") {
      for line in text.split(separator: "\n") {
        if let match = line.firstMatch(of: declared), let name = match.output[1].substring {
          screenTypes.insert(String(name))
        }
      }
    }
    #expect(screenTypes.contains("Renderer") && screenTypes.contains("ScreenPainter"))
    for (path, text) in try files("MSelectCore/Picker") {
      for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      {
        let words = Set(line.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        let named = words.intersection(screenTypes)
        #expect(named.isEmpty, "\(path) names \(named.sorted()): \(line)")
      }
    }
  }

  /// The picker's settings change only through `change(_:)` (a `SettingChange`): no other line of
  /// the state assigns to them (the compiler sees to outside writers: `settings` is
  /// `private(set)`).
  @Test func settingsChangeOnlyThroughSettingChange() throws {
    let assignment = try Regex(#"\bsettings(\.[A-Za-z]+)+ *(=|\+=|-=|\.append|\.insert|\.remove)[^=]"#)
    for (path, text) in try files("MSelectCore/Picker") where !path.hasSuffix("SettingChange.swift") {
      for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      {
        #expect(line.firstMatch(of: assignment) == nil, "\(path): \(line)")
      }
    }
  }

  /// The picker's settings are named groups, as `PickerState` is named parts: every stored property
  /// is a `…Settings` group, beside the initial query and the flavor.
  @Test func pickerSettingsAreNamedGroups() {
    let loose = Mirror(reflecting: PickerSettings()).children.compactMap { child -> String? in
      String(describing: type(of: child.value)).hasSuffix("Settings") ? nil : child.label
    }
    #expect(loose.sorted() == ["flavor", "query"])
  }

  /// Each action has a name of its own, and that name gives it back: the families cannot share one.
  @Test func everyActionNameIsItsOwn() {
    let names = Action.allCases.map(\.rawValue)
    #expect(Set(names).count == names.count)
    for action in Action.allCases { #expect(Action(rawValue: action.rawValue) == action) }
    #expect(Action(rawValue: "toggle") == .marking(.toggle))
    #expect(Action(rawValue: "kill-word") == .edit(.killWord))
    #expect(Action(rawValue: "no-such-action") == nil)
  }

  /// The action dispatch has no `default:`: a new action unhandled does not compile.
  @Test func theActionDispatchHasNoDefault() throws {
    let text = try String(
      contentsOf: ArchitectureTests.sources.appendingPathComponent(
        "MSelectCore/Picker/PickerState+Actions.swift"),
      encoding: .utf8)
    #expect(!text.contains("default:"))
    #expect(text.contains("switch action {"))
  }

  /// docs/library.md says how many declarations MSelectCore makes public: adding one is a choice
  /// the document must follow.
  @Test func thePublicDeclarationsAreTheOnesTheLibraryGuideCounts() throws {
    var count = 0
    for (_, text) in try files("MSelectCore") {
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
        if words.first == "public" { count += 1 }
      }
    }
    let guide = try String(
      contentsOf: DocumentationTests.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
    #expect(guide.contains("MSelectCore makes public \(count) declarations"), "\(count) public declarations")
  }

  @Test func noFileIsLong() throws {
    for folder in ["MSelectCore", "MSelectCommandLine", "MSelectTerminal", "MSelect", "mselect"] {
      for (path, text) in try files(folder) where !path.hasSuffix("UnicodeTables.swift") {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 600, "\(path) has \(lines) lines")
      }
    }
  }
}
