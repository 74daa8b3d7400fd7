/// What `--learn` keeps: per picked line, how often and how recently it was picked and with which
/// queries, all as keyed hashes (see `KeyedHash`): the store holds no line and no query.
///
/// Weights decay with a half-life (`halfLife`): an entry's pick count and its queries' counts are
/// kept as of its last pick, and aged by the time since when read. Bounded: `maxLines` entries, the
/// weakest dropped first; `maxQueries` query prefixes an entry, the weakest dropped first.
package struct LearnedStore: Sendable, Equatable {
  /// One picked line: its decayed pick count and its queries' as of `time` (seconds since 1970).
  package struct Entry: Sendable, Equatable {
    package var weight: Double
    package var time: Int64
    /// Hashes of the normalized query prefixes it was picked with, and their decayed counts.
    package var queries: [UInt64: Double]
  }

  /// Three weeks: a line picked every day stays near the top, one not picked for two months has
  /// lost most of its pull (an eighth).
  package static let halfLife: Double = 21 * 86_400
  package static let maxLines = 4096
  package static let maxQueries = 32
  /// The longest query prefix learned, in characters (a longer query is learned by its first ones).
  package static let maxQueryLength = 24
  /// The first line of a store file.
  package static let header: [UInt8] = Array("mselect-learn 1".utf8)

  package private(set) var entries: [UInt64: Entry] = [:]

  package init() {}

  /// The store in a file's lines (`header`, then one line per entry); lines it cannot read are
  /// skipped (a store is a cache of habits: a damaged line costs that line's history only).
  package init(lines: [[UInt8]]) {
    for line in lines.dropFirst() where !line.isEmpty {
      let words = line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
      guard words.count >= 3, let hash = UInt64(words[0], radix: 16), let weight = Double(words[1]),
        weight.isFinite, weight > 0, let time = Int64(words[2])
      else { continue }
      var queries: [UInt64: Double] = [:]
      for word in words.dropFirst(3) {
        let parts = word.split(separator: ":")
        guard parts.count == 2, let query = UInt64(parts[0], radix: 16), let count = Double(parts[1]),
          count.isFinite, count > 0
        else { continue }
        queries[query] = count
      }
      entries[hash] = Entry(weight: weight, time: time, queries: queries)
    }
  }

  /// The file's lines: `header`, then the entries, strongest first (hash order among equals).
  package var lines: [[UInt8]] {
    let sorted = entries.sorted {
      $0.value.weight != $1.value.weight ? $0.value.weight > $1.value.weight : $0.key < $1.key
    }
    return [LearnedStore.header]
      + sorted.map { hash, entry in
        var text = "\(LearnedStore.hex(hash)) \(entry.weight) \(entry.time)"
        for (query, count) in entry.queries.sorted(by: {
          $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
        }) {
          text += " \(LearnedStore.hex(query)):\(count)"
        }
        return Array(text.utf8)
      }
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
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

  /// Records a pick of the lines `hashes`, made with the query whose prefixes hash to `queries`.
  package mutating func record(_ hashes: [UInt64], queries: [UInt64], now: Int64) {
    for hash in Set(hashes) {
      var entry = entries[hash] ?? Entry(weight: 0, time: now, queries: [:])
      let left = LearnedStore.decay(from: entry.time, to: now)
      entry.weight = entry.weight * left + 1
      entry.queries = entry.queries.mapValues { $0 * left }
      for query in queries { entry.queries[query, default: 0] += 1 }
      if entry.queries.count > LearnedStore.maxQueries {
        let kept = entry.queries.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
          .prefix(LearnedStore.maxQueries)
        entry.queries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
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
