import Testing

@testable import MSelectCore

/// The pair test before the halves test: sixteen places a step, it must find what a scan of each
/// two neighbouring bytes finds.
@Suite struct PairScanTests {
  private let fold = CharFold.table(.lowercase)
  private let pairs = CharFold.asciiPairs(.lowercase)

  private func scalars(_ s: String) -> (UInt32, UInt32) {
    let values = s.unicodeScalars.map(\.value)
    return (values[0], values[1])
  }

  /// Random lines of every length up to 40 (both sides of the sixteen-byte step and its tail),
  /// either case of a letter; a pair with a character past ASCII is in no ASCII line.
  @Test(arguments: [["ab", "ca", "bb"], ["ab", "ab", "ab"], ["éa", "xé", "c."]])
  func findsWhatAScanOfNeighboursFinds(wanted: [String]) {
    var random = SparseScorerTests.Generator(state: 7)
    let alphabet = Array("aAbBcC.x".utf8)
    let (first, second, third) = (scalars(wanted[0]), scalars(wanted[1]), scalars(wanted[2]))
    var held = 0
    for length in 0...40 {
      for _ in 0..<30 {
        let line = (0..<length).map { _ in alphabet[random.next(alphabet.count)] }
        let expected = line.indices.dropLast().contains { j in
          [first, second, third].contains { fold[Int(line[j])] == $0.0 && fold[Int(line[j + 1])] == $0.1 }
        }
        let found = line.withUnsafeBufferPointer { buffer in
          Scorer.ASCIIText(bytes: buffer.baseAddress!, fold: fold, pairs: pairs, count: length)
            .holdsPair(first, second, third)
        }
        #expect(found == expected, "\(wanted) in \(String(decoding: line, as: UTF8.self))")
        if expected { held += 1 }
      }
    }
    #expect(held > 100)
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
