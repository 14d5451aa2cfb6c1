import ArgumentParser

/// An admin command that runs in gatectl and, through the admin socket, asks the daemon its
/// typed operations (``GateOperation``), never sending its command line; gatectl renders the
/// results, and reads and writes the files the command names.
package protocol OperationCommand: AsyncParsableCommand {}

extension GateCtl.Questions.Import: OperationCommand {}
extension GateCtl.Questions.Export: OperationCommand {}
extension GateCtl.Db.Backup: OperationCommand {}
extension GateCtl.Profile.Add: OperationCommand {}
extension GateCtl.Profile.List: OperationCommand {}
extension GateCtl.Profile.Enable: OperationCommand {}
extension GateCtl.Profile.Disable: OperationCommand {}
extension GateCtl.Profile.Rename: OperationCommand {}
extension GateCtl.Profile.Remove: OperationCommand {}
extension GateCtl.Profile.Show: OperationCommand {}
extension GateCtl.Unlock: OperationCommand {}
extension GateCtl.Session.End: OperationCommand {}
