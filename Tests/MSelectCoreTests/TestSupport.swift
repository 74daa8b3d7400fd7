import Glibc

@testable import MSelectCore

/// A store holding `lines` (given as text).
func store(_ lines: [String]) -> LineStore {
  LineStore(lines: lines.map { Array($0.utf8) })
}

/// The lines `query` selects from `lines`, best first, as text.
func filter(
  _ query: String, _ lines: [String], options: MatchOptions = MatchOptions(),
  rank: RankOptions = RankOptions()
)
  -> [String]
{
  let s = store(lines)
  return Search.run(Pattern(query, options: options), in: s, rank: rank).map { lines[$0] }
}

/// The score of one line, or nil when it does not match.
func score(_ query: String, _ line: String, options: MatchOptions = MatchOptions()) -> Int32? {
  var matcher = Matcher(pattern: Pattern(query, options: options))
  return Array(line.utf8).withUnsafeBytes { matcher.match($0)?.score }
}

/// The highlighted character positions of one line.
func positions(_ query: String, _ line: String) -> [Int]? {
  var matcher = Matcher(pattern: Pattern(query))
  return Array(line.utf8).withUnsafeBytes { matcher.positions($0) }
}

/// CPU seconds this thread spends in `body` (cost tests compare two sizes by it, a bound that holds
/// in debug and sanitizer builds too).
func cpuSeconds(_ body: () -> Void) -> Double {
  func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
  let start = now()
  body()
  return now() - start
}

/// `TypoSearch.holdsAHalf` for `term` in an ASCII `line`, read from its bytes and decoded: the two
/// readings take different paths (the bytes' pair scan and two chains) and must agree.
func holdsAHalfBothWays(_ term: [UInt32], _ line: [UInt8], _ scratch: TypoScratch) -> (
  ascii: Bool?, decoded: Bool?
) {
  let fold = CharFold.table(.lowercase)
  let pairs = CharFold.asciiPairs(.lowercase)
  let classes = ScalarClasses()
  let decoded = line.map { fold[Int($0)] }
  return term.withUnsafeBufferPointer { p in
    line.withUnsafeBufferPointer { bytes in
      decoded.withUnsafeBufferPointer { folded in
        let ascii = Scorer.ASCIIText(bytes: bytes.baseAddress!, fold: fold, pairs: pairs, count: line.count)
        let text = Scorer.Text(
          raw: folded.baseAddress!, folded: folded.baseAddress!, count: line.count,
          knownClasses: classes.table)
        return (TypoSearch.holdsAHalf(p, ascii, scratch), TypoSearch.holdsAHalf(p, text, scratch))
      }
    }
  }
}
