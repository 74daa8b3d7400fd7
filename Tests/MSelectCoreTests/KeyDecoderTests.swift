import Testing

@testable import MSelectCore

@Suite struct KeyDecoderTests {
  func decode(_ chunks: [[UInt8]]) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.feed($0) }
  }

  func decode(_ text: String) -> [Key] { decode([Array(text.utf8)]) }

  @Test(arguments: [
    ("\r", Key.enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{08}", .ctrl(0x68)), ("\u{01}", .ctrl(0x61)),
    ("\u{03}", .ctrl(0x63)), ("\u{0A}", .ctrl(0x6A)), ("\u{00}", .ctrlSpace), ("x", .char(0x78)),
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OH", .home), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp),
    ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .shiftTab), ("\u{1B}[1;2A", .shiftUp), ("\u{1B}[1;2B", .shiftDown),
    ("\u{1B}[1;3A", .altUp), ("\u{1B}[1;5D", .ctrlLeft), ("\u{1B}[1;5C", .ctrlRight),
    ("\u{1B}b", .alt(0x62)), ("\u{1B}a", .alt(0x61)), ("\u{1B}\u{7F}", .altBackspace),
    ("\u{1B}[15~", .function(5)), ("\u{1B}[1;5A", .special("ctrl-up")),
    ("\u{1B}[1;2H", .special("shift-home")),
    ("\u{1B}[3;5~", .special("ctrl-delete")), ("\u{1B}[1;7D", .special("ctrl-alt-left")),
    ("\u{1B}[1;4B", .special("alt-shift-down")), ("\u{1B}[6;3~", .special("alt-page-down")),
    ("\u{1B}\u{01}", .special("ctrl-alt-a")), ("\u{1B}[1;2C", .shiftRight),
    ("é", .char(0xE9)), ("日", .char(0x65E5)), ("😀", .char(0x1F600)),
  ])
  func singleKeys(text: String, key: Key) {
    #expect(decode(text) == [key])
  }

  @Test func severalKeysInOneRead() {
    #expect(decode("ab\u{1B}[A\r") == [.char(0x61), .char(0x62), .up, .enter])
  }

  @Test func sequencesSplitAcrossReads() {
    #expect(decode([[0x1B], [0x5B], [0x31, 0x3B], [0x32, 0x42]]) == [.shiftDown])
    #expect(decode([[0xC3], [0xA9]]) == [.char(0xE9)])
    #expect(decode([[0xF0, 0x9F], [0x98, 0x80]]) == [.char(0x1F600)])
  }

  @Test func loneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPendingEscape)
    #expect(decoder.flushEscape() == [.escape])
    #expect(!decoder.hasPendingEscape)
    #expect(decoder.flushEscape().isEmpty)
  }

  @Test func escapeFollowedByKeysIsAlt() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.feed([0x66]) == [.alt(0x66)])
  }

  @Test func doubleEscapeIsOneEscapeThenPending() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
    #expect(decoder.flushEscape() == [.escape])
  }

  @Test func bracketedPasteIsText() {
    #expect(
      decode("\u{1B}[200~a\rb\u{1B}[A\u{1B}[201~x") == [.paste(Array("a\rb\u{1B}[A".utf8)), .char(0x78)])
  }

  @Test func pasteSplitAnywhere() {
    let bytes = Array("\u{1B}[200~hello world\u{1B}[201~".utf8)
    for cut in 1..<bytes.count {
      #expect(decode([Array(bytes[..<cut]), Array(bytes[cut...])]) == [.paste(Array("hello world".utf8))])
    }
  }

  @Test(arguments: [
    ("\u{1B}[<64;10;5M", Key.mouse(MouseEvent(action: .wheel(up: true), row: 4, column: 9))),
    ("\u{1B}[<65;1;1M", .mouse(MouseEvent(action: .wheel(up: false), row: 0, column: 0))),
    ("\u{1B}[<0;3;7M", .mouse(MouseEvent(action: .press(.left), row: 6, column: 2))),
    ("\u{1B}[<0;3;7m", .mouse(MouseEvent(action: .release, row: 6, column: 2))),
    ("\u{1B}[<2;300;200M", .mouse(MouseEvent(action: .press(.right), row: 199, column: 299))),
    ("\u{1B}[<1;3;7M", .mouse(MouseEvent(action: .press(.middle), row: 6, column: 2))),
    ("\u{1B}[<4;3;7M", .mouse(MouseEvent(action: .press(.left), row: 6, column: 2, modified: true))),
    ("\u{1B}[<16;3;7M", .mouse(MouseEvent(action: .press(.left), row: 6, column: 2, modified: true))),
    ("\u{1B}[12;40R", .cursorReport(row: 12, column: 40)),
  ])
  func mouseReports(bytes: String, key: Key) {
    #expect(decode(bytes) == [key])
  }

  @Test(arguments: [
    "\u{1B}[<32;3;7M",  // motion
    "\u{1B}[<66;3;7M",  // horizontal wheel
    "\u{1B}[<0;0;7M",  // column 0 does not exist
    "\u{1B}[<0;3M",  // a field missing
    "\u{1B}[<0;3;99999999999999999999999M",  // overflow
    "\u{1B}[<0;3;7x",
  ])
  func malformedMouseReportsAreDropped(bytes: String) {
    #expect(decode(bytes).isEmpty)
  }

  @Test func unknownSequences() {
    #expect(decode("\u{1B}[99x") == [.unknown])
  }

  /// A terminal's answers to queries (left unread by a program before the picker, or late) are not
  /// keys: nothing of them reaches the query, whole or split across reads.
  @Test(arguments: [
    ["\u{1B}]11;rgb:0000/0000/0000\u{1B}\\x"], ["\u{1B}]10;rgb:ffff/ffff/ffff\u{07}x"],
    ["\u{1B}P>|xterm(390)\u{1B}\\x"], ["\u{1B}P1$r0m\u{1B}\\x"], ["\u{1B}P1+r696E646E=1B5B53\u{1B}\\x"],
    ["\u{1B}_Gi=1;OK\u{1B}\\x"], ["\u{1B}]11;rgb:00", "00/0000/0000\u{07}x"],
    ["\u{1B}]", "11;rgb:0\u{1B}", "\\x"],
    ["\u{1B}[?62;22c\u{1B}]4;1;rgb:cdcd/0000/0000\u{07}x"],
  ])
  func terminalAnswersAreNotKeys(chunks: [String]) {
    // A CSI answer (the device attributes here) is an unknown key, which no binding names.
    #expect(decode(chunks.map { Array($0.utf8) }).filter { $0 != .unknown } == [.char(0x78)])
  }

  /// ESC with `]`, `P` or `_` alone is still that alt key (once the ESC timeout says nothing follows),
  /// and so is one followed by what no answer begins with.
  @Test func altKeysThatMayBeginAnAnswer() {
    for introducer in ["]", "P", "_"] {
      var decoder = KeyDecoder()
      #expect(decoder.feed(Array("\u{1B}\(introducer)".utf8)).isEmpty)
      #expect(decoder.flushEscape() == [.alt(UInt32(introducer.utf8.first!))])
      #expect(decode("\u{1B}\(introducer)a") == [.alt(UInt32(introducer.utf8.first!)), .char(0x61)])
    }
  }

  /// An answer cut short by the ESC timeout is dropped, not typed.
  @Test func anUnfinishedAnswerIsDropped() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}]11;rgb:0000".utf8)).isEmpty)
    #expect(decoder.flushEscape() == [.unknown])
    #expect(decoder.feed([0x61]) == [.char(0x61)])
  }

  @Test func invalidUTF8IsDropped() {
    #expect(decode([[0xFF, 0x61]]) == [.char(0x61)])
  }

  @Test(arguments: [
    ("ctrl-a", Key.ctrl(0x61)), ("alt-b", .alt(0x62)), ("enter", .enter), ("btab", .shiftTab),
    ("shift-tab", .shiftTab),
    ("shift-down", .shiftDown), ("pgup", .pageUp), ("f5", .function(5)), ("x", .char(0x78)),
    ("space", .char(32)),
    ("esc", .escape),
  ])
  func keyNames(name: String, key: Key) {
    #expect(Key(name: name) == key)
  }

  @Test func unknownKeyNames() {
    #expect(Key(name: "ctrl-") == nil)
    #expect(Key(name: "hyper-x") == nil)
  }
}

@Suite struct KeyDecoderFuzzTests {
  /// Random bytes in random splits never trap, and plain text after them still decodes.
  @Test func randomBytesNeverBreakTheDecoder() {
    var random = SparseScorerTests.Generator(state: 99)
    for _ in 0..<300 {
      var decoder = KeyDecoder()
      let bytes = (0..<random.next(200)).map { _ in UInt8(random.next(256)) }
      var offset = 0
      while offset < bytes.count {
        let end = min(bytes.count, offset + 1 + random.next(16))
        _ = decoder.feed(Array(bytes[offset..<end]))
        offset = end
      }
      _ = decoder.flushEscape()
      // Close a paste the garbage may have opened, then check that keys decode again.
      _ = decoder.feed(Array("\u{1B}[201~".utf8))
      _ = decoder.flushEscape()
      #expect(decoder.feed([0x0D]).last == .enter)
    }
  }

  @Test func fzfKeyNamesForPunctuationAndAlt() {
    #expect(Key(name: "ctrl-/") == .ctrl(UInt8(ascii: "/")))
    #expect(Key(name: "alt-enter") == .alt(0x0D))
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1F]) == [.ctrl(UInt8(ascii: "/"))])
    #expect(decoder.feed([0x1B, 0x0D]) == [.alt(0x0D)])
  }

  /// Every key name fzf's configurations use, and the sequence that sends it, meet on one key.
  @Test(arguments: [
    ("ctrl-up", "\u{1B}[1;5A"), ("shift-alt-up", "\u{1B}[1;4A"), ("alt-shift-up", "\u{1B}[1;4A"),
    ("ctrl-alt-x", "\u{1B}\u{18}"), ("alt-ctrl-x", "\u{1B}\u{18}"), ("shift-del", "\u{1B}[3;2~"),
    ("ctrl-pgdn", "\u{1B}[6;5~"), ("ctrl-bspace", "\u{08}"), ("ctrl-h", "\u{08}"),
    ("shift-up", "\u{1B}[1;2A"),
    ("ctrl-left", "\u{1B}[1;5D"), ("alt-home", "\u{1B}[1;3H"), ("ctrl-shift-end", "\u{1B}[1;6F"),
  ])
  func namesMatchWhatTerminalsSend(name: String, sequence: String) {
    var decoder = KeyDecoder()
    #expect(Key(name: name) != nil)
    #expect(decoder.feed(Array(sequence.utf8)) == [Key(name: name)!])
  }
}
