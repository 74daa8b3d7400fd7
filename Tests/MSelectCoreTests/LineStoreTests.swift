import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

@Suite struct LineStoreTests {
  /// Splits `input` fed in pieces of `chunk` bytes through a splitter with a tiny buffer.
  func split(_ input: [UInt8], chunk: Int, terminator: UInt8 = 10, bufferSize: Int = 16) -> [[UInt8]] {
    var splitter = LineSplitter(terminator: terminator, bufferSize: bufferSize)
    var store = LineStore()
    var offset = 0
    while offset < input.count {
      let piece = Array(input[offset..<min(input.count, offset + chunk)])
      splitter.append(piece)
      if let block = splitter.takeBlock(force: true) { store.append(block) }
      offset += chunk
    }
    if let block = splitter.finish() { store.append(block) }
    return (0..<store.count).map { store.lineBytes($0) }
  }

  @Test(arguments: [1, 2, 3, 7, 64, 1000])
  func linesSurviveAnySplitOfReads(chunk: Int) {
    let input = Array("one\n\ntwo\r\nthree\nlast".utf8)
    #expect(split(input, chunk: chunk) == ["one", "", "two\r", "three", "last"].map { Array($0.utf8) })
  }

  @Test func trailingTerminatorAddsNoEmptyLine() {
    #expect(split(Array("a\nb\n".utf8), chunk: 100) == [[0x61], [0x62]])
  }

  @Test func emptyInputHasNoLines() {
    #expect(split([], chunk: 1).isEmpty)
  }

  @Test func singleNewlineIsOneEmptyLine() {
    #expect(split([10], chunk: 1) == [[]])
  }

  @Test func nulTerminatedLinesKeepNewlines() {
    #expect(split(Array("a\nb\0c\0".utf8), chunk: 3, terminator: 0) == [Array("a\nb".utf8), [0x63]])
  }

  @Test func lineLongerThanTheBufferGrowsIt() {
    let long = [UInt8](repeating: 0x78, count: 100_000)
    #expect(split(long + [10, 0x79], chunk: 4096) == [long, [0x79]])
  }

  @Test func bytesAreKeptExactly() {
    let weird: [UInt8] = [0xFF, 0x1B, 0x5D, 0x00, 0xC3, 0x0D]
    #expect(split(weird + [10], chunk: 2) == [weird])
  }

  @Test func globalIndicesSpanBlocks() {
    var splitter = LineSplitter(terminator: 10, bufferSize: 8)
    var store = LineStore()
    for i in 0..<50 {
      splitter.append(Array("\(i)\n".utf8))
      if let block = splitter.takeBlock(force: i % 3 == 0) { store.append(block) }
    }
    if let block = splitter.finish() { store.append(block) }
    #expect(store.count == 50)
    #expect(store.blocks.count > 1)
    #expect((0..<50).allSatisfy { store.lineBytes($0) == Array("\($0)".utf8) })
  }

  /// A `--filter` through a pipe keeps only the blocks with matches, numbered with gaps between them:
  /// every line held is found in its block, whatever the number of blocks.
  @Test(arguments: [1, 2, 3, 4, 5, 8, 13, 40])
  func linesAreFoundAcrossBlocksWithGaps(blockCount: Int) {
    var store = LineStore()
    var held: [(index: Int, text: String)] = []
    var next = 3
    for b in 0..<blockCount {
      let texts = (0..<(1 + b % 4)).map { "b\(b)l\($0)" }
      var splitter = LineSplitter(terminator: 10, bufferSize: 64)
      splitter.append(Array(texts.map { $0 + "\n" }.joined().utf8))
      let made = splitter.finish()!
      let block = LineBlock(base: made.base, starts: made.starts, firstIndex: next, owner: made)
      store.append(after: block)
      for (k, text) in texts.enumerated() { held.append((next + k, text)) }
      next += texts.count + 1 + b % 3
    }
    #expect(store.blocks.count == blockCount)
    for (index, text) in held {
      #expect(store.lineBytes(index) == Array(text.utf8), "line \(index)")
    }
  }
}

@Suite struct MappedLinesTests {
  /// Builds a store over `bytes` as the mapped-file path does.
  func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    let owner = Holder(bytes)
    let store = MappedLines.store(UnsafeRawBufferPointer(owner.buffer), terminator: 10, owner: owner)
    return (0..<store.count).map { store.lineBytes($0) }
  }

  /// Owns a copy of the bytes, like a file mapping does.
  final class Holder {
    let buffer: UnsafeMutableRawBufferPointer
    init(_ bytes: [UInt8]) {
      buffer = .allocate(byteCount: max(bytes.count, 1), alignment: 16)
      bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
      if bytes.isEmpty { buffer[0] = 0 }
    }
    deinit { buffer.deallocate() }
  }

  @Test func lastLineWithoutTerminatorAndEmptyLines() {
    #expect(lines(Array("a\n\nb".utf8)) == [[0x61], [], [0x62]])
    #expect(lines(Array("a\n".utf8)) == [[0x61]])
  }

  @Test func largeInputsSpanSeveralBlocksInOrder() {
    let text = (0..<400_000).map { "line number \($0)\n" }.joined() + "tail"
    let result = lines(Array(text.utf8))
    #expect(result.count == 400_001)
    #expect(result[0] == Array("line number 0".utf8))
    #expect(result[399_999] == Array("line number 399999".utf8))
    #expect(result.last == Array("tail".utf8))
  }
}

@Suite struct RawScanTests {
  /// A candidate's line start, found eight bytes a step backward, is the byte after the last
  /// terminator before it (or where the search may start), for terminators at every distance and
  /// bytes that are the terminator plus or minus one, or have the top bit set (a carry in the word
  /// test would misplace them).
  @Test(arguments: [UInt8(10), 0])
  func lineStartsAreFoundEightBytesAtATime(terminator: UInt8) {
    var random = SparseScorerTests.Generator(state: 11)
    let others: [UInt8] = [terminator &+ 1, terminator &- 1, 0x80, 0xFF, 0x7F, 0x61, terminator ^ 0x80]
    for _ in 0..<300 {
      let bytes = (0..<random.next(70)).map { _ in
        random.next(9) == 0 ? terminator : others[random.next(others.count)]
      }
      bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for from in [0, bytes.count / 3] {
          for hit in from..<bytes.count {
            var expected = hit
            while expected > from && bytes[expected - 1] != terminator { expected -= 1 }
            #expect(RawScan.lineStart(base, from: from, before: hit, terminator) == expected)
          }
        }
      }
    }
  }

  /// Random text of more than one 1 MiB chunk, with rare z and q (so some queries are selective) and a
  /// last line without terminator; built once for all cases (it takes seconds in a debug build).
  static let text: [UInt8] = {
    var random = SparseScorerTests.Generator(state: 5)
    let alphabet = Array("aaab/ é")
    var text = ""
    while text.utf8.count < 9 << 18 {
      let line = (0..<random.next(60)).map { _ -> Character in
        switch random.next(300) {
        case 0: "z"
        case 1: "q"
        case 2: "û"
        // Forms of d with many lead bytes (the wide skip), and characters sharing those lead bytes.
        case 3: "ď"
        case 4: "Ｄ"
        case 5: "ḋ"
        case 6: "ą"
        case 7: "，"
        // Lead bytes between d's (C4 to CD) that begin no form of d: the skip's range takes them in.
        case 8: "ł"
        case 9: "ʃ"
        default: alphabet[random.next(alphabet.count)]
        }
      }
      text += String(line) + "\n"
    }
    text += "zq tail"
    return Array(text.utf8)
  }()

  /// Where `lines` (joined by newlines, and ended by one if `terminated`) start, as the in-place scan
  /// keeps them for `query` and as the matcher accepts them one by one.
  static func scanned(_ lines: [String], _ query: String, terminated: Bool) throws -> (
    found: [Int], expected: [Int]
  ) {
    let text = lines.joined(separator: "\n") + (terminated ? "\n" : "")
    let settings = try OptionParser.parse([]).searchSettings
    let pattern = settings.pattern(Array(query.utf8))
    var reference = Matcher(pattern: pattern)
    var expected: [Int] = []
    var start = 0
    for line in lines {
      if reference.match(Array(line.utf8)) != nil { expected.append(start) }
      start += line.utf8.count + 1
    }
    var matcher = Matcher(pattern: pattern)
    let found = Array(text.utf8).withUnsafeBufferPointer { buffer in
      RawScan.scan(
        buffer.baseAddress!, 0..<buffer.count, 10, &matcher, SearchPlan(pattern, ranking: settings.rank).rank,
        settings.fields
      ).starts
    }
    return (found, expected)
  }

  /// Three-byte letters beside others of their block of 64 (ạ and ẹ both begin `E1 BA`, the katakana
  /// here `E3 83` or `E3 82`): the in-place scan, whose byte verdict keys such letters at their second
  /// byte, keeps exactly the lines the matcher accepts one by one.
  @Test(arguments: ["ae", "ea", "ad", "da", "ファ", "イル", "ルフ", "ｄe", "zạ"])
  func threeByteLettersAreToldApart(query: String) throws {
    var random = SparseScorerTests.Generator(state: 11)
    let alphabet = Array("ạẹếđdaeｄ zファイルヴポ xyxyxy")
    var text = ""
    while text.utf8.count < 256 << 10 {
      text += String((0..<random.next(40)).map { _ in alphabet[random.next(alphabet.count)] }) + "\n"
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    let (found, expected) = try RawScanTests.scanned(lines, query, terminated: true)
    #expect(found.elementsEqual(expected), "\(found.count) lines kept, \(expected.count) match")
    #expect(!expected.isEmpty)
  }

  /// The byte verdict reads two bytes a turn: lines of every length up to 40, each holding the
  /// query's letters (or all but the last) at every place, so the terminator and the last letter fall
  /// on both bytes of a turn. Non-ASCII letters around them make the scan use the verdict's table.
  /// The in-place scan keeps exactly the lines the matcher accepts one by one.
  @Test(arguments: ["dat", "ä", "dä", "éi"])
  func theVerdictSettlesLinesAtEitherByteOfATurn(query: String) throws {
    var lines: [String] = []
    let letters = Array(query)
    for length in 0...40 {
      for place in 0...length {
        for drop in [false, true] {
          var line = Array(repeating: Character("ü"), count: length)
          let wanted = drop ? letters.dropLast() : letters[...]
          for (k, letter) in wanted.enumerated() where place + k < length { line[place + k] = letter }
          lines.append(String(line))
        }
      }
    }
    let (found, expected) = try RawScanTests.scanned(lines, query, terminated: true)
    #expect(found.elementsEqual(expected), "\(found.count) lines kept, \(expected.count) match")
    #expect(expected.count > 100)
  }

  /// A term that must end the line, over lines that mostly hold its characters (so the scan looks at
  /// line ends sixteen terminators at a time): lines ending in the letter in either case, in another
  /// letter, in whitespace (space, tab, CR), in a letter that folds to it (ś), in other non-ASCII
  /// letters, empty lines, lines across block boundaries, and a last line without a terminator. The
  /// in-place scan keeps exactly the lines the matcher accepts one by one.
  @Test(arguments: ["s$", "as$", "^s s$", "s$ !x", "ss$"])
  func lineEndsAreFoundSixteenTerminatorsAtATime(query: String) throws {
    var random = SparseScorerTests.Generator(state: 5)
    let bodies = ["as", "sa", "s", "", "xs", "ś", "é", "sx", "a s", "s\t", "s ", "s\r", "S", "aS", "ß"]
    var lines: [String] = []
    for _ in 0..<6_000 {
      let filler = String(repeating: "s", count: random.next(40))
      lines.append(filler + bodies[random.next(bodies.count)])
    }
    // The last line has no terminator.
    let (found, expected) = try RawScanTests.scanned(lines, query, terminated: false)
    #expect(found.elementsEqual(expected), "\(found.count) lines kept, \(expected.count) match")
    #expect(expected.count > 500)
  }

  /// The line-table-free filter finds and ranks exactly what the line store search does.
  @Test(arguments: [
    ("zq", [String]()), ("a", []), ("", []), ("^b", []), ("q$", []), ("az", ["--header-lines", "2"]),
    ("a", ["--tac"]), ("ab", ["--tiebreak", "end,begin"]), ("q", ["-d", " ", "--nth", "2"]),
    // Common characters but a rare ending: visited line by line.
    ("ab/$", []), ("^a ab/$", ["--tac"]), ("b/$ !é", []),
    // A rare character, then one of two bytes: ruled out or not from the bytes after the rare one.
    ("zé", []), ("qéa", []),
    // A rare two-byte character whose lead byte é shares: found first (the bytes after the skipped-to
    // one settle the line) or last (the line still gets the full pre-scan).
    ("ûa", []), ("ûé", []), ("aû", []),
    // Seven characters from the rare one on (the most the verdict's one-table check takes), and more.
    ("zab/aba", []), ("zaab/aéab", []),
    // d has nine lead bytes (ď, Ｄ, ḋ…), shared with ą and ，: only whole encodings are candidates;
    // the two-byte leads are looked for as one range, whose other bytes (ł, ʃ) are turned down.
    ("dz", []), ("db", []), ("zd", []), ("d", []), ("dł", []),
  ])
  func sameAsTheLineStoreSearch(query: String, arguments: [String]) throws {
    let bytes = RawScanTests.text
    let options = try OptionParser.parse(arguments.map { Array($0.utf8) })
    let holder = MappedLinesTests.Holder(bytes)
    let raw = UnsafeRawBufferPointer(holder.buffer)
    let store = MappedLines.store(raw, terminator: 10, owner: holder)
    let settings = options.searchSettings
    let plan = settings.plan(Array(query.utf8))
    let expected = Filter.ranked(plan, in: store, settings: settings).map { store.lineBytes($0) }
    let selective = [
      "zq", "az", "q$", "ab/$", "^a ab/$", "b/$ !é", "zé", "qéa", "ûa", "ûé", "aû", "zab/aba", "zaab/aéab",
      "dz", "zd",
    ].contains(query)
    if let (scan, lines) = RawScan.filter(raw, terminator: 10, plan: plan, settings: settings) {
      let found = lines.map { Array(scan.line($0)) }
      #expect(found == expected)
    } else {
      // Broad queries go to the line store search.
      #expect(!selective)
    }
  }
}
