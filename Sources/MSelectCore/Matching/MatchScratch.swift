/// What matching a line writes to, kept from line to line: the line decoded and folded, the classes
/// of the non-ASCII characters met, the typo search's buffers and the exact terms' passes.
struct MatchScratch {
  /// The decoded line, one value per character.
  let raw = ScratchBuffer<UInt32>()
  /// The decoded line folded (`foldedMode` says how).
  let folded = ScratchBuffer<UInt32>()
  /// The characters in `raw`.
  var count = 0
  /// How `folded` is folded; nil when it holds another line's folding.
  private var foldedMode: CharFold.Mode?
  /// Made on the first non-ASCII line: most searches never need it.
  private var scalarClasses: ScalarClasses?
  /// Made when a term forgives typing mistakes (`--typos`).
  let typos: TypoScratch?
  /// The same, handed to the typo search for every line unretained (`typos` keeps it alive): a
  /// retain and a release a line were 5 % of `fierfox`'s time.
  let typosRef: Unmanaged<TypoScratch>?
  /// What the pass of the exact terms found on the line being matched, one a `--nth` piece.
  var exactPasses: [ExactScanPass] = []

  init(typos: TypoScratch?) {
    self.typos = typos
    typosRef = typos.map { Unmanaged.passUnretained($0) }
  }

  /// The classes of the non-ASCII scalars met so far.
  mutating func knownClasses() -> UnsafeMutablePointer<UInt8> {
    if let scalarClasses { return scalarClasses.table }
    let made = ScalarClasses()
    scalarClasses = made
    return made.table
  }

  /// The line `decode` left, as the scorer reads it (folded as `decode` folded it).
  mutating func decodedText() -> Scorer.Text {
    Scorer.Text(raw: raw.base, folded: folded.base, count: count, knownClasses: knownClasses())
  }

  /// The line `decode` left, folded for `mode` (folded again only when another term folded it
  /// another way).
  mutating func decodedText(folding mode: CharFold.Mode) -> Scorer.Text {
    let n = count
    let out = folded.reserve(max(n, 1))
    if foldedMode != mode {
      let table = CharFold.table(mode)
      let input = raw.base
      for j in 0..<n { out[j] = CharFold.fold(input[j], table) }
      foldedMode = mode
    }
    return Scorer.Text(raw: raw.base, folded: out, count: n, knownClasses: knownClasses())
  }

  /// Decodes the line into `raw` (one value per character); with a table, also folds it into `folded`
  /// in the same pass (a term's own folding), else forgets the previous folding.
  @inline(__always)
  mutating func decode(_ line: UnsafeRawBufferPointer, folding table: UnsafePointer<UInt32>? = nil) {
    let n = line.count
    let out = raw.reserve(max(n, 1))
    let folded = self.folded.reserve(max(n, 1))
    foldedMode = nil
    guard n > 0 else {
      count = 0
      return
    }
    let p = line.baseAddress!.assumingMemoryBound(to: UInt8.self)
    let bytes = UnsafeRawPointer(p)
    let lowers = table.map(CharFold.lowersASCII) ?? false
    var i = 0
    var k = 0
    while i < n {
      // Eight ASCII bytes at once: most of a non-ASCII line is ASCII, and one test of eight spares a
      // branch per byte.
      if i &+ 8 <= n {
        let eight = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        if eight & 0x8080_8080_8080_8080 == 0 {
          @inline(__always) func widened(_ word: UInt64) -> SIMD8<UInt32> {
            SIMD8<UInt32>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD8<UInt8>.self))
          }
          UnsafeMutableRawPointer(out + k).storeBytes(of: widened(eight), as: SIMD8<UInt32>.self)
          if table != nil {
            // Bytes at or past "A" and not past "Z" gain 0x20 (SWAR: no byte carries into the next).
            let ones: UInt64 = 0x0101_0101_0101_0101
            let upper = (eight &+ ones &* 0x3F) & ~(eight &+ ones &* 0x25) & 0x8080_8080_8080_8080
            let lowered = lowers ? eight | upper >> 2 : eight
            UnsafeMutableRawPointer(folded + k).storeBytes(of: widened(lowered), as: SIMD8<UInt32>.self)
          }
          i &+= 8
          k &+= 8
          continue
        }
      }
      let b = p[i]
      let c: UInt32
      if b < 0x80 {
        c = UInt32(b)
        i += 1
      } else {
        let (scalar, length) = UTF8Decoding.decode(p, i, n)
        c = scalar
        i += length
      }
      out[k] = c
      if let table { folded[k] = CharFold.fold(c, table) }
      k += 1
    }
    count = k
  }
}
