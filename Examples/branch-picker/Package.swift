// swift-tools-version:6.0
import PackageDescription

// A git branch picker on the embedded picker: what a Swift command-line program writes to let a
// person choose, with only the `MSelect` product.
let package = Package(
  name: "branch-picker",
  dependencies: [.package(name: "mselect", path: "../..")],
  targets: [
    .executableTarget(name: "branch-picker", dependencies: [.product(name: "MSelect", package: "mselect")])
  ]
)
