/// What the picker is doing with keys, one mode at a time: `PickerState.handle(_:)` asks the mode
/// before it looks at any binding.
package enum KeyMode: Equatable, Sendable {
  /// Keys run what they are bound to, or type.
  case normal
  /// `jump` / `jump-accept`: the next key is a label (the labels are drawn on the visible lines);
  /// `accepts`: landing on a line accepts it.
  case jumping(accepts: Bool)
  /// Enter came before the list for the typed query: accept (with `key`, an `--expect` key's
  /// name) once it is shown. Keys wait, but those that abort.
  case accepting(key: String?)
  /// `wait`: until the search of the query is complete, keys are ignored but those that abort;
  /// `then` runs after it.
  case waitingForSearch(then: [BoundAction])
  /// A `transform`'s command runs: keys wait for its output (they would see the state before it),
  /// which sets `target` (nil: it is a list of actions); `key` ran it (a bare `put` in the output
  /// types that key). `then` runs after.
  case transforming(target: BoundAction.Setting?, key: String, then: [BoundAction])

  /// Whether keys typed now wait (in `HeldWork`) until the mode ends.
  var defersKeys: Bool {
    switch self {
    case .accepting, .transforming: true
    case .normal, .jumping, .waitingForSearch: false
    }
  }

  /// Whether actions wait for something (a search, a command's output) before they run.
  var holdsActions: Bool {
    switch self {
    case .waitingForSearch, .transforming: true
    case .normal, .jumping, .accepting: false
    }
  }

  /// Whether the picker waits for a label (the renderer draws the labels).
  package var isJumping: Bool {
    if case .jumping = self { return true }
    return false
  }

  /// The actions held back to run when the mode ends.
  var held: [BoundAction] {
    switch self {
    case .waitingForSearch(let then), .transforming(_, _, let then): then
    case .normal, .jumping, .accepting: []
    }
  }

  /// `wait`: what follows waits until the search is complete, with the actions held already. An
  /// accept waiting for the list ends the picker when the list comes: nothing after it would run.
  mutating func waitForSearch() {
    if case .accepting = self { return }
    self = .waitingForSearch(then: held)
  }

  /// Holds `actions` back too, after those held already (nothing when no actions are held).
  mutating func hold(_ actions: some Collection<BoundAction>) {
    switch self {
    case .waitingForSearch(let then): self = .waitingForSearch(then: then + actions)
    case .transforming(let target, let key, let then):
      self = .transforming(target: target, key: key, then: then + actions)
    case .normal, .jumping, .accepting: break
    }
  }
}
