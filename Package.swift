// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "mselect",
  products: [
    // The selection logic as a library: matching, ranking, selection and the picker state machine.
    .library(name: "MSelectCore", targets: ["MSelectCore"]),
    // The picker on the terminal for a Swift program: `Picker(items).choose()`.
    .library(name: "MSelect", targets: ["MSelect"]),
    .executable(name: "mselect", targets: ["mselect"]),
  ],
  targets: [
    // Everything testable without a terminal: lines, queries, matching, selection, the picker state.
    .target(name: "MSelectCore"),
    // The command line: option words → settings values, the option table and what is made from it
    // (help, the manual, completions, the shell scripts), fzf's and mselect's profiles.
    // Its shell scripts are files in its `shell` folder, embedded at build time by the plugin below.
    .target(
      name: "MSelectCommandLine", dependencies: ["MSelectCore"], exclude: ["shell"],
      plugins: ["EmbedShellScripts"]),
    // The build plugin that embeds them, and the tool it runs (text files → Swift string literals).
    .plugin(
      name: "EmbedShellScripts", capability: .buildTool(), dependencies: ["embed-text"],
      path: "Sources/EmbedShellScripts"),
    .executableTarget(name: "embed-text"),
    // Syscalls, /dev/tty, termios, signals, processes and reading input (the core has only its
    // Platform folder's memory calls).
    .target(name: "MSelectTerminal", dependencies: ["MSelectCore"]),
    // The embeddable picker: typed settings over the core, run on /dev/tty by the terminal module.
    .target(name: "MSelect", dependencies: ["MSelectCore", "MSelectTerminal"]),
    // Thin wiring: options → input → filter/batch or picker → output → exit code.
    .executableTarget(
      name: "mselect", dependencies: ["MSelectCore", "MSelectCommandLine", "MSelectTerminal"]),
    // The typing replay of scripts/bench: per-keystroke latency of the picker's core on a large input.
    .executableTarget(
      name: "mselect-bench", dependencies: ["MSelectCore", "MSelectCommandLine", "MSelectTerminal"]),
    .testTarget(
      name: "MSelectCoreTests",
      dependencies: ["MSelectCore", "MSelectCommandLine", "MSelect", "MSelectTerminal"]),
    .testTarget(name: "EndToEndTests", dependencies: ["mselect", "MSelectTerminal"]),
  ]
)
