import ArgumentParser
import Foundation
import ParentalGate
import GateJSON

extension GateCtl {
    /// `gatectl gate NAME`: the gate for a person at a terminal.
    struct GateCommand: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "gate",
            abstract: "Run the gate for a person at this terminal: the question, a countdown, the answer, the outcome.",
            discussion: """
                Choices can be answered by their letter or their value. Exit 0 on a pass, 1 when the \
                challenge failed or was given up (Ctrl-D), 2 when locked out. With --json the \
                conversation goes to standard error and the result, as challenge answer --json \
                prints it, to standard output.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The profile's name.")
        var name: String

        @Option(help: "A label for this terminal, recorded in the audit log.")
        var client: String = "gatectl gate"

        func run() async throws {
            let gate: any GateSession = try CommandContext.current.gateSession ?? LocalGateSession(gate: global.openGate())
            let profile = try await gate.profile(named: name)
            let begun = try await gate.begin(profile: profile.name, client: client)
            guard case .challenge(let challenge) = begun else {
                let strings = GateStrings.forLocale(profile.locale)
                switch begun {
                case .lockedOut(let until): say(strings.lockedOut(for: Self.remaining(until)))
                case .hardLocked: say(strings.hardLocked)
                default: say(strings.disabled)
                }
                if global.json { try Output.json(ResultJSON(begun)) }
                throw begun == .disabled ? ExitCode.refused : ExitCode.lockedOut
            }
            let result = try await ask(challenge, gate: gate, profile: profile.name)
            if global.json { try Output.json(ResultJSON(result)) }
            switch result {
            case .passed: return
            case .lockedOut, .hardLocked: throw ExitCode.lockedOut
            case .wrong, .failed, .alreadyEnded, .disabled: throw ExitCode.refused
            }
        }

        /// Puts `challenge` to the person until it ends; returns how it ended.
        private func ask(_ challenge: ParentalGate.Challenge, gate: any GateSession, profile: String) async throws -> AnswerResult {
            let strings = GateStrings.forLocale(challenge.locale)
            let letters = Array("abcdefgh")
            say(challenge.prompt)
            if let choices = challenge.choices {
                say(zip(letters, choices).map { "  \($0)) \($1)" }.joined(separator: "\n"))
                say(strings.pickAnswer)
            } else {
                say(strings.typeAnswer)
            }
            let input = TerminalInput()
            let interactive = Output.console.isInteractive && !global.json
            while true {
                say("⏱ " + strings.timeLeft(Self.remaining(challenge.deadline)))
                write("> ")
                let countdown = interactive ? Countdown(to: challenge.deadline, strings: strings) : nil
                let event = await input.next(within: challenge.deadline.timeIntervalSinceNow + 0.5)
                countdown?.stop()
                let result: AnswerResult
                switch event {
                case .timeout:
                    say("")
                    try await gate.checkState(profile: profile)
                    result = .failed(.timedOut)
                case .end:
                    say("")
                    result = try await gate.cancel(challenge: challenge.id, client: client)
                case .line(let line):
                    let typed = line.trimmingCharacters(in: .whitespaces)
                    if !interactive { say(typed) }
                    guard let value = Self.value(of: typed, choices: challenge.choices, letters: letters) else {
                        say(challenge.choices == nil ? strings.typeAnswer : strings.pickAnswer)
                        continue
                    }
                    result = try await gate.answer(challenge: challenge.id, value: value, client: client)
                }
                say(Self.words(for: result, strings: strings))
                if case .wrong = result { continue }
                return result
            }
        }

        /// The outcome in the challenge's language.
        private static func words(for result: AnswerResult, strings: GateStrings) -> String {
            switch result {
            case .passed(let pass): strings.passed + " (\(Formatting.time(pass.until)))"
            case .wrong(let triesLeft, let tooFast): tooFast ? strings.tooFast : strings.wrong(triesLeft: triesLeft)
            case .failed(.timedOut), .alreadyEnded: strings.timedOut
            case .failed(.cancelled): strings.cancelled
            case .failed(.tooFast): strings.tooFastFailed
            case .failed(.tooManyWrongAnswers), .failed(.abandoned): strings.failed
            case .lockedOut(let until): strings.failed + "\n" + strings.lockedOut(for: remaining(until))
            case .hardLocked: strings.failed + "\n" + strings.hardLocked
            case .disabled: strings.disabled
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

        /// Writes a line at once (unbuffered, so it shows before the program waits for input);
        /// to standard error with `--json`, which keeps standard output for the result.
        private func say(_ text: String) {
            write(text + "\n")
        }

        private func write(_ text: String) {
            if global.json { Output.console.writeError(text) } else { Output.console.write(text) }
        }
    }
}
