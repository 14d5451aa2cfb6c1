/// A command whose secret (a session token, a request's handle) may be given as `-` and then
/// comes on standard input: a command line is readable by every account on the machine
/// (`/proc/PID/cmdline`), standard input is not.
package protocol SecretArgument {
    /// The secret as the command line gave it (`-`: on standard input).
    var secret: String { get set }
}

extension GateCtl.Ask.Check: SecretArgument {
    package var secret: String {
        get { handle }
        set { handle = newValue }
    }
}

extension GateCtl.Session.Check: SecretArgument {
    package var secret: String {
        get { token }
        set { token = newValue }
    }
}
