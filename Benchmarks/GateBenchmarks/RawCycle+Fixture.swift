extension RawCycle {
    /// The raw cycle on a fresh fixture's file in a fresh directory called `name`.
    static func onFreshFixture(_ name: String) async throws -> RawCycle {
        let fixture = try await CycleFixture(directory: BenchSettings.freshDirectory(name))
        return try RawCycle(path: fixture.path)
    }
}
