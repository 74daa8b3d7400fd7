import Testing

@testable import MSelectCore

@Suite struct QueryEditorTests {
  func editor(_ text: String, cursor: Int? = nil) -> QueryEditor {
    var e = QueryEditor(Array(text.utf8))
    if let cursor {
      _ = e.perform(.beginningOfLine)
      for _ in 0..<cursor { _ = e.perform(.forwardChar) }
    }
    return e
  }

  @Test func startsWithTheCaretAtTheEnd() {
    let e = editor("héllo")
    #expect(e.cursor == 5)
    #expect(e.bytes == Array("héllo".utf8))
  }

  @Test(arguments: [
    (Action.Edit.backwardDeleteChar, "foo bar", 7, "foo ba", 6),
    (.deleteChar, "foo bar", 0, "oo bar", 0),
    (.backwardKillWord, "foo bar", 7, "foo ", 4),
    (.killWord, "foo bar", 0, " bar", 0),
    (.unixWordRubout, "a/b c/d", 7, "a/b ", 4),
    (.unixLineDiscard, "foo bar", 4, "bar", 0),
    (.killLine, "foo bar", 3, "foo", 3),
    (.clearQuery, "foo", 1, "", 0),
    // fzf's subwords stop at camelCase humps and at `_`, `-`, `/` inside words.
    (.backwardKillSubword, "fooBar", 6, "foo", 3),
    (.backwardKillSubword, "foo_bar", 7, "foo_", 4),
    (.killSubword, "fooBar baz", 0, "Bar baz", 0),
    (.killSubword, "foo_bar", 0, "_bar", 0),
  ])
  func edits(action: Action.Edit, text: String, cursor: Int, expected: String, expectedCursor: Int) {
    var e = editor(text, cursor: cursor)
    #expect(e.perform(action) == true)
    #expect(e.bytes == Array(expected.utf8))
    #expect(e.cursor == expectedCursor)
  }

  @Test func movesDoNotChangeTheText() {
    var e = editor("foo bar")
    #expect(e.perform(.backwardWord) == false)
    #expect(e.cursor == 4)
    #expect(e.perform(.forwardWord) == false)
    #expect(e.cursor == 7)
    var sub = editor("src/fooBar")
    #expect(sub.perform(.backwardSubword) == false)
    #expect(sub.cursor == 7)
    #expect(sub.perform(.backwardSubword) == false)
    #expect(sub.cursor == 4)
    #expect(sub.perform(.forwardSubword) == false)
    #expect(sub.cursor == 7)
    #expect(sub.perform(.forwardSubword) == false)
    #expect(sub.cursor == 10)
  }

  @Test func yankInsertsWhatWasKilledLast() {
    var e = editor("foo bar")
    _ = e.perform(.backwardKillWord)
    _ = e.perform(.beginningOfLine)
    #expect(e.perform(.yank) == true)
    #expect(e.bytes == Array("barfoo ".utf8))
  }

  @Test func invalidBytesSurviveEditing() {
    var e = QueryEditor([0x61, 0xFF, 0x62])
    _ = e.perform(.backwardDeleteChar)
    #expect(e.bytes == [0x61, 0xFF])
  }
}

@Suite struct ViewportTests {
  @Test func scrollKeepsTheCursorAwayFromTheEdges() {
    var v = Viewport(rows: 20, columns: 40)
    v.move(by: 8, count: 100, cycle: false)
    v.clamp(count: 100, visible: 10, scrollOff: 3)
    #expect(v.cursor == 8)
    #expect(v.offset == 2)
    v.move(by: -7, count: 100, cycle: false)
    v.clamp(count: 100, visible: 10, scrollOff: 3)
    #expect(v.offset == 0)
  }

  @Test func cycleWrapsAndPagesStop() {
    var v = Viewport(rows: 20, columns: 40)
    v.move(by: -1, count: 5, cycle: true)
    #expect(v.cursor == 4)
    v.move(by: 10, count: 5, cycle: false)
    #expect(v.cursor == 4)
  }

  @Test func heightGrowsToFitAndNeverShrinks() {
    var v = Viewport(rows: 40, columns: 80)
    v.grow(toFit: 5, .percent(50))
    #expect(v.height == 5)
    v.grow(toFit: 3, .percent(50))
    #expect(v.height == 5)
    v.grow(toFit: 100, .percent(50))
    #expect(v.height == 20)
    v.grow(toFit: 3, .fullscreen)
    #expect(v.height == 40)
    #expect(Viewport(rows: 6, columns: 10).maxHeight(.percent(50)) == 6)
    #expect(Viewport(rows: 40, columns: 10).maxHeight(.lines(7)) == 7)
  }

  /// `--filepath-word`: a word is a path's component, spaces and dashes included (fzf's test).
  @Test func pathWordsStopAtSlashesOnly() {
    var editor = QueryEditor(Array("--/foo bar/foo-bar/baz".utf8))
    editor.pathWords = true
    for edit: Action.Edit in [
      .backwardWord, .backwardWord, .backwardWord, .killWord, .forwardWord, .backwardKillWord,
    ] {
      editor.perform(edit)
    }
    #expect(String(decoding: editor.bytes, as: UTF8.self) == "--///baz")
  }
}
