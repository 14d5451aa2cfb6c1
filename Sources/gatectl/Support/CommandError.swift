/// A failure of the command line itself, with its exit status.
enum CommandError: Error, CustomStringConvertible {
    /// Bad input on the command line or in a file it names.
    case usage(String)

    var description: String {
        switch self {
        case .usage(let message): message
        }
    }
}
