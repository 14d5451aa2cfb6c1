import GateCore

extension Gate {
    /// This gate for a caller who may use only some profiles: `refusal` names why the caller
    /// may not use a profile (by its stored name), or is `nil` when it may.
    ///
    /// Checked inside each operation's own transaction, right where the operation reads the
    /// profile it is about (by name, a challenge's, a request's): nothing is looked up
    /// beforehand, so there is no lookup whose failure could let an operation through, and no
    /// moment between a check and the use. Refused: ``GateError/notPermitted(_:)``.
    package func limited(_ refusal: @escaping @Sendable (_ profile: String) -> String?) -> Gate {
        var gate = self
        gate.profileAccess = refusal
        return gate
    }

    /// Refuses an operation on `profile` when this gate is ``limited(_:)`` and may not use it.
    func checkAccess(to profile: Profile) throws(GateError) {
        try checkAccess(named: profile.name)
    }

    /// Refuses an operation on the profile called `name`, before it is looked up, when this
    /// gate may not use that name: whether such a profile exists is not told to a caller who
    /// may not use it.
    func checkAccess(named name: String) throws(GateError) {
        if let profileAccess, let refusal = profileAccess(name) { throw .notPermitted(refusal) }
    }
}
