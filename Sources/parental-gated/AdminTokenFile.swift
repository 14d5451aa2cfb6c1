import Foundation
import GateCommands

/// `--admin-token-file`: a regular file that only its owner may read or write, holding one token.
enum AdminTokenFile {
    /// The token in the file at `path` (without the white space around it), or why the file is refused.
    static func read(_ path: String) throws(CommandError) -> String {
        // O_NOFOLLOW: a symbolic link is refused, not followed; O_NONBLOCK: a FIFO does not hang the start.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let failure = errno
            if failure == ELOOP { throw .usage("the admin token file \(path) is a symbolic link; name the file itself") }
            throw .usage("cannot read \(path): \(String(cString: strerror(failure)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .usage("the admin token file \(path) is not a regular file")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw .usage(
                "the admin token file \(path) can be read or written by other accounts (mode \(String(status.st_mode & 0o777, radix: 8))): chmod 600 it, and make a new token, as others may have read this one")
        }
        guard status.st_size <= 4096, let text = String(data: (try? handle.readToEnd()) ?? Data(), encoding: .utf8) else {
            throw .usage("cannot read \(path): not a token of at most 512 characters in UTF-8")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
