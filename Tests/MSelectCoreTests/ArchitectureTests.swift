import Foundation
import Testing

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

  /// The modules a file imports.
  func imports(_ text: String) -> Set<String> {
    Set(
      text.split(separator: "\n").compactMap { line -> String? in
        let words = line.split(separator: " ")
        guard words.count == 2, words[0] == "import" else { return nil }
        return String(words[1])
      })
  }

  @Test func theCoreTalksToTheSystemOnlyThroughItsPlatformFolder() throws {
    for (path, text) in try files("MSelectCore") {
      var allowed: Set<String> = ["Dispatch", "Synchronization", "_Builtin_intrinsics.intel"]
      if path.hasPrefix("MSelectCore/Platform/") { allowed.insert("Glibc") }
      #expect(imports(text).isSubset(of: allowed), "\(path) imports \(imports(text).subtracting(allowed))")
    }
  }

  @Test func theExecutableOnlyWires() throws {
    let pipelines = [
      "SegmentFilter", "StreamingFilter", "InputOrderFilter", "RawScan", "PipeScan", "Search.",
    ]
    for (path, text) in try files("mselect") {
      #expect(imports(text).isSubset(of: ["MSelectCore", "MSelectTerminal"]), "\(path)")
      for name in pipelines { #expect(!text.contains(name), "\(path) names \(name)") }
    }
  }

  @Test func noFileIsLong() throws {
    for folder in ["MSelectCore", "MSelectTerminal", "mselect"] {
      for (path, text) in try files(folder) where !path.hasSuffix("UnicodeTables.swift") {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 600, "\(path) has \(lines) lines")
      }
    }
  }
}
