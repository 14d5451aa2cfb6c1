import ArgumentParser
import GateCore
import ParentalGate

/// A duration typed on the command line: `90s`, `5m`, `1h30m`, `2d`.
package struct DurationArgument: ExpressibleByArgument, Sendable {
    package let duration: Duration

    package init?(argument: String) {
        guard let duration = try? DurationText.parse(argument) else { return nil }
        self.duration = duration
    }
}
