@_exported import GateCore
