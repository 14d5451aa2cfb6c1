/// A database file or folder that accounts other than its owner can read or write.
///
/// Whoever can read the database reads open challenges' answers; whoever can write it (or
/// its folder) can delete or replace it.
public struct FileExposure: Hashable, Sendable, Codable {
    /// The file or folder.
    public var path: String
    /// Its permission bits, in octal: `0644`.
    public var mode: String
    /// What other accounts can do with it: `readable by group and others`, `writable by others`, …
    public var problem: String
    /// The command that closes it: `chmod 600 PATH` (`chmod 700` for a folder).
    public var fix: String

    public init(path: String, mode: String, problem: String, fix: String) {
        self.path = path
        self.mode = mode
        self.problem = problem
        self.fix = fix
    }

    /// One line for people: `PATH (mode 0644) is readable by group and others: chmod 600 PATH`.
    public var message: String {
        "\(path.escapedForMessage) (mode \(mode)) is \(problem): \(fix)"
    }
}
