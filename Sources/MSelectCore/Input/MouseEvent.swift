/// A mouse report from the terminal (SGR mode 1006): what happened and where.
package struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  package enum Action: Hashable, Sendable {
    case press(Button)
    case release
    /// A wheel step; true for up.
    case wheel(up: Bool)
  }

  /// A mouse button.
  package enum Button: Hashable, Sendable { case left, middle, right }

  package var action: Action
  /// The terminal cell, counted from 0 at the top-left corner of the screen.
  package var row: Int
  package var column: Int
  /// Shift, alt or ctrl was held.
  package var modified: Bool

  package init(action: Action, row: Int, column: Int, modified: Bool = false) {
    self.action = action
    self.row = row
    self.column = column
    self.modified = modified
  }

  /// Decodes the parameters of `CSI < b ; x ; y M` (`pressed`) or `… m`; nil when malformed.
  init?(sgr fields: [Int], pressed: Bool) {
    guard fields.count == 3, fields[1] >= 1, fields[2] >= 1 else { return nil }
    let code = fields[0]
    row = fields[2] - 1
    column = fields[1] - 1
    modified = code & (4 | 8 | 16) != 0
    if code & 32 != 0 { return nil }  // motion: not asked for
    if code & 64 != 0 {
      guard code & 3 < 2 else { return nil }  // horizontal wheel
      action = .wheel(up: code & 1 == 0)
    } else if !pressed {
      action = .release
    } else {
      switch code & 3 {
      case 0: action = .press(.left)
      case 1: action = .press(.middle)
      case 2: action = .press(.right)
      default: action = .release
      }
    }
  }
}
