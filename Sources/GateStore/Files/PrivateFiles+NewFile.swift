import Foundation
import GateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PrivateFiles {
    /// Makes a new private file (`0600`) at `path` that no other account can swap, read or
    /// have written for it, even when they can write the folder it goes in.
    ///
    /// `fill` writes the content to a temporary file in a fresh `0700` folder no one else can
    /// enter, made in `workspace` (the database's own folder; the system's temporary folder
    /// when there is none). The bytes are then copied through a descriptor into a file only
    /// this process made: on Linux an unnamed file in the target's folder that is linked
    /// under `path` once complete (so `path` never holds half of it); elsewhere a file made
    /// with `O_CREAT|O_EXCL|O_NOFOLLOW` in that folder. Without `replacing`, a file that
    /// appeared at `path` meanwhile is left alone and refused; with it, the old file (never
    /// a link, never a folder) is unlinked first, and if anything appears in its place before
    /// the new one is linked, that is refused too.
    package static func create(
        at path: String, replacing: Bool, protecting protected: [String], workspace: String?, fill: (String) throws -> Void
    ) throws {
        try checkNewFile(path, replacing: replacing, protecting: protected)
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        try createDirectories(url.deletingLastPathComponent().path)
        let folder = try OpenFolder(url.deletingLastPathComponent().path)
        defer { folder.release() }
        if isOwnFile(named: name, in: folder.status, protecting: protected) { throw GateInputError.unusablePath(path, .databaseItself) }

        let scratch = try PrivateScratch(in: workspace)
        defer { scratch.remove() }
        let temporary = scratch.path + "/content"
        try fill(temporary)
        let source = open(temporary, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard source >= 0 else { throw StoreError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        defer { close(source) }

        if replacing { try folder.removeOld(name, path: path, protecting: protected) }
        try folder.place(name, path: path, copying: source)
    }
}
