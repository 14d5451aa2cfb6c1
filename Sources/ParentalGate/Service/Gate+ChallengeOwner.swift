import Foundation
import GateCore
import GateStore

extension Gate {
    /// The profile challenge `id` was issued to, or `nil` when there is no such challenge
    /// (for limits per profile, before the answer is recorded).
    public func profile(ofChallenge id: ChallengeID) async throws(GateError) -> Profile? {
        try await read { transaction in
            guard let challenge = try transaction.challenge(id: id) else { return nil }
            return try transaction.profile(id: challenge.profileID)
        }
    }
}
