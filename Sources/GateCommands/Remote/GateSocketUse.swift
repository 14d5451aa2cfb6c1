import ArgumentParser

/// What the gate socket, which every local account can reach, takes: only what a child may
/// do (begin, answer, cancel, look at the state, check a session, ask a parent and look at
/// the request). Which profiles the caller may use is the gate's to check, in each
/// operation's own transaction (`Gate.limited(_:)`).
package enum GateSocketUse {
    /// Whether the gate socket takes `command`; the others only the admin socket does.
    package static func allows(_ command: any ParsableCommand) -> Bool {
        switch command {
        case is GateCtl.Challenge.Begin, is GateCtl.Challenge.Answer, is GateCtl.Challenge.Cancel, is GateCtl.Status,
             is GateCtl.Session.Check, is GateCtl.Ask.Request, is GateCtl.Ask.Check:
            true
        default:
            false
        }
    }
}
