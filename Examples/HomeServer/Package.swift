// swift-tools-version:6.1
import PackageDescription

// A small home-server app whose settings page is behind ParentalGate, embedding the
// library directly. Run it from this folder: `swift run HomeServer`, then open
// http://127.0.0.1:8080/ and go to the settings.
let package = Package(
    name: "HomeServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ParentalGate", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "HomeServer",
            dependencies: [
                .product(name: "ParentalGate", package: "ParentalGate"),
                .product(name: "GateServer", package: "ParentalGate"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
