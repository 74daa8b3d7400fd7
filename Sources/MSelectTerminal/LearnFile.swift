import Glibc
import MSelectCore

/// `--learn`'s store on disk: the entries in a file of lines (`LearnedStore`), the secret the
/// hashes are keyed with in another beside it (`NAME.key`, 16 random bytes, user-only). A copy of
/// the store alone tells nothing of what was picked; deleting the store forgets it all.
package struct LearnFile: Sendable {
  /// The store's path (a symbolic link there is followed, as `--remember`'s is).
  package let path: String
  package var keyPath: String { path + ".key" }

  /// `value` with a `/` is a file; anything else names a store in
  /// `${XDG_STATE_HOME:-~/.local/state}/mselect/learn/`.
  package init(_ value: String, environment: [String: String]) {
    if value.contains("/") {
      path = value
    } else {
      let state =
        environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        ?? ((environment["HOME"] ?? "") + "/.local/state")
      path = state + "/mselect/learn/" + value
    }
  }

  /// What was learned, aged to `now` (an empty store when nothing was yet: no file or no key).
  package func load(now: Int64) throws(InputError) -> LearnedRanking {
    guard let key = try readKey() else {
      return LearnedRanking(store: LearnedStore(), hasher: KeyedHash(k0: 0, k1: 0), now: now)
    }
    let store = LearnedStore(lines: try SavedFile.lines(path, terminator: 10))
    return LearnedRanking(store: store, hasher: key, now: now)
  }

  /// Records a pick of `lines` with `query`, under the store's lock: a picker saving at the same
  /// time keeps its pick too. Makes the folder, the key and the store on the first pick.
  package func record(_ lines: [[UInt8]], query: [UInt8], now: Int64) throws(SystemError) {
    guard !lines.isEmpty else { return }
    let key = try makeKey()
    let picked = lines.map { LearnedStore.Line($0, key: key) }
    let queries = LearnedQuery.prefixHashes(query, hasher: key)
    try SavedFile.update(path, terminator: 10) { old in
      var store = LearnedStore(lines: old)
      store.record(picked, queries: queries, now: now)
      return store.lines
    }
  }

  /// Drops what was learned of `line` (nothing when there is no store).
  package func forget(_ line: [UInt8]) throws(SystemError) {
    guard let key = try? readKey(), access(path, F_OK) == 0 else { return }
    try SavedFile.update(path, terminator: 10) { old in
      var store = LearnedStore(lines: old)
      store.forget(key.hash(line))
      return store.lines
    }
  }

  /// The key, if the store has one.
  private func readKey() throws(InputError) -> KeyedHash? {
    guard access(keyPath, F_OK) == 0 else { return nil }
    let bytes = try InputReader.lines(ofFile: keyPath, terminator: 10).first ?? []
    return LearnFile.key(fromHex: bytes)
  }

  /// The key, made (16 random bytes, user-only, never replaced) if there is none yet.
  private func makeKey() throws(SystemError) -> KeyedHash {
    let directory = SavedFile.directory(of: path)
    try Syscall.makeDirectories(directory)
    if let key = try? readKey() { return key }
    let text = try Syscall.randomBytes(16).map { $0.hexadecimal(digits: 2) }.joined()
    // O_EXCL: of two pickers making a key at once, one wins and the other reads what it wrote.
    do {
      let fd = try Syscall.open(keyPath, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
      defer { Syscall.close(fd) }
      try Syscall.write(fd, Array((text + "\n").utf8))
    } catch  where error.errno == EEXIST {
      // Written by the other picker: read below.
    }
    guard let key = try? readKey() else { throw SystemError("read \(keyPath)", errno: EINVAL) }
    return key
  }

  /// A key from its 32 hexadecimal digits.
  static func key(fromHex bytes: [UInt8]) -> KeyedHash? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.count == 32, let k0 = UInt64(text.prefix(16), radix: 16),
      let k1 = UInt64(text.suffix(16), radix: 16)
    else { return nil }
    return KeyedHash(k0: k0, k1: k1)
  }
}
