// swift-tools-version:6.1
import PackageDescription

/// Every `Migrations/NNNN_name.sql`, embedded into the built code (no runtime resource lookup).
/// Listed by hand (a manifest that reads the folder is cached by SwiftPM and misses new files);
/// `MigrationTests` checks this list, `EmbeddedMigrations` and the folder agree.
let migrationFiles = [
    "0001_initial.sql",
    "0002_admin_tokens.sql",
    "0003_challenge_end_index.sql",
    "0004_reference_indexes.sql",
    "0005_audit_repeats.sql",
]

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "ParentalGate",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ParentalGate", targets: ["ParentalGate"]),
        .library(name: "GateServer", targets: ["GateServer"]),
        .executable(name: "gatectl", targets: ["gatectl"]),
        .executable(name: "parental-gated", targets: ["parental-gated"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "GateCore",
            swiftSettings: strictSwift
        ),
        .target(
            name: "GateMigrations",
            path: "Migrations",
            resources: migrationFiles.map { .embedInCode($0) },
            swiftSettings: strictSwift
        ),
        .target(
            name: "GateStore",
            dependencies: [
                "GateCore",
                "GateMigrations",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ParentalGate",
            dependencies: ["GateCore", "GateStore"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "GateServer",
            dependencies: [
                "ParentalGate",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/gate.html")],
            swiftSettings: strictSwift
        ),
        .target(
            name: "GateCommands",
            dependencies: [
                "ParentalGate",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "gatectl",
            dependencies: ["GateCommands"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "parental-gated",
            dependencies: [
                "GateCommands",
                "GateServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "gate-stress",
            dependencies: ["ParentalGate"],
            path: "Tests/Tools/GateStress",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "GateBenchmarks",
            dependencies: [
                "ParentalGate",
                "GateStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/GateBenchmarks",
            swiftSettings: strictSwift,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .testTarget(
            name: "GateCoreTests",
            dependencies: ["GateCore"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GateStoreTests",
            dependencies: [
                "GateStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ParentalGateTests",
            dependencies: ["ParentalGate", "GateStore"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GateServerTests",
            dependencies: [
                "GateServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GatectlTests",
            dependencies: [
                "ParentalGate", "GateCommands", "GateServer", "gatectl", "parental-gated", "gate-stress", "GateBenchmarks",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: strictSwift
        ),
    ]
)
