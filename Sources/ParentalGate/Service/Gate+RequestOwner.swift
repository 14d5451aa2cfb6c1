import Foundation
import GateStore

extension Gate {
    /// The profile whose request `handle` is, or `nil` when there is none: for the gate
    /// socket's rules per account, before anything is handed over.
    package func profile(ofRequestHandle handle: String) async throws(GateError) -> String? {
        guard !handle.isEmpty, handle.count <= 200 else { return nil }
        let hash = SecretToken.hash(handle)
        return try await read { try $0.parentRequest(handleHash: hash)?.request.profile }
    }
}
