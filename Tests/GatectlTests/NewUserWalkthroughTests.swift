import Foundation
import Testing
import TestSlots

/// The "Done when", tried as a new user would from the README alone: every step
/// is a command the README shows, and every output is checked for what a person reads.
@Suite("gatectl: a new user's walkthrough", .boundedConcurrency)
struct NewUserWalkthroughTests {
    @Test("two children, a lockout seen and lifted, the gate passed at a terminal, a plist question set asked")
    func walkthrough() throws {
        let db = try TestDatabase()
        defer { db.remove() }

        // Two children's profiles with different locales and policies.
        #expect(try db.ok(["profile", "add", "emma", "--display-name", "Emma", "--locale", "ru-RU", "--by", "mum"]).stdout
            == "added profile emma (Emma, ru-RU)\n")
        #expect(try db.ok(["profile", "add", "leo", "--display-name", "Léo", "--locale", "fr", "--by", "mum"]).stdout
            == "added profile leo (Léo, fr)\n")
        #expect(try db.ok(["policy", "set", "--profile", "emma", "--max-wrong-answers", "2", "--lockout", "10m",
                          "--max-failed-challenges", "1", "--min-response-time", "0s", "--by", "mum"]).stdout
            == "maxWrongAnswers: inherited → 2\nminResponseTime: inherited → 0s\nmaxFailedChallenges: inherited → 1\nlockout: inherited → 10m\n")
        try db.ok(["policy", "set", "--profile", "leo", "--answer-format", "choice", "--difficulty", "easy", "--by", "dad"])
        let list = try db.ok(["profile", "list"]).stdout
        #expect(list == "NAME  DISPLAY NAME  LOCALE  ENABLED\nemma  Emma          ru-RU   yes\nleo   Léo           fr      yes\n")
        let emmaPolicy = try db.ok(["policy", "show", "--profile", "emma"]).stdout
        let leoPolicy = try db.ok(["policy", "show", "--profile", "leo"]).stdout
        #expect(emmaPolicy.contains("lockout              10m         profile\n"))
        #expect(leoPolicy.contains("answerFormat         choice      profile\n"))
        #expect(leoPolicy.contains("lockout              5m          default\n"))

        // Fail emma into a lockout with challenge answer: wrong (exit 1), wrong again (exit 2).
        let begin = try db.ok(["challenge", "begin", "emma"]).stdout
        #expect(begin.contains("question  Сколько будет "), "the question is in Emma's language: \(begin)")
        let id = try #require(begin.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        let wrongValue = String(try db.answer(ofChallenge: id) + 1)
        let first = try db.run(["challenge", "answer", id, wrongValue])
        #expect(first.status == 1)
        #expect(first.stdout == "wrong; tries left: 1\n")
        let second = try db.run(["challenge", "answer", id, wrongValue])
        #expect(second.status == 2)
        #expect(second.stdout.hasPrefix("failed; locked out until "))

        // See it in status, audit list and audit stats.
        let status = try db.ok(["status", "emma"]).stdout
        #expect(status.hasPrefix("emma: locked out until ") && status.hasSuffix(" left)\n"), "\(status)")
        #expect(status.contains("(10m left)") || status.contains("(9m5"), "\(status)")
        let audit = try db.ok(["audit", "list", "--profile", "emma", "--since", "24h"]).stdout
        let kinds = audit.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").dropFirst(3).first.map(String.init) }
        #expect(kinds == ["profileAdded", "policyChanged", "policyChanged", "policyChanged", "policyChanged", "challengeIssued",
                          "answerRecorded", "answerRecorded", "challengeFailed", "lockoutStarted"], "\(audit)")
        let stats = try db.ok(["audit", "stats"]).stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(stats.contains { $0.hasPrefix("emma 1 2 0 1 0 0 0 1 ") }, "\(stats)")
        #expect(stats.contains("leo 0 0 0 0 0 0 0 0 0 0 -"), "\(stats)")

        // A locked-out child at the terminal is told, in Russian, to wait.
        let locked = try db.run(["gate", "emma"], input: "1\n")
        #expect(locked.status == 2)
        #expect(locked.stdout.hasPrefix("Слишком много попыток. Попробуйте снова через "), "\(locked.stdout)")

        // Lift it with unlock.
        #expect(try db.ok(["unlock", "emma", "--by", "mum"]).stdout == "unlocked emma\n")
        #expect(try db.ok(["status", "emma"]).stdout == "emma: child (closed, a challenge may begin)\n")
        let unlocked = try JSONOutput.array(try db.ok(["audit", "list", "--profile", "emma", "--json", "--limit", "1"]).stdout)
        #expect(unlocked.first?["kind"] as? String == "unlocked")
        #expect(unlocked.first?["actor"] as? String == "mum")

        // Pass the gate with gate NAME: read the Russian question, type the answer.
        let gate = try InteractiveGatectl(["gate", "emma", "--database", db.path])
        let asked = try gate.waitFor("> ")
        #expect(asked.hasPrefix("Сколько будет "), "\(asked)")
        #expect(asked.contains("\nВведите ответ цифрами.\n⏱ Осталось "))
        let open = try db.sqlite("SELECT id FROM challenges WHERE status = 'open'").trimmingCharacters(in: .whitespacesAndNewlines)
        gate.type(String(try db.answer(ofChallenge: open)))
        let passed = gate.finish()
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("\nВерно. Родительский режим включён. ("), "\(passed.stdout)")
        #expect(try db.ok(["status", "emma"]).stdout.hasPrefix("emma: parent mode until "))

        // Import a plist question set and get one of its questions.
        let plist = try db.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>
              <dict><key>question</key><string>Combien de pattes a une araignée ?</string><key>answer_number</key><integer>8</integer></dict>
              <dict><key>question</key><string>Combien de pattes a un chat ?</string><key>answer_number</key><integer>4</integer></dict>
            </array>
            </plist>
            """, to: "animaux.plist")
        #expect(try db.ok(["questions", "import", plist, "--locale", "fr", "--by", "dad"]).stdout == "imported 2 questions into animaux (fr)\n")
        #expect(try db.ok(["questions", "list"]).stdout.contains("animaux  fr      2          "))
        try db.ok(["policy", "set", "--profile", "leo", "--question-source", "questionSet:animaux", "--by", "dad"])
        let question = try JSONOutput.object(try db.ok(["challenge", "begin", "leo", "--json"]).stdout)
        let challenge = try #require(question["challenge"] as? [String: Any])
        #expect(["Combien de pattes a une araignée ?", "Combien de pattes a un chat ?"].contains(challenge["prompt"] as? String ?? ""), "\(question)")
        #expect(challenge["locale"] as? String == "fr")
        #expect(challenge["format"] as? String == "choice")
        let choices = try #require(challenge["choices"] as? [Int])
        #expect(choices.contains(8) || choices.contains(4))

        // And the audit chain behind all of it is intact.
        let verify = try db.run(["audit", "verify"])
        #expect(verify.status == 0)
        #expect(verify.stdout.hasPrefix("audit chain intact: "))
    }
}
