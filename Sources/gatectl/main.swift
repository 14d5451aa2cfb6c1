import Foundation
import GateCommands

// On this thread, without Swift's thread pool (see CallingThreadExecutor).
exit(GatectlMain.runHere(Array(CommandLine.arguments.dropFirst())))
