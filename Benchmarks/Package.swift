// swift-tools-version:6.1
import PackageDescription

/// The benchmarks, a package of their own (as ordo-one/benchmark recommends), so that neither
/// the project nor a package embedding it resolves or builds the benchmark tooling.
/// Run from this folder: `swift package benchmark` (BENCHMARKS.md).
let package = Package(
    name: "GateBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ParentalGate", path: "..", traits: []),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "GateBenchmarks",
            dependencies: [
                .product(name: "ParentalGate", package: "ParentalGate"),
                .product(name: "GateCore", package: "ParentalGate"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "GateBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The framework's floor for Benchmarks/scripts/forward-auth.sh: Hummingbird answering
        // one route with nothing else, the most any route of the daemon could do. Not in a
        // folder directly under Benchmarks/: the benchmark plugin runs every executable target
        // there as a benchmark (and this one would serve forever).
        .executableTarget(
            name: "hummingbird-floor",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Servers/HummingbirdFloor",
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
