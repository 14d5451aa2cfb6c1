import GateProgram
import Foundation


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
        // systemd's LoadCredential= file: root's, mode 0400, opened to the service's user by an
        // ACL (which shows as group bits), in a folder only that service can reach.
        let credential = Self.isSystemdCredential(path, status)
        guard status.st_mode & 0o077 == 0 || credential else {
            throw .usage(
                "the admin token file \(path) can be read or written by other accounts (mode \(String(status.st_mode & 0o777, radix: 8))): chmod 600 it, and make a new token, as others may have read this one")
        }
        guard status.st_size <= 4096, let text = String(data: (try? handle.readToEnd()) ?? Data(), encoding: .utf8) else {
            throw .usage("cannot read \(path): not a token of at most 512 characters in UTF-8")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `path` is a credential systemd handed this service: directly in
    /// `$CREDENTIALS_DIRECTORY`, owned by root (or this process's user, where systemd falls
    /// back to a chown), writable by nobody but its owner.
    private static func isSystemdCredential(_ path: String, _ status: stat) -> Bool {
        guard let folder = ProcessInfo.processInfo.environment["CREDENTIALS_DIRECTORY"], !folder.isEmpty else { return false }
        let resolved = { (file: String) in URL(fileURLWithPath: file).resolvingSymlinksInPath().standardizedFileURL.path }
        let parent = URL(fileURLWithPath: resolved(path)).deletingLastPathComponent().path
        return parent == resolved(folder) && (status.st_uid == 0 || status.st_uid == geteuid()) && status.st_mode & 0o022 == 0
    }
}
