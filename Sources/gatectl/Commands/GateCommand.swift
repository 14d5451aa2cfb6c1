import ArgumentParser
import Foundation
import ParentalGate

extension GateCtl {
    /// `gatectl gate NAME`: the gate for a person at a terminal.
    struct GateCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gate",
            abstract: "Run the gate for a person at this terminal: the question, a countdown, the answer, the outcome.",
            discussion: """
                Choices can be answered by their letter or their value. Exit 0 on a pass, 1 when the \
                challenge failed or was given up (Ctrl-D), 2 when locked out.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The profile's name.")
        var name: String

        @Option(help: "A label for this terminal, recorded in the audit log.")
        var client: String = "gatectl gate"

        func run() async throws {
            let gate = try global.openGate()
            let profile = try await gate.profile(named: name)
            let result = try await gate.begin(profile: profile.name, client: client)
            guard case .challenge(let challenge) = result else {
                let strings = GateStrings.forLocale(profile.locale)
                switch result {
                case .lockedOut(let until):
                    say(strings.lockedOut(for: Self.remaining(until)))
                    throw ExitStatus.lockedOut
                case .hardLocked:
                    say(strings.hardLocked)
                    throw ExitStatus.lockedOut
                default:
                    say(strings.disabled)
                    throw ExitStatus.refused
                }
            }
            try await ask(challenge, gate: gate, profile: profile.name)
        }

        private func ask(_ challenge: ParentalGate.Challenge, gate: Gate, profile: String) async throws {
            let strings = GateStrings.forLocale(challenge.locale)
            let letters = Array("abcdefgh")
            say(challenge.prompt)
            if let choices = challenge.choices {
                say(choices.enumerated().map { "  \(letters[$0.offset])) \($0.element)" }.joined(separator: "\n"))
                say(strings.pickAnswer)
            } else {
                say(strings.typeAnswer)
            }
            let input = TerminalInput()
            let interactive = Countdown.isInteractive
            while true {
                say("⏱ " + strings.timeLeft(Self.remaining(challenge.deadline)))
                FileHandle.standardOutput.write(Data("> ".utf8))
                let countdown = interactive ? Countdown(to: challenge.deadline, strings: strings) : nil
                let event = await input.next(within: challenge.deadline.timeIntervalSinceNow + 0.5)
                countdown?.stop()
                let typed: String
                switch event {
                case .timeout:
                    say("")
                    _ = try await gate.state(profile: profile)
                    say(strings.timedOut)
                    throw ExitStatus.refused
                case .end:
                    say("")
                    _ = try await gate.cancel(challenge: challenge.id, client: client)
                    say(strings.cancelled)
                    throw ExitStatus.refused
                case .line(let line):
                    typed = line.trimmingCharacters(in: .whitespaces)
                    if !interactive { say(typed) }
                }
                guard let value = Self.value(of: typed, choices: challenge.choices, letters: letters) else {
                    say(challenge.choices == nil ? strings.typeAnswer : strings.pickAnswer)
                    continue
                }
                switch try await gate.answer(challenge: challenge.id, value: value, client: client) {
                case .passed(let pass):
                    say(strings.passed + " (\(Formatting.time(pass.until)))")
                    return
                case .wrong(let triesLeft, let tooFast):
                    say(tooFast ? strings.tooFast : strings.wrong(triesLeft: triesLeft))
                case .failed(.timedOut), .alreadyEnded:
                    say(strings.timedOut)
                    throw ExitStatus.refused
                case .failed:
                    say(strings.failed)
                    throw ExitStatus.refused
                case .lockedOut(let until):
                    say(strings.failed)
                    say(strings.lockedOut(for: Self.remaining(until)))
                    throw ExitStatus.lockedOut
                case .hardLocked:
                    say(strings.failed)
                    say(strings.hardLocked)
                    throw ExitStatus.lockedOut
                case .disabled:
                    say(strings.disabled)
                    throw ExitStatus.refused
                }
            }
        }

        /// What `typed` answers: a whole number, or a choice's letter.
        private static func value(of typed: String, choices: [Int]?, letters: [Character]) -> Int? {
            if let number = Int(typed) { return number }
            guard let choices, typed.count == 1, let letter = typed.lowercased().first,
                  let index = letters.firstIndex(of: letter), index < choices.count
            else { return nil }
            return choices[index]
        }

        private static func remaining(_ until: Date) -> Duration {
            .milliseconds(max(0, until.millisecondsSince1970 - Date().millisecondsSince1970))
        }

        /// Writes a line at once (unbuffered, so it shows before the program waits for input).
        private func say(_ text: String) {
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
        }
    }
}
