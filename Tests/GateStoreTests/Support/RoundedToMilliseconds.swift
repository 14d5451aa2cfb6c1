import Foundation
import GateCore

/// The store keeps times in whole milliseconds; these give the value it will read back.
extension Date {
    var roundedToMilliseconds: Date { Date(millisecondsSince1970: millisecondsSince1970) }
}

extension IssuedChallenge {
    var roundedToMilliseconds: IssuedChallenge {
        var copy = self
        copy.challenge.issuedAt = challenge.issuedAt.roundedToMilliseconds
        copy.challenge.deadline = challenge.deadline.roundedToMilliseconds
        return copy
    }
}

extension GateCounters {
    var roundedToMilliseconds: GateCounters {
        var copy = self
        copy.lastFailureAt = lastFailureAt?.roundedToMilliseconds
        copy.lockedUntil = lockedUntil?.roundedToMilliseconds
        copy.latestSeenAt = latestSeenAt?.roundedToMilliseconds
        return copy
    }
}
