import GateProgram
import ArgumentParser

/// A command that runs in gatectl on a ``GateSession``: through the daemon's sockets only its
/// typed steps (``GateStep``) travel, never its command line. These are what a child may do
/// (begin, answer, cancel, look at the state, check a session, ask a parent and look at the
/// request) and the terminal gate; the gate socket, which every local account can reach, takes
/// nothing else. Which profiles the caller may use is the gate's to check, in each operation's
/// own transaction (`Gate.limited(_:)`).
package protocol SessionCommand: AsyncParsableCommand {}

extension GateCtl.Challenge.Begin: SessionCommand {}
extension GateCtl.Challenge.Answer: SessionCommand {}
extension GateCtl.Challenge.Cancel: SessionCommand {}
extension GateCtl.Status: SessionCommand {}
extension GateCtl.Session.Check: SessionCommand {}
extension GateCtl.Ask.Request: SessionCommand {}
extension GateCtl.Ask.Check: SessionCommand {}
extension GateCtl.GateCommand: SessionCommand {}
