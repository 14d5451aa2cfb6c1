import Foundation
import GateCore

/// A request as its asking client sees it: where it stands, and, the first time it is seen
/// approved, the parent mode the approval opened.
public struct RequestCheck: Hashable, Sendable, Codable {
    public var request: ParentRequest
    /// The approval's parent mode: given once, to the first look after the approval.
    public var pass: ParentPass?
}
