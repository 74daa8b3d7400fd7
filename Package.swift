// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "mselect",
  targets: [
    // Everything testable without a terminal: lines, queries, matching, selection, options, the picker state.
    // Runtime exclusivity checks cost a quarter of the matcher's time; the hot paths use unsafe pointers
    // into memory no one else mutates, so they are switched off (measured with scripts/bench).
    .target(
      name: "MSelectCore",
      swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
    // Syscalls, /dev/tty, termios, signals and reading input: the only code that talks to the OS.
    .target(name: "MSelectTerminal", dependencies: ["MSelectCore"]),
    // Thin wiring: options → input → filter/batch or picker → output → exit code.
    .executableTarget(name: "mselect", dependencies: ["MSelectCore", "MSelectTerminal"]),
    // The typing replay of scripts/bench: per-keystroke latency of the picker's core on a large input.
    .executableTarget(name: "mselect-bench", dependencies: ["MSelectCore", "MSelectTerminal"]),
    .testTarget(name: "MSelectCoreTests", dependencies: ["MSelectCore"]),
    .testTarget(name: "EndToEndTests", dependencies: ["mselect", "MSelectTerminal"]),
  ]
)
