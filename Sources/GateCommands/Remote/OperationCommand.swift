import GateProgram
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
extension GateCtl.Policy.Show: OperationCommand {}
extension GateCtl.Policy.Set: OperationCommand {}
extension GateCtl.Policy.Reset: OperationCommand {}
extension GateCtl.Policy.History: OperationCommand {}
extension GateCtl.Questions.List: OperationCommand {}
extension GateCtl.Questions.Remove: OperationCommand {}
extension GateCtl.Audit.List: OperationCommand {}
extension GateCtl.Audit.Prune: OperationCommand {}
extension GateCtl.Audit.Stats: OperationCommand {}
extension GateCtl.Audit.Verify: OperationCommand {}
extension GateCtl.Notify.Add: OperationCommand {}
extension GateCtl.Notify.List: OperationCommand {}
extension GateCtl.Notify.Remove: OperationCommand {}
extension GateCtl.Notify.Test: OperationCommand {}
extension GateCtl.Ask.Approve: OperationCommand {}
extension GateCtl.Ask.Deny: OperationCommand {}
extension GateCtl.Ask.List: OperationCommand {}
extension GateCtl.Db.Check: OperationCommand {}
extension GateCtl.Db.Status: OperationCommand {}
extension GateCtl.Db.Migrate: OperationCommand {}
/// It asks the daemon nothing: through a socket it refuses, as the daemon has the file open.
extension GateCtl.Db.Restore: OperationCommand {}
extension GateCtl.ParentCodeCommand.Add: OperationCommand {}
extension GateCtl.ParentCodeCommand.List: OperationCommand {}
extension GateCtl.ParentCodeCommand.Remove: OperationCommand {}
extension GateCtl.HouseholdCommand.Add: OperationCommand {}
extension GateCtl.HouseholdCommand.List: OperationCommand {}
extension GateCtl.HouseholdCommand.Rename: OperationCommand {}
extension GateCtl.HouseholdCommand.Remove: OperationCommand {}
extension GateCtl.HouseholdCommand.Export: OperationCommand {}
extension GateCtl.HouseholdCommand.Import: OperationCommand {}
