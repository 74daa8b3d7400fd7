import Glibc

/// The programs some end-to-end tests drive. A test that needs one is enabled only when it is
/// installed, and says so when skipped (`.ci/run` installs them all and fails if it cannot).
enum Tools {
  static let bash = access("/bin/bash", X_OK) == 0
  static let dash = access("/bin/dash", X_OK) == 0
  static let zsh = access("/usr/bin/zsh", X_OK) == 0
  static let fish = access("/usr/bin/fish", X_OK) == 0
  static let tmux = access("/usr/bin/tmux", X_OK) == 0
}
