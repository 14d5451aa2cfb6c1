import ParentalGate

// The database: the first argument, else quick-start.sqlite in this folder. Run it again on
// the same file: Emma is there already, and the gate goes on where it left off.
let gate = try Gate(database: .file(CommandLine.arguments.dropFirst().first ?? "quick-start.sqlite"))
if try await !gate.profiles().contains(where: { $0.name == "emma" }) {
    try await gate.addProfile("emma", displayName: "Emma", locale: "en", by: "mum")
}
try await gate.setPolicy(.lockout, to: .minutes(10), for: "emma", by: "mum")   // Emma's own lockout

switch try await gate.begin(profile: "emma", client: "quick start") {
case .challenge(let challenge):
    print(challenge.prompt)                    // the person at the terminal reads the question…
    let typed = Int(readLine() ?? "") ?? 0     // …and types the answer (a child: guesses at once)
    switch try await gate.answer(challenge: challenge.id, value: typed) {
    case .passed(let pass): print("passed: parent mode until", pass.until)
    case .wrong(let triesLeft, let tooFast): print(tooFast ? "too fast;" : "wrong;", "tries left:", triesLeft)
    case .failed(let reason): print("failed:", reason)              // tooManyWrongAnswers, tooFast, timedOut
    case .lockedOut(let until): print("failed; locked out until", until)
    case .hardLocked, .disabled, .alreadyEnded: print("refused: ask a parent")
    }
case .lockedOut(let until): print("locked out until", until)
case .quietHours(let until): print("quiet hours until", until, "- only a parent opens the gate now")
case .hardLocked, .disabled: print("refused: ask a parent")
}
print("state:", try await gate.state(profile: "emma"))
