/// `body`'s result, or `nil` once `bound` has passed (a bound for a loaded machine, never a
/// measure): a wait on a stream or a task that fails the test instead of hanging it.
public func within<T: Sendable>(_ bound: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(for: bound)
            return nil
        }
        defer { group.cancelAll() }
        return await group.next() ?? nil
    }
}

/// The same for a `body` that throws: its error is thrown.
public func within<T: Sendable>(_ bound: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T? {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try? await Task.sleep(for: bound)
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
}
