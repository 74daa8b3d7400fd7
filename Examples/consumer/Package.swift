// swift-tools-version:6.0
import PackageDescription

// A program that uses MSelectCore as another package would: only its public API.
let package = Package(
  name: "consumer",
  dependencies: [.package(name: "mselect", path: "../..")],
  targets: [
    .executableTarget(name: "consumer", dependencies: [.product(name: "MSelectCore", package: "mselect")])
  ]
)
