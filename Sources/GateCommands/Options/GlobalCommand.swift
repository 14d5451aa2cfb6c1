/// A command that takes the global options (`--database`, `--socket`, `--json`).
import ArgumentParser

package protocol GlobalCommand: ParsableCommand {
    var global: GlobalOptions { get }
}
