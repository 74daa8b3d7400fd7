import Foundation
import PackagePlugin

/// Embeds the files of a target's `shell` folder (the shell integration scripts) in it at build time,
/// as `ShellScripts.embedded`: the scripts are real files that `bash -n`, `zsh -n`, `fish
/// --no-execute` and shellcheck read, and the program still ships as one binary.
@main struct EmbedShellScripts: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = target.directoryURL.appending(path: "shell")
    let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { !$0.lastPathComponent.hasPrefix(".") }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "ShellScripts+Embedded.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(target.name)'s shell scripts",
        executable: try context.tool(named: "embed-text").url,
        arguments: [output.path, "ShellScripts"] + files.map(\.path),
        inputFiles: files, outputFiles: [output])
    ]
  }
}
