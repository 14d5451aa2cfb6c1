import Foundation

/// What checking a typed code against the household's parent codes found, before the rules
/// decide what it does.
public enum ParentCodeCheck: Hashable, Sendable {
    /// A code of `parent`'s, of a time step not used before.
    case valid(parent: String)
    /// A code of `parent`'s that was already used: someone saw it typed.
    case replayed(parent: String)
    /// No parent's code.
    case wrong
    /// Not tried: the household typed ``ParentCodeLimit/wrongCodes`` wrong codes within
    /// ``ParentCodeLimit/window``; codes are tried again from the given time.
    case limited(until: Date)
}
