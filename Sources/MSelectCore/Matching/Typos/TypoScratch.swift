/// Scratch memory and per-term tables of the typo search, one per matcher (so one per thread), and
/// how the matcher ranks a run with mistakes (see `TypoSightings`).
final class TypoScratch {
  /// The search's sightings; nil when a run with mistakes gains no tier.
  private let sightings: TypoSightings?
  /// The same, read for every line without being retained (`sightings` keeps it alive): a retain a
  /// line cost `fierfox` 14 % of its time.
  private unowned(unsafe) let shared: TypoSightings?
  /// What a run with mistakes gains while it gains its tier (0: never).
  private let tier: Int32
  /// Whether a run with mistakes gains its tier, when the search has settled it; nil while the
  /// search goes (it gains it until a line holds a term as typed).
  private let settled: Bool?
  /// Set once this matcher has seen a term as typed (the shared flag is not read again).
  private var sawRun = false
  /// Whether the line being matched holds a term as typed, while that waits for the line to match
  /// the whole query (`defersSightings`).
  private var lineSaw = false
  /// A query of several terms records a sighting only for a line that matches all of them
  /// (`lineMatched`): what a search saw then depends on its matches alone, not on which other lines
  /// it looked at, so a search within an earlier query's matches ranks as a search of every line.
  var defersSightings = false

  init(sightings: TypoSightings?, runsFirst settled: Bool? = nil) {
    self.sightings = sightings
    shared = sightings
    tier = sightings?.tier ?? 0
    self.settled = settled
  }

  /// What a line gains for a run with mistakes now: the tier, or 0.
  @inline(__always)
  var runTier: Int32 {
    if let settled { return settled ? tier : 0 }
    if tier == 0 || sawRun { return 0 }
    if shared.unsafelyUnwrapped.sawTermAsTyped {
      sawRun = true
      return 0
    }
    return tier
  }

  /// Whether the search goes, and lines are looked at for a term held as typed.
  var watches: Bool { settled == nil }

  /// Records that a line holds a term as typed (while the search goes).
  func recordTermAsTyped() {
    guard settled == nil else { return }
    if defersSightings {
      lineSaw = true
      return
    }
    sawRun = true
    shared?.recordTermAsTyped()
  }

  /// A new line's terms are about to be matched (a query of several terms).
  func startLine() { lineSaw = false }

  /// The line matched the whole query: what its terms saw is recorded.
  func lineMatched() {
    guard lineSaw else { return }
    lineSaw = false
    sawRun = true
    shared?.recordTermAsTyped()
  }

  let forward = ScratchBuffer<Int>()
  let backward = ScratchBuffer<Int>()
  let variant = ScratchBuffer<UInt32>()
  /// A variant's places (`TypoSearch.strewnScore`).
  let variantPlaces = ScratchBuffer<Int>()
  /// Three columns of `closestRunByTable`'s table: edits, then where the run starts.
  let edits = ScratchBuffer<Int32>()
  let starts = ScratchBuffer<Int32>()
  /// The edit table of a run and the term (`TypoSearch.alignmentTable`).
  let table = ScratchBuffer<Int32>()
  /// The term the tables below were made for, by its characters' address: a matcher's terms keep
  /// their characters in place, so a line after line asks about the same one in O(1).
  private var term: (base: UnsafePointer<UInt32>?, count: Int, last: UInt32) = (nil, -1, 0)
  /// The pairs of neighbouring characters of the term, one bit each in a 128 × 128 table of ASCII
  /// characters; nil when the term has a character past ASCII.
  private(set) var pairTable: [UInt64]?
  /// For each ASCII character, a bit for each place of the term that holds it.
  private let charMasks = UnsafeMutablePointer<UInt64>.allocate(capacity: 128)
  /// The same for the term's characters past ASCII.
  private var otherMasks: [(UInt32, UInt64)] = []
  /// For each byte, `charMasks` of what it folds to under `byteFold` (an ASCII line's bytes are
  /// looked up directly).
  private let byteMasks = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
  private var byteFold: UnsafePointer<UInt32>?
  /// `byteMasks` laid out for `TypoSearch.holdsAHalf` (each mask and, higher up, the swapped term's),
  /// for the fold `halvesFold`.
  private let halvesMasks = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
  private var halvesFold: UnsafePointer<UInt32>?
  /// Whether the masks apply: the term has at most 64 characters.
  private(set) var hasMasks = false
  /// Whether the held-places test runs before the left-out count (for the term now).
  var heldGate = PrefilterGate()

  deinit {
    charMasks.deallocate()
    byteMasks.deallocate()
    halvesMasks.deallocate()
  }

  /// Makes the tables for `pattern` unless they are made.
  @inline(__always)
  func prepare(_ pattern: UnsafeBufferPointer<UInt32>) {
    if term.base == pattern.baseAddress && term.count == pattern.count && term.last == pattern.last { return }
    remake(pattern)
  }

  private func remake(_ pattern: UnsafeBufferPointer<UInt32>) {
    term = (pattern.baseAddress, pattern.count, pattern.last ?? 0)
    heldGate = PrefilterGate()
    byteFold = nil
    halvesFold = nil
    if pattern.allSatisfy({ $0 < 0x80 }) {
      var table = [UInt64](repeating: 0, count: 128 * 128 / 64)
      for k in 1..<max(pattern.count, 1) {
        let index = Int(pattern[k - 1]) * 128 + Int(pattern[k])
        table[index >> 6] |= 1 << UInt64(index & 63)
      }
      pairTable = table
    } else {
      pairTable = nil
    }
    hasMasks = pattern.count <= 64
    charMasks.initialize(repeating: 0, count: 128)
    var others: [UInt32: UInt64] = [:]
    for (k, c) in pattern.enumerated() where hasMasks {
      if c < 0x80 { charMasks[Int(c)] |= 1 << UInt64(k) } else { others[c, default: 0] |= 1 << UInt64(k) }
    }
    otherMasks = others.map { ($0.key, $0.value) }
  }

  /// The places of the term (see `prepare`) that hold the folded character `c`.
  @inline(__always)
  func mask(_ c: UInt32) -> UInt64 {
    if c < 0x80 { return charMasks[Int(c)] }
    for (d, bits) in otherMasks where d == c { return bits }
    return 0
  }

  /// For each byte of an ASCII line folded by `fold`, the places of the term that hold it.
  @inline(__always)
  func byteMasks(folding fold: UnsafePointer<UInt32>) -> UnsafePointer<UInt64> {
    if byteFold != fold {
      for b in 0..<256 { byteMasks[b] = b < 0x80 ? mask(fold[b]) : 0 }
      byteFold = fold
    }
    return UnsafePointer(byteMasks)
  }

  /// `byteMasks` with `layout` applied to each (`TypoSearch.holdsAHalf`'s, the same for a term).
  @inline(__always)
  func halvesMasks(folding fold: UnsafePointer<UInt32>, _ layout: (UInt64) -> UInt64) -> UnsafePointer<UInt64>
  {
    if halvesFold != fold {
      let masks = byteMasks(folding: fold)
      for b in 0..<256 { halvesMasks[b] = layout(masks[b]) }
      halvesFold = fold
    }
    return UnsafePointer(halvesMasks)
  }
}
