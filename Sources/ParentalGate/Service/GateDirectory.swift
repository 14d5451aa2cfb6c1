import Foundation
import GateCore
import Synchronization

/// Many families in one process: one SQLite file per family in one folder, opened on first
/// use and closed again when more than `maximumOpen` are open and it is the least recently
/// used one nobody is using (a closure of ``withGate(_:_:)`` running, a stream of its
/// updates read inside one).
///
/// A family is a name (`smiths`: 1 to 63 lowercase letters, digits and dashes), its
/// database `FOLDER/smiths.sqlite`. A name never makes a file on its own: only
/// ``create(_:setUp:)`` does, so a request naming an unknown family is
/// ``GateError/notFound(_:)`` (``GateSubject/family(_:)``) and nothing is written.
///
/// ```swift
/// let families = try GateDirectory(folder: "/var/lib/kids-app/families")
/// let state = try await families.withGate("smiths") { gate in try await gate.state(profile: "emma") }
/// ```
public final class GateDirectory: Sendable {
    /// Where the families' databases are.
    public let folder: String
    /// How many families' databases stay open at most while none of them is in use.
    public let maximumOpen: Int
    private let timeSource: TimeSource
    private let random: RandomSource
    private let state = Mutex(State())

    private struct State: Sendable {
        var open: [String: Entry] = [:]
        /// A clock of uses: which entry was used last, and which opening an entry is.
        var uses: UInt64 = 0
        var isClosed = false
    }

    private struct Entry: Sendable {
        var gate: Gate
        /// Which opening of the family this is (a user checks in to the one it checked out of).
        var opening: UInt64
        var users = 0
        var lastUse: UInt64
    }

    /// The families in `folder` (made, `0700`, if missing), at most `maximumOpen` (at least
    /// 1) open at a time while idle; `timeSource` and `random` as for ``Gate``.
    public init(folder: String, maximumOpen: Int = 64, timeSource: TimeSource = .system, random: RandomSource = .secure) throws(GateError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .database(DatabaseFailure(.other, "cannot make the families' folder \(folder.escapedForMessage): \(error.localizedDescription)"))
        }
        self.folder = folder
        self.maximumOpen = max(maximumOpen, 1)
        self.timeSource = timeSource
        self.random = random
    }

    /// Runs `body` with the gate of `family`, opening its database if it is not open; the
    /// database stays open while `body` runs (a stream of its updates, too). Throws a
    /// ``GateError``, or what `body` throws.
    public func withGate<T>(_ family: String, _ body: (Gate) async throws -> T) async throws -> T {
        let (gate, opening) = try checkOut(family)
        defer { checkIn(family, opening: opening) }
        return try await body(gate)
    }

    /// Makes the database of a new family and runs `setUp` on it first
    /// (``Gate/create(at:timeSource:random:setUp:)``): a family that exists is
    /// ``GateConflict/familyExists(_:)``. Throws a ``GateError``, or what `setUp` throws.
    public func create(_ family: String, setUp: (Gate) async throws -> Void) async throws {
        let path = try path(of: family)
        let gate: Gate
        do {
            gate = try await Gate.create(at: path, timeSource: timeSource, random: random, setUp: setUp)
        } catch GateError.conflict(.databaseExists) {
            throw GateError.conflict(.familyExists(family))
        }
        try gate.close()
    }

    /// The names of the families there are, sorted.
    public func families() throws(GateError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .database(DatabaseFailure(.other, "cannot read the families' folder \(folder.escapedForMessage): \(error.localizedDescription)"))
        }
        return names.compactMap { name in
            guard name.hasSuffix(".sqlite") else { return nil }
            let family = String(name.dropLast(".sqlite".count))
            return FamilyName.isValid(family) ? family : nil
        }.sorted()
    }

    /// How many families' databases are open now.
    public var openCount: Int {
        state.withLock { $0.open.count }
    }

    /// Closes every family's database, those in use too (what they are doing finishes; what
    /// they ask next is refused as closed), and refuses every later use: for a process that
    /// is stopping. Their update and event streams end.
    public func close() throws(GateError) {
        let gates = state.withLock { state in
            defer {
                state.open = [:]
                state.isClosed = true
            }
            return state.open.values.map(\.gate)
        }
        var failure: GateError?
        for gate in gates {
            do throws(GateError) { try gate.close() } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    // MARK: - Opening and closing

    private func checkOut(_ family: String) throws(GateError) -> (Gate, UInt64) {
        let path = try path(of: family)
        let found = state.withLock { state -> (Gate, UInt64)?? in
            guard !state.isClosed else { return .some(nil) }
            state.uses += 1
            guard var entry = state.open[family] else { return nil }
            entry.users += 1
            entry.lastUse = state.uses
            state.open[family] = entry
            return (entry.gate, entry.opening)
        }
        switch found {
        case .some(let entry?): return entry
        case .some(nil): throw Gate.closed
        case nil: break
        }
        let opened: Gate
        do {
            opened = try Gate(database: .file(path), timeSource: timeSource, random: random, create: false)
        } catch .notFound(.database) {
            throw .notFound(.family(family))
        }
        // Another task may have opened it meanwhile: the first one stays, this one closes.
        let (entry, surplus, idle) = state.withLock { state -> ((Gate, UInt64)?, Gate?, [Gate]) in
            guard !state.isClosed else { return (nil, opened, []) }
            state.uses += 1
            if var entry = state.open[family] {
                entry.users += 1
                entry.lastUse = state.uses
                state.open[family] = entry
                return ((entry.gate, entry.opening), opened, [])
            }
            state.open[family] = Entry(gate: opened, opening: state.uses, users: 1, lastUse: state.uses)
            return ((opened, state.uses), nil, Self.evict(&state, keeping: maximumOpen))
        }
        try? surplus?.close()
        for gate in idle { try? gate.close() }
        guard let entry else { throw Gate.closed }
        return entry
    }

    private func checkIn(_ family: String, opening: UInt64) {
        let idle = state.withLock { state -> [Gate] in
            // The opening this user checked out of (the family may have been closed and
            // opened again since: that one's users are not this one's).
            guard state.open[family]?.opening == opening else { return [] }
            state.open[family]?.users -= 1
            return Self.evict(&state, keeping: maximumOpen)
        }
        for gate in idle { try? gate.close() }
    }

    /// Takes the least recently used idle gates out of `state` until at most `limit` are
    /// open (or none is idle), and returns them to be closed.
    private static func evict(_ state: inout State, keeping limit: Int) -> [Gate] {
        var evicted: [Gate] = []
        while state.open.count > limit {
            guard let (family, entry) = state.open.filter({ $0.value.users == 0 }).min(by: { $0.value.lastUse < $1.value.lastUse })
            else { break }
            state.open[family] = nil
            evicted.append(entry.gate)
        }
        return evicted
    }

    // MARK: - Names

    /// The database of `family`, or bad input for a name that is not a family's.
    private func path(of family: String) throws(GateError) -> String {
        guard FamilyName.isValid(family) else { throw .invalidInput(.malformedFamilyName(family)) }
        return URL(fileURLWithPath: folder).appendingPathComponent(family + ".sqlite").path
    }
}
