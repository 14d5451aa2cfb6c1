/// A command that needs a person at a terminal (the terminal gate): gatectl runs it
/// itself, stepping the daemon's gate, never the daemon.
package protocol TerminalCommand {}

extension GateCtl.GateCommand: TerminalCommand {}
