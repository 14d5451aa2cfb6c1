import Foundation
import GateCore
import GateStore

extension Gate {
    /// The right answer of challenge `id`, read from the store: clients are never given it.
    /// For `ParentalGateTesting`, whose tests answer challenges without working them out.
    package func storedAnswer(of id: ChallengeID) async throws(GateError) -> Int {
        try await read { transaction in
            guard let stored = try transaction.challenge(id: id) else { throw StoreError.notFound(.challenge(id.rawValue)) }
            return stored.issued.answer
        }
    }
}
