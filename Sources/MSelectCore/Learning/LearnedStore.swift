/// What `--learn` keeps: per picked line, how often and how recently it was picked and with which
/// queries, all as keyed hashes (see `KeyedHash`): the store holds no line and no query.
///
/// Weights decay with a half-life (`halfLife`): an entry's pick count and its queries' counts are
/// kept as of its last pick, and aged by the time since when read. Bounded: `maxLines` entries, the
/// weakest dropped first; `maxQueries` query prefixes an entry, the weakest dropped first.
package struct LearnedStore: Sendable, Equatable {
  /// One picked line: its tag (`KeyedHash.tag`), its decayed pick count and its queries' as of
  /// `time` (seconds since 1970).
  package struct Entry: Sendable, Equatable {
    package var tag: UInt16
    package var weight: Double
    package var time: Int64
    /// Hashes of the normalized query prefixes it was picked with, and their decayed counts (at
    /// most `maxQueries`: a list, searched straight through, costs less than a dictionary each).
    package var queries: [QueryCount]

    /// The decayed count of the query prefix `hash` (0: never).
    package func count(of hash: UInt64) -> Double {
      queries.first { $0.hash == hash }?.count ?? 0
    }
  }

  /// A query prefix an entry was picked with, and how often.
  package struct QueryCount: Sendable, Equatable {
    package var hash: UInt64
    package var count: Double
  }

  /// Three weeks: a line picked every day stays near the top, one not picked for two months has
  /// lost most of its pull (an eighth).
  package static let halfLife: Double = 21 * 86_400
  package static let maxLines = 4096
  package static let maxQueries = 32
  /// The longest query prefix learned, in characters (a longer query is learned by its first ones).
  package static let maxQueryLength = 24
  /// The first line of a store file.
  package static let header: [UInt8] = Array("mselect-learn 2".utf8)

  package private(set) var entries: [UInt64: Entry] = [:]

  package init() {}

  /// The store in a file's lines (`header`, then one line per entry: hash, tag, weight, time and
  /// the queries with their counts; numbers in hexadecimal, the weights as their bits, so reading
  /// 4,096 entries takes a fraction of a millisecond); lines it cannot read are skipped (a store is
  /// a cache of habits: a damaged line costs that line's history only), and a file of another
  /// format is read as empty.
  package init(lines: [[UInt8]]) {
    guard lines.first == LearnedStore.header else { return }
    entries.reserveCapacity(lines.count)
    for line in lines.dropFirst() where !line.isEmpty {
      if let (hash, entry) = LearnedStore.entry(line) { entries[hash] = entry }
    }
  }

  /// One line of the file, read field by field from its bytes (no word is copied).
  private static func entry(_ line: [UInt8]) -> (UInt64, Entry)? {
    var position = 0
    /// The next hexadecimal number, ended by `separator` or the line's end.
    func number(endedBy separator: UInt8 = UInt8(ascii: " ")) -> UInt64? {
      var value: UInt64 = 0
      var digits = 0
      while position < line.count && line[position] != separator {
        let byte = line[position]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        default: return nil
        }
        value = value << 4 | UInt64(digit)
        digits += 1
        position += 1
      }
      position += 1
      return digits > 0 && digits <= 16 ? value : nil
    }
    guard let hash = number(), let tag = number(), tag <= UInt16.max,
      let weight = number().map(Double.init(bitPattern:)), weight.isFinite, weight > 0, let time = number()
    else { return nil }
    var queries: [QueryCount] = []
    while position < line.count, queries.count < maxQueries {
      guard let query = number(endedBy: UInt8(ascii: ":")),
        let count = number().map(Double.init(bitPattern:)), count.isFinite, count > 0
      else { break }
      queries.append(QueryCount(hash: query, count: count))
    }
    return (hash, Entry(tag: UInt16(tag), weight: weight, time: Int64(bitPattern: time), queries: queries))
  }

  /// The file's lines: `header`, then the entries, strongest first (hash order among equals).
  package var lines: [[UInt8]] {
    let sorted = entries.sorted {
      $0.value.weight != $1.value.weight ? $0.value.weight > $1.value.weight : $0.key < $1.key
    }
    return [LearnedStore.header]
      + sorted.map { hash, entry in
        var text = hash.hexadecimal(digits: 16) + " " + String(entry.tag, radix: 16) + " "
        text +=
          entry.weight.bitPattern.hexadecimal(digits: 16) + " "
          + String(UInt64(bitPattern: entry.time), radix: 16)
        for query in entry.queries {
          text +=
            " " + query.hash.hexadecimal(digits: 16) + ":" + query.count.bitPattern.hexadecimal(digits: 16)
        }
        return Array(text.utf8)
      }
  }

  /// How much of a weight kept at `time` is left at `now`.
  package static func decay(from time: Int64, to now: Int64) -> Double {
    let age = Double(max(0, now - time))
    return pow2(-age / halfLife)
  }

  /// 2^x without Foundation (x ≤ 0 here).
  private static func pow2(_ x: Double) -> Double {
    guard x > -1000 else { return 0 }
    let whole = x.rounded(.down)
    // e^(f ln 2) by its series: f is in [0, 1), so a dozen terms are exact to the last bit needed.
    let y = (x - whole) * 0.693_147_180_559_945_3
    var term = 1.0
    var sum = 1.0
    for k in 1...14 {
      term *= y / Double(k)
      sum += term
    }
    return sum * Double(sign: .plus, exponent: Int(whole), significand: 1)
  }

  /// An entry's pick count now.
  package func weight(of hash: UInt64, now: Int64) -> Double {
    guard let entry = entries[hash] else { return 0 }
    return entry.weight * LearnedStore.decay(from: entry.time, to: now)
  }

  /// A picked line as the store knows it: its keyed hash and tag.
  package struct Line: Hashable, Sendable {
    package var hash: UInt64
    package var tag: UInt16

    package init(hash: UInt64, tag: UInt16) {
      self.hash = hash
      self.tag = tag
    }

    /// `bytes` under `key`.
    package init(_ bytes: [UInt8], key: KeyedHash) {
      self.init(hash: key.hash(bytes), tag: key.tag(bytes))
    }
  }

  /// Records a pick of `lines`, made with the query whose prefixes hash to `queries`.
  package mutating func record(_ lines: [Line], queries: [UInt64], now: Int64) {
    for line in Set(lines) {
      let hash = line.hash
      var entry = entries[hash] ?? Entry(tag: line.tag, weight: 0, time: now, queries: [])
      let left = LearnedStore.decay(from: entry.time, to: now)
      entry.weight = entry.weight * left + 1
      for k in entry.queries.indices { entry.queries[k].count *= left }
      for query in queries {
        if let k = entry.queries.firstIndex(where: { $0.hash == query }) {
          entry.queries[k].count += 1
        } else {
          entry.queries.append(QueryCount(hash: query, count: 1))
        }
      }
      // Strongest first (what the file keeps, in this order), the weakest beyond the bound dropped.
      entry.queries.sort { $0.count != $1.count ? $0.count > $1.count : $0.hash < $1.hash }
      if entry.queries.count > LearnedStore.maxQueries {
        entry.queries.removeLast(entry.queries.count - LearnedStore.maxQueries)
      }
      entry.time = max(entry.time, now)
      entries[hash] = entry
    }
    if entries.count > LearnedStore.maxLines {
      let kept = entries.sorted {
        let (a, b) = (weight(of: $0.key, now: now), weight(of: $1.key, now: now))
        return a != b ? a > b : $0.key < $1.key
      }.prefix(LearnedStore.maxLines)
      entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }
  }

  /// Drops what was learned of the line `hash`.
  package mutating func forget(_ hash: UInt64) {
    entries[hash] = nil
  }
}
