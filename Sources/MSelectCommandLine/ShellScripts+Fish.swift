extension ShellScripts {
  /// `directoryWalker0` in fish's words (`begin; …; end` for the braces).
  static let fishDirectoryWalker0 = directoryWalker0.replacing("{ ", with: "begin; ").replacing(
    "; }", with: "; end")
}
