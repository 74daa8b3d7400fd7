import Foundation
import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// The manual and the guide say what the option table says.
@Suite struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func read(_ path: String) throws -> String {
    try String(contentsOf: DocumentationTests.root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theCheckedInManPageIsCurrent() throws {
    // Regenerate with: swift run mselect --man-roff > docs/mselect.1
    #expect(try read("docs/mselect.1") == ManPage.roff(version: Version.current))
  }

  @Test func everyTableOptionIsParsedAndInTheGuide() throws {
    let guide = try read("docs/guide.md")
    for option in OptionTable.all {
      for name in option.names {
        var words = [name]
        if option.argument != nil {
          words.append(option.values.first(where: { $0 != OptionInfo.files }) ?? "1")
        }
        do {
          _ = try OptionParser.parse(words.map { Array($0.utf8) })
        } catch OptionError.unknownOption(let unknown) {
          Issue.record("the parser does not know \(unknown)")
        } catch {}
      }
      let long = option.names.filter { $0.hasPrefix("--") }
      #expect(
        long.contains { guide.contains("`\($0)") || guide.contains(", \($0)") },
        "the guide does not mention \(long)")
    }
  }

  /// `--preview-window`'s syntax is the same in `--help` (the table) and in the guide.
  @Test func thePreviewWindowSyntaxIsTheTables() throws {
    let guide = try read("docs/guide.md")
    let option = try #require(OptionTable.all.first { $0.names.contains("--preview-window") })
    #expect(guide.contains("`--preview-window \(option.help)`"))
  }

  /// Every action is named in the guide (as the README says: the guide has every action), as a
  /// word of its own (`toggle-preview-wrap` does not name `toggle-preview-wrap-word`).
  @Test func everyActionIsInTheGuide() throws {
    let guide = Array(try read("docs/guide.md").utf8)
    func isNamePart(_ byte: UInt8) -> Bool {
      (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "-")
    }
    func names(_ name: String) -> Bool {
      let word = Array(name.utf8)
      var start = 0
      while start + word.count <= guide.count {
        guard let at = guide[start...].firstRange(of: word)?.lowerBound else { return false }
        let end = at + word.count
        if (at == 0 || !isNamePart(guide[at - 1])) && (end == guide.count || !isNamePart(guide[end])) {
          return true
        }
        start = at + 1
      }
      return false
    }
    for action in Action.allCases {
      #expect(names(action.rawValue), "the guide does not name \(action.rawValue)")
    }
  }

  /// The options that change nothing are named in the guide (gum's have a row of their own).
  @Test func everyOptionThatChangesNothingIsInTheGuide() throws {
    let guide = try read("docs/guide.md")
    for name in OptionTable.ignoredNames {
      #expect(guide.contains("`\(name)`") || guide.contains("`\(name) "), "the guide does not list \(name)")
    }
  }

  /// fzf 0.74's negations, each accepted (fzf.vim and other callers pass them).
  @Test(arguments: [
    "--no-border-label", "--no-expect", "--no-footer", "--no-force-tty-in", "--no-header",
    "--no-header-lines",
    "--no-history", "--no-id-nth", "--no-literal", "--no-margin", "--no-padding", "--no-preview-label",
    "--no-print-query", "--no-print0", "--no-read0", "--no-reverse", "--no-tail", "--no-winpty",
    "--no-wrap-word",
    "--no-256", "--async", "--clear", "--extended-exact", "--force-tty-in",
  ])
  func fzfsNegationsAreAccepted(name: String) throws {
    _ = try OptionParser.parse([Array(name.utf8)], profile: .fzf)
  }

  @Test func negationsUndoTheirOptions() throws {
    let words = [
      "--margin", "1", "--padding", "2", "--expect", "ctrl-x", "--header", "h", "--print-query", "--read0",
    ]
    let undone = [
      "--no-margin", "--no-padding", "--no-expect", "--no-header", "--no-print-query", "--no-read0",
    ]
    let options = try OptionParser.parse((words + undone).map { Array($0.utf8) })
    #expect(
      options.picker.look.chrome.margin == Chrome.Spacing()
        && options.picker.look.chrome.padding == Chrome.Spacing())
    #expect(
      options.expect.isEmpty && options.picker.look.header == nil && !options.printQuery && !options.read0)
  }

  @Test func everyOptionInTheGuidesTableIsKnown() throws {
    let guide = try read("docs/guide.md")
    guard let start = guide.range(of: "## Options"), let end = guide.range(of: "## Coming from fzf") else {
      Issue.record("the guide has no Options section")
      return
    }
    let section = guide[start.upperBound..<end.lowerBound]
    let names = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
      row.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).filter { $0.hasPrefix("--") }
    }
    #expect(!names.isEmpty)
    for name in Set(names) {
      do {
        _ = try OptionParser.parse([Array(name.utf8), Array("1".utf8)])
      } catch OptionError.unknownOption(let unknown) {
        Issue.record("the guide names \(unknown), which the parser does not know")
      } catch {}
    }
  }
}
