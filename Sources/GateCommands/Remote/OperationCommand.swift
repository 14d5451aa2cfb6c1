import ArgumentParser

/// An admin command that runs in gatectl and, through the admin socket, asks the daemon its
/// typed operations (``GateOperation``), never sending its command line: those that name
/// files, which gatectl reads and writes itself.
package protocol OperationCommand: AsyncParsableCommand {}

extension GateCtl.Questions.Import: OperationCommand {}
extension GateCtl.Questions.Export: OperationCommand {}
extension GateCtl.Db.Backup: OperationCommand {}
