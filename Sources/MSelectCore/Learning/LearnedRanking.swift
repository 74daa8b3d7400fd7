import Synchronization

/// What a search that learns needs: the store read at start, its secret and the time, and per query
/// the points each learned line gains (docs/algorithm.md, "Learned ranking", says why these).
package final class LearnedRanking: Sendable {
  package let store: LearnedStore
  package let hasher: KeyedHash
  /// Seconds since 1970, fixed for the run (the weights are aged to it).
  package let now: Int64
  private let cache = Mutex<(query: [UInt8], boosts: LearnedBoosts)?>(nil)

  package init(store: LearnedStore, hasher: KeyedHash, now: Int64) {
    self.store = store
    self.hasher = hasher
    self.now = now
  }

  /// The same, without what was learned of `line`.
  package func forgetting(_ line: [UInt8]) -> LearnedRanking {
    var store = store
    store.forget(hasher.hash(line))
    return LearnedRanking(store: store, hasher: hasher, now: now)
  }

  /// Whether `line` was learned (what `--learn-marker` marks).
  package func knows(_ line: UnsafeRawBufferPointer) -> Bool {
    !store.entries.isEmpty && store.entries[hasher.hash(line)] != nil
  }

  /// The most points a line gains for a query of `characters` characters: 16 a character, what
  /// fzf's scores give a matching character, and 16 more. A poor match (scattered, mid-word) scores
  /// about 10 a character and an excellent one (consecutive, at word starts) about 24 plus 8: only a
  /// line picked often, with this query, closes that gap.
  package static func cap(characters: Int) -> Double { Double(16 * characters + 16) }

  /// The points of a query that ranks nothing (empty, or negations only), where only learned lines
  /// are ordered: by their strength, finely.
  package static let emptyQueryScale = 1000.0

  /// How strongly a line pulls at a pick count of `weight`: 1 pick a tenth, 3 picks half, 5 picks
  /// three quarters, 10 picks 0.92, never 1. One pick settles ties and near-ties; only a habit
  /// moves a line past clearly better matches.
  package static func strength(_ weight: Double) -> Double { weight * weight / (weight * weight + 9) }

  /// The points each learned line gains for `query` (cached for the last query asked).
  package func boosts(for query: [UInt8], ranksNothing: Bool) -> LearnedBoosts {
    if let cached = cache.withLock({ $0 }), cached.query == query, cached.boosts.ranksNothing == ranksNothing
    {
      return cached.boosts
    }
    let boosts = makeBoosts(query, ranksNothing: ranksNothing)
    cache.withLock { $0 = (query, boosts) }
    return boosts
  }

  private func makeBoosts(_ query: [UInt8], ranksNothing: Bool) -> LearnedBoosts {
    let normal = LearnedQuery.normalized(query)
    let queryHash = normal.isEmpty ? nil : hasher.hash(Array(normal.utf8), domain: LearnedQuery.domain)
    let cap = LearnedRanking.cap(characters: normal.count)
    var points: [UInt64: Int32] = [:]
    var tags: [UInt16] = []
    // The lines picked most and next most often with this query (decayed counts).
    var most: (hash: UInt64, count: Double)?
    var next = 0.0
    for (hash, entry) in store.entries {
      let left = LearnedStore.decay(from: entry.time, to: now)
      let weight = entry.weight * left
      guard weight > 0 else { continue }
      let strength = LearnedRanking.strength(weight)
      let gain: Double
      if ranksNothing {
        gain = strength * LearnedRanking.emptyQueryScale
      } else {
        let picked = queryHash.map { entry.count(of: $0) * left } ?? 0
        let fit = min(1, picked / weight)
        gain = cap * strength * (0.3 + 0.7 * fit)
        if picked > (most?.count ?? 0) {
          next = most?.count ?? 0
          most = (hash, picked)
        } else {
          next = max(next, picked)
        }
      }
      let rounded = Int32(gain.rounded())
      if rounded > 0 {
        points[hash] = rounded
        tags.append(entry.tag)
      }
    }
    // The one picked every time: with this query at least `favoriteCount` times and more often than
    // any other line, it comes first whatever the scores (docs/algorithm.md).
    if let most, most.count >= LearnedRanking.favoriteCount, most.count > next, points[most.hash] != nil {
      points[most.hash] = LearnedBoosts.favorite
    }
    return LearnedBoosts(points: points, tags: tags, hasher: hasher, ranksNothing: ranksNothing)
  }

  /// The decayed picks with a query that make a line its favorite (`LearnedBoosts.favorite`).
  package static let favoriteCount = 3.0
}

/// The points learned lines gain for one query; looked up by the line's keyed hash.
package struct LearnedBoosts: Sendable {
  package let table: PointsTable
  package let hasher: KeyedHash
  /// Made for a query that ranks nothing (the points order learned lines by strength alone).
  package let ranksNothing: Bool

  package init(points: [UInt64: Int32], tags: [UInt16], hasher: KeyedHash, ranksNothing: Bool) {
    table = PointsTable(points, tags: tags)
    self.hasher = hasher
    self.ranksNothing = ranksNothing
  }

  /// Whether no line gains anything.
  package var isEmpty: Bool { table.count == 0 }

  /// The points of the line picked most often with the query: it ranks first.
  package static let favorite = Int32.max

  /// The points `line` gains (0 for a line never picked). Most lines are told apart by their tag
  /// alone; only a line whose tag a learned line has is hashed whole.
  @inline(__always)
  package func points(for line: UnsafeRawBufferPointer) -> Int {
    guard table.mayHold(tag: hasher.tag(line)) else { return 0 }
    return Int(table[hasher.hash(line)])
  }
}

/// Points by line hash in an open-addressed table (hashes are uniform already: their low bits are
/// the slot), probed on every matching line of a search that learns: one or two loads, no hashing
/// of the hash as a dictionary would.
package final class PointsTable: Sendable {
  /// Written once here, then only read (from any thread).
  private let slots:
    Shared<(keys: UnsafeMutableBufferPointer<UInt64>, values: UnsafeMutableBufferPointer<Int32>)>
  /// A bit per 16-bit tag, set for the learned lines' tags (8 KiB, in the first-level cache).
  private let tagBits: Shared<UnsafeMutableBufferPointer<UInt64>>
  private let mask: Int
  package let count: Int

  init(_ points: [UInt64: Int32], tags: [UInt16]) {
    let bits = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 1024)
    bits.initialize(repeating: 0)
    for tag in tags { bits[Int(tag >> 6)] |= 1 << UInt64(tag & 63) }
    tagBits = Shared(bits)
    // At most a quarter full: a miss (nearly every line) ends at the first empty slot.
    var size = 16
    while size < points.count * 4 { size <<= 1 }
    let keys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: size)
    keys.initialize(repeating: 0)
    let values = UnsafeMutableBufferPointer<Int32>.allocate(capacity: size)
    values.initialize(repeating: 0)
    slots = Shared((keys, values))
    mask = size - 1
    count = points.count
    for (hash, value) in points where hash != 0 {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while keys[slot] != 0 { slot = (slot + 1) & mask }
      keys[slot] = hash
      values[slot] = value
    }
  }

  deinit {
    slots.pointer.keys.deallocate()
    slots.pointer.values.deallocate()
    tagBits.pointer.deallocate()
  }

  /// Whether a learned line has this tag (false: the line is surely not learned).
  @inline(__always)
  func mayHold(tag: UInt16) -> Bool {
    tagBits.pointer[Int(tag >> 6)] & (1 << UInt64(tag & 63)) != 0
  }

  /// The points of `hash` (0: none).
  @inline(__always)
  subscript(hash: UInt64) -> Int32 {
    let (keys, values) = slots.pointer
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let key = keys[slot]
      if key == hash { return values[slot] }
      if key == 0 { return 0 }
      slot = (slot + 1) & mask
    }
  }
}

/// How a query is learned: lowercased, blanks trimmed and squeezed, cut to
/// `LearnedStore.maxQueryLength` characters; every prefix of it is learned, so what is typed on the
/// way to a query finds the line too.
package enum LearnedQuery {
  /// The hash domain of queries (lines hash in domain 0).
  package static let domain: UInt8 = 1

  package static func normalized(_ query: [UInt8]) -> String {
    let words = String(decoding: query, as: UTF8.self).lowercased().split(whereSeparator: \.isWhitespace)
    return String(words.joined(separator: " ").prefix(LearnedStore.maxQueryLength))
  }

  /// The hashes of every prefix of the normalized query (none for an empty one).
  package static func prefixHashes(_ query: [UInt8], hasher: KeyedHash) -> [UInt64] {
    let normal = Array(normalized(query))
    return normal.indices.map { end in
      hasher.hash(Array(String(normal[...end]).utf8), domain: domain)
    }
  }
}
