import GateProgram
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
                challenge failed or was given up (Ctrl-D), 2 when locked out or in quiet hours. With --code, an adult \
                types a parent's code instead (see parent-code): exit 0 when it opens, 1 when it is \
                wrong, 2 when locked out. With --json the \
                conversation goes to standard error and the result, as challenge answer --json \
                prints it, to standard output.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The profile's name.")
        var name: String

        @Option(help: "A label for this terminal, recorded in the audit log.")
        var client: String = "gatectl gate"

        @Flag(help: "Ask a parent instead of answering, and wait for their answer (exit 0 when they approve, 1 otherwise).")
        var ask = false

        @Flag(help: "Type a parent's code from an authenticator app instead of answering (parent-code add makes one).")
        var code = false

        func validate() throws {
            if ask && code { throw ValidationError("--ask and --code are two different ways through: give one") }
        }

        /// How long the terminal gate waits for a parent's code to be typed, in seconds.
        static let codeWait: TimeInterval = 300

        /// How often a waiting request is looked at.
        static let pollInterval: Duration = .seconds(2)

        func run() async throws {
            let gate = try global.gateSession()
            let profile = try await gate.profile(named: name)
            if ask { return try await askParent(gate: gate, profile: profile.name, strings: GateStrings.forLocale(profile.locale)) }
            if code { return try await enterCode(gate: gate, profile: profile.name, strings: GateStrings.forLocale(profile.locale)) }
            let begun = try await gate.begin(profile: profile.name, client: client, still: true)
            guard case .challenge(let challenge) = begun else {
                let strings = GateStrings.forLocale(profile.locale)
                switch begun {
                case .lockedOut(let until): say(strings.lockedOut(for: Self.remaining(until)))
                case .hardLocked: say(strings.hardLocked)
                case .quietHours(let until): say(strings.quietHours(for: Self.remaining(until)))
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
            if challenge.shownStill { say(strings.dragNeedsPage) }
            let input = TerminalInput()
            if case .hold(let holdMs) = challenge.step,
               let ended = try await hold(challenge, for: .milliseconds(holdMs), input: input, gate: gate, profile: profile, strings: strings)
            {
                return ended
            }
            say(challenge.prompt)
            if let choices = challenge.choices {
                say(zip(letters, choices).map { "  \($0)) \($1)" }.joined(separator: "\n"))
                say(strings.pickAnswer)
            } else {
                say(strings.typeAnswer)
            }
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
                    _ = try await gate.status(profile: profile)
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

        /// The hold step in a terminal: Enter presses, Enter again releases, the daemon's (or this
        /// process's) gate times it. Returns how the challenge ended, or `nil` once the step is passed.
        private func hold(
            _ challenge: ParentalGate.Challenge, for duration: Duration, input: TerminalInput, gate: any GateSession, profile: String,
            strings: GateStrings
        ) async throws -> AnswerResult? {
            while true {
                say(strings.holdPrompt(for: duration))
                if let ended = try await enter(challenge, input: input, gate: gate, profile: profile) { return ended }
                if case .ended(let result) = try await gate.hold(challenge: challenge.id, press: true, client: client) {
                    say(Self.words(for: result, strings: strings))
                    return result
                }
                if let ended = try await enter(challenge, input: input, gate: gate, profile: profile) { return ended }
                switch try await gate.hold(challenge: challenge.id, press: false, client: client) {
                case .done, .pressed:
                    return nil
                case .refused(_, let result):
                    say(strings.stepRefused + " " + Self.words(for: result, strings: strings))
                    if case .wrong = result { continue }
                    return result
                case .ended(let result):
                    say(Self.words(for: result, strings: strings))
                    return result
                }
            }
        }

        /// Waits for Enter; how the challenge ended instead (time up, or the input closed: cancelled).
        private func enter(_ challenge: ParentalGate.Challenge, input: TerminalInput, gate: any GateSession, profile: String) async throws
            -> AnswerResult?
        {
            write("> ")
            switch await input.next(within: challenge.deadline.timeIntervalSinceNow + 0.5) {
            case .timeout:
                say("")
                _ = try await gate.status(profile: profile)
                return .failed(.timedOut)
            case .end:
                say("")
                return try await gate.cancel(challenge: challenge.id, client: client)
            case .line:
                if !Output.console.isInteractive || global.json { say("") }
                return nil
            }
        }

        /// Asks a parent and waits until they answer or the request expires, saying so in the
        /// profile's language.
        private func askParent(gate: any GateSession, profile: String, strings: GateStrings) async throws {
            let handle: String
            switch try await gate.ask(profile: profile, client: client) {
            case .asked(_, let asked): handle = asked
            case .alreadyWaiting(let request):
                say(strings.askTooSoon(for: Self.remaining(request.expiresAt)))
                throw ExitCode.refused
            case .tooSoon(let retryAt):
                say(strings.askTooSoon(for: Self.remaining(retryAt)))
                throw ExitCode.refused
            case .notAllowed:
                say(strings.askOff)
                throw ExitCode.refused
            case .disabled:
                say(strings.disabled)
                throw ExitCode.refused
            }
            say(strings.askWaiting)
            while true {
                let checked = try await gate.checkRequest(handle: handle)
                switch checked.request.status {
                case .pending:
                    try await Task.sleep(for: Self.pollInterval)
                    continue
                case .approved:
                    say(strings.askApproved + (checked.pass.map { " (\(Formatting.time($0.until)))" } ?? ""))
                case .denied:
                    say(strings.askDenied)
                case .expired:
                    say(strings.askExpired)
                }
                if global.json {
                    try Output.json(GateCtl.Ask.Check.JSON(
                        request: checked.request, token: checked.pass?.token, until: checked.pass?.until))
                }
                if checked.request.status == .approved { return }
                throw ExitCode.refused
            }
        }

        /// Reads a parent's code from the terminal and tries it, saying what it did in the
        /// profile's language.
        private func enterCode(gate: any GateSession, profile: String, strings: GateStrings) async throws {
            say(strings.parentCodePrompt)
            write("> ")
            guard case .line(let line) = await TerminalInput().next(within: Self.codeWait) else {
                say("")
                throw ExitCode.refused
            }
            let result = try await gate.enterParentCode(profile: profile, code: line.trimmingCharacters(in: .whitespaces), client: client)
            switch result {
            case .opened(let pass): say(strings.parentCodeOpened + " (\(Formatting.time(pass.until)))")
            case .wrong: say(strings.parentCodeWrong)
            case .lockedOut(let until): say(strings.lockedOut(for: Self.remaining(until)))
            case .hardLocked: say(strings.hardLocked)
            case .disabled: say(strings.disabled)
            }
            if global.json { try Output.json(result) }
            switch result {
            case .opened: return
            case .lockedOut, .hardLocked: throw ExitCode.lockedOut
            case .wrong, .disabled: throw ExitCode.refused
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
            Formatting.remaining(until)
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
