import Foundation
import Testing
import TestSlots

/// gatectl says which database it makes, reads one name for it from the environment, and
/// takes its global options before the command too.
@Suite("gatectl: where the database is", .boundedConcurrency)
struct DatabaseLocationTests {
    @Test("a new database is noted on standard error once; global options before the command are taken as after it")
    func createdAndNamed() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.path("home/gate.sqlite")
        let first = try GatectlProcess.run(["--database", path, "profile", "add", "emma", "--by", "mum"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "note: created a new database at \(path)\n")
        let second = try GatectlProcess.run(["--json", "--database=\(path)", "profile", "list"])
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        #expect(try JSONOutput.array(second.stdout).count == 1, "--json before the command: \(second.stdout)")
        // A global option's value that looks like a command is still its value.
        let named = scratch.path("profile")
        let odd = try GatectlProcess.run(["--database", named, "profile", "list"])
        #expect(odd.status == 0 && odd.stderr == "note: created a new database at \(named)\n", "\(odd.stderr)")
    }

    @Test("PARENTAL_GATE_DATABASE names the database, as it does for the daemon; the older PARENTAL_GATE_DB still does; the two naming different files is refused")
    func oneName() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (new, old) = (scratch.path("new.sqlite"), scratch.path("old.sqlite"))
        let byNew = try GatectlProcess.run(["profile", "add", "emma", "--by", "mum"], environment: ["PARENTAL_GATE_DATABASE": new])
        #expect(byNew.status == 0 && byNew.stderr == "note: created a new database at \(new)\n", "\(byNew.stderr)")
        let byOld = try GatectlProcess.run(["profile", "list"], environment: ["PARENTAL_GATE_DB": new])
        #expect(byOld.status == 0 && byOld.stdout.contains("emma"), "\(byOld.stderr)")
        let both = try GatectlProcess.run(["profile", "list"], environment: ["PARENTAL_GATE_DATABASE": new, "PARENTAL_GATE_DB": old])
        expectError(both, status: 64, message: "PARENTAL_GATE_DATABASE and PARENTAL_GATE_DB name different files: unset PARENTAL_GATE_DB, the older name")
        #expect(!FileManager.default.fileExists(atPath: old))
    }
}
