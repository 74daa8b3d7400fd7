import Foundation
import Testing

@testable import MSelectCore

/// The key table is the one place the default keys are written: the bindings, `--help`, the manual
/// and the guide are made from it.
@Suite struct DefaultKeysTests {
  @Test func everyNameIsAKeyNamedOnceAndShownInItsRow() {
    var seen: Set<Key> = []
    for row in DefaultKeys.table {
      for (name, _) in row.bindings {
        let key = Key(name: name)
        #expect(key != nil, "\(name) is no key")
        if let key { #expect(seen.insert(key).inserted, "\(name) is bound twice") }
        if !name.contains("click") && !name.hasPrefix("scroll") {
          #expect(row.names.contains(name), "\(row.names) does not name \(name)")
        }
      }
    }
    #expect(DefaultKeys.bindings.count == seen.count)
  }

  /// The guide's key table is the table's, row for row.
  @Test func theGuideShowsTheTable() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let guide = try String(contentsOf: root.appendingPathComponent("docs/guide.md"), encoding: .utf8)
    #expect(
      guide.contains(DefaultKeys.markdown + "\n"),
      "docs/guide.md's key table is not:\n\(DefaultKeys.markdown)")
  }
}
