import Foundation
import GateCommands

exit(await GatectlMain.run(Array(CommandLine.arguments.dropFirst())))
