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
    "0006_notifications.sql",
    "0007_parent_requests.sql",
    "0008_request_binding.sql",
    "0009_policy_change_fields.sql",
    "0010_challenge_arithmetic.sql",
    "0011_parent_codes.sql",
    "0012_quiet_hours.sql",
    "0013_moving_gates.sql",
]

/// Every `Migrations/postgres/NNNN_name.sql`, the PostgreSQL schema, embedded likewise.
let postgresMigrationFiles = [
    "0001_gate.sql",
    "0002_admin_tokens.sql",
    "0003_questions.sql",
    "0004_notifications.sql",
    "0005_parent_requests.sql",
    "0006_audit_guards.sql",
    "0007_validate_audit_kinds.sql",
    "0008_challenge_arithmetic.sql",
    "0009_parent_codes.sql",
    "0010_quiet_hours.sql",
    "0011_moving_gates.sql",
    "0012_households.sql",
    "0013_household_rows.sql",
    "0014_household_guards.sql",
]

/// The server stack (Hummingbird, SwiftNIO, …) comes with the `Server` trait, on by default:
/// a package that only embeds `ParentalGate` turns it off (`traits: []`) and SwiftPM then
/// leaves those packages out of its graph altogether (README, "Embedding").
let server = TargetDependencyCondition.when(traits: ["Server"])

/// Whether this machine's C library loads packed relative relocations (glibc 2.36 and newer):
/// lld marks a binary that has them as needing it, and an older loader refuses to start it.
#if canImport(Glibc)
import Glibc
let glibcLoadsPackedRelocations: Bool = {
    var text = [UInt8](repeating: 0, count: 64)  // "glibc 2.36"
    let length = text.withUnsafeMutableBytes { confstr(Int32(_CS_GNU_LIBC_VERSION), $0.baseAddress?.assumingMemoryBound(to: CChar.self), 64) }
    guard length > 0 else { return false }
    let version = String(decoding: text.prefix { $0 != 0 }, as: UTF8.self)
        .split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
}()
#else
let glibcLoadsPackedRelocations = false
#endif

/// How a release `gatectl` is linked on Linux (BENCHMARKS.md, "Process cost"): by lld, with its
/// relative relocations packed where the C library can load them (DT_RELR: the loader reads
/// 18 KB of them instead of 2.3 MB), no dynamic symbol table of its own functions (nothing
/// loads code that binds to them), and its functions laid out in the order the commands people
/// run most run them (`Benchmarks/gatectl.order`, written by
/// `Benchmarks/scripts/order-file.sh`), so that a one-shot command keeps 6 MB of the binary
/// resident instead of 15. Only the executable: a package that embeds ParentalGate builds
/// none of this.
let gatectlLinking: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld",
        "-Xlinker", "--no-export-dynamic",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Benchmarks/gatectl.order",
        "-Xlinker", "--no-warn-symbol-ordering",
    ] + (glibcLoadsPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []),
    .when(platforms: [.linux], configuration: .release)),
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
        .library(name: "ParentalGateTesting", targets: ["ParentalGateTesting"]),
        // The engine on its own (the rules' machine, the question generator), which
        // ParentalGate does not re-export.
        .library(name: "GateCore", targets: ["GateCore"]),
        .library(name: "GateServer", targets: ["GateServer"]),
        .executable(name: "gatectl", targets: ["gatectl"]),
        .executable(name: "parental-gated", targets: ["parental-gated"]),
    ],
    traits: [
        .trait(name: "Server", description: "GateServer and parental-gated: the HTTP server and the daemon (Hummingbird, SwiftNIO)."),
        .default(enabledTraits: ["Server"]),
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
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .target(
            name: "GateCore",
            swiftSettings: strictSwift
        ),
        .target(
            name: "GateMigrations",
            path: "Migrations",
            exclude: ["postgres"],
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
            name: "GatePostgresMigrations",
            path: "Migrations/postgres",
            resources: postgresMigrationFiles.map { .embedInCode($0) },
            swiftSettings: strictSwift
        ),
        // The PostgreSQL store: a module of its own, so that gatectl, which never talks to
        // PostgreSQL itself, links neither postgres-nio nor SwiftNIO.
        .target(
            name: "GatePostgres",
            dependencies: [
                "GateCore",
                "GateStore",
                "GatePostgresMigrations",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
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
            name: "GateJSON",
            dependencies: ["ParentalGate"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ParentalGateTesting",
            dependencies: ["ParentalGate"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "GateServer",
            dependencies: [
                "ParentalGate",
                "GateJSON",
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: server),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
                .product(name: "Prometheus", package: "swift-prometheus", condition: server),
                .product(name: "Mustache", package: "swift-mustache", condition: server),
            ],
            resources: [
                .embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/gate.mustache"),
                .embedInCode("Resources/approve.mustache"), .embedInCode("Resources/notice.mustache"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "GateProgram",
            dependencies: [
                "ParentalGate",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "GateCommands",
            dependencies: [
                "ParentalGate",
                "GateJSON",
                "GateProgram",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "gatectl",
            dependencies: ["GateCommands"],
            swiftSettings: strictSwift,
            linkerSettings: gatectlLinking
        ),
        .executableTarget(
            name: "parental-gated",
            dependencies: [
                "GateProgram",
                .target(name: "GatePostgres", condition: server),
                "GateJSON",
                "GateServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOPosix", package: "swift-nio", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: server),
                .product(name: "SystemPackage", package: "swift-system", condition: server),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: server),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "QuickStart",
            dependencies: ["ParentalGate"],
            path: "Examples/QuickStart",
            swiftSettings: strictSwift
        ),
        // A kids' app's backend on the public API (README, "A kids' app's backend").
        .executableTarget(
            name: "KidsAppBackend",
            dependencies: ["ParentalGate", .product(name: "Hummingbird", package: "hummingbird", condition: server)],
            path: "Examples/KidsAppBackend",
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "gate-stress",
            dependencies: ["ParentalGate", "GatePostgres"],
            path: "Tests/Tools/GateStress",
            swiftSettings: strictSwift
        ),
        // Shared by every test target: how many test cases run at once (Tests/Shared/TestSlots).
        .target(
            name: "TestSlots",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Tests/Shared/TestSlots",
            swiftSettings: strictSwift
        ),
        // A test's own PostgreSQL database and stores on it, for every target that tests on PostgreSQL.
        .target(
            name: "PostgresTesting",
            dependencies: [
                "GateCore", "GatePostgres", "TestSlots",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Shared/PostgresTesting",
            swiftSettings: strictSwift
        ),
        // The OpenAPI document as a contract the HTTP tests check every JSON answer against.
        .target(
            name: "OpenAPIContract",
            dependencies: [.product(name: "Yams", package: "Yams")],
            path: "Tests/Shared/OpenAPIContract",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GateCoreTests",
            dependencies: ["GateCore", "TestSlots"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GateStoreTests",
            dependencies: [
                "GateStore", "GatePostgres", "GatePostgresMigrations", "PostgresTesting",
                "TestSlots",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GatePostgresTests",
            dependencies: [
                "GateCore", "GateStore", "GatePostgres", "GatePostgresMigrations", "ParentalGate", "PostgresTesting", "TestSlots",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ParentalGateTests",
            dependencies: ["GateCore", "ParentalGate", "ParentalGateTesting", "GateStore", "GatePostgres", "PostgresTesting", "TestSlots"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GateServerTests",
            dependencies: [
                "GateServer",
                "GateStore",
                "TestSlots",
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: server),
                .product(name: "NIOEmbedded", package: "swift-nio", condition: server),
                "OpenAPIContract",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GatectlTests",
            dependencies: [
                "ParentalGate", "GateCommands", "GateServer", "GatePostgresMigrations", "gatectl", "parental-gated", "gate-stress", "QuickStart", "KidsAppBackend", "TestSlots",
                "OpenAPIContract",
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
            ],
            swiftSettings: strictSwift
        ),
    ]
)
