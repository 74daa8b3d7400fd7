import Testing

@testable import MSelectCore

/// Where the halves test reads: sixteen places a step, the pair scan must find what a scan of each
/// two neighbouring bytes finds, from any place on.
@Suite struct PairScanTests {
  private let fold = CharFold.table(.lowercase)
  private let pairs = CharFold.asciiPairs(.lowercase)

  private func scalars(_ s: String) -> (UInt32, UInt32) {
    let values = s.unicodeScalars.map(\.value)
    return (values[0], values[1])
  }

  /// Random lines of every length up to 40 (both sides of the sixteen-byte step and its tail),
  /// either case of a letter, each searched from every place; a pair with a character past ASCII is
  /// in no ASCII line.
  @Test(arguments: [["ab", "ca", "bb"], ["ab", "ab", "ab"], ["éa", "xé", "c."]])
  func findsWhatAScanOfNeighboursFinds(wanted: [String]) {
    var random = SparseScorerTests.Generator(state: 7)
    let alphabet = Array("aAbBcC.x".utf8)
    let (first, second, third) = (scalars(wanted[0]), scalars(wanted[1]), scalars(wanted[2]))
    var held = 0
    for length in 0...40 {
      for _ in 0..<30 {
        let line = (0..<length).map { _ in alphabet[random.next(alphabet.count)] }
        let starts = line.indices.dropLast().filter { j in
          [first, second, third].contains { fold[Int(line[j])] == $0.0 && fold[Int(line[j + 1])] == $0.1 }
        }
        line.withUnsafeBufferPointer { buffer in
          let text = Scorer.ASCIIText(bytes: buffer.baseAddress!, fold: fold, pairs: pairs, count: length)
          let scan = PairScan(text, first, second, third)
          for start in 0...length {
            let expected = starts.first { $0 >= start } ?? length
            #expect(
              scan.next(from: start) == expected, "\(wanted) in \(String(decoding: line, as: UTF8.self))")
          }
        }
        if !starts.isEmpty { held += 1 }
      }
    }
    #expect(held > 100)
  }

  /// Lines made of a term's own letters hold its pairs in many places, runs overlapping and
  /// following each other: the pass that reads only from each pair on sees what the decoded line's
  /// pass over every character sees.
  @Test(arguments: ["share", "abcd", "debepar", "aabaab"])
  func halvesOnLinesFullOfPairsAgreeWithTheDecodedLine(term: String) {
    let scratch = TypoScratch(sightings: nil)
    let chars = Array(term.unicodeScalars.map(\.value))
    let alphabet = Array(Set(term.utf8)).sorted() + [UInt8(ascii: "-")]
    var random = SparseScorerTests.Generator(state: 11)
    var held = 0
    for length in 0...80 {
      for _ in 0..<20 {
        let line = (0..<length).map { _ in alphabet[random.next(alphabet.count)] }
        let (ascii, decoded) = holdsAHalfBothWays(chars, line, scratch)
        #expect(ascii == decoded, "\(term) in \(String(decoding: line, as: UTF8.self))")
        if decoded == true { held += 1 }
      }
    }
    #expect(held > 100, "\(held) lines hold a half")
  }

  /// A term of four or five characters (its halves two and two or three): the swapped term starts
  /// with its first and third characters. Each piece planted at every place of short and long lines
  /// is seen as the decoded line (no pair test) sees it.
  @Test(arguments: ["share", "abcd"])
  func shortTermsHalvesAgreeWithTheDecodedLine(term: String) {
    let scratch = TypoScratch(sightings: nil)
    let chars = Array(term.unicodeScalars.map(\.value))
    let h = chars.count / 2
    var swapped = Array(term)
    swapped.swapAt(h - 1, h)
    let pieces = [String(term.prefix(h)), String(term.dropFirst(h)), String(swapped), "x" + term.dropFirst()]
    var held = 0
    for piece in pieces {
      for length in [piece.count, 16, 17, 18, 33] {
        for place in 0...(length - piece.count) {
          var line = Array(repeating: UInt8(ascii: "y"), count: length)
          line.replaceSubrange(place..<(place + piece.count), with: Array(piece.uppercased().utf8))
          let (ascii, decoded) = holdsAHalfBothWays(chars, line, scratch)
          #expect(ascii == decoded, "\(piece) at \(place) of \(length)")
          if decoded == true { held += 1 }
        }
      }
    }
    #expect(held > 100)
  }
}
