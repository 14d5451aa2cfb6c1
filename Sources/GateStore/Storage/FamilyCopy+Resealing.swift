import Foundation
import GRDB

extension FamilyCopy {
    /// Every column that holds something sealed with the database's key, and what it was sealed for.
    static let sealedColumns: [(table: String, column: String, context: Data)] = [
        (SubscriptionRecord.databaseTableName, SubscriptionRecord.Columns.secretBox.name, NotificationKey.context),
        (ParentCodeRecord.databaseTableName, ParentCodeRecord.Columns.secretBox.name, NotificationKey.parentCodeContext),
        (ParentRequestRecord.databaseTableName, ParentRequestRecord.Columns.sessionBox.name, NotificationKey.sessionContext),
    ]

    /// The copy with every sealed value (webhook secrets, parents' codes, sealed session
    /// tokens) opened with `source`'s key and sealed again with `destination`'s: for a family
    /// moving between households, whose keys differ. Nothing sealed: no key is read.
    package func resealed(from source: any GateStorage, to destination: any GateStorage) throws -> FamilyCopy {
        var copy = self
        for sealed in Self.sealedColumns {
            guard let table = copy.tables.firstIndex(where: { $0.name == sealed.table }),
                  let column = copy.tables[table].columns.firstIndex(of: sealed.column)
            else { continue }
            for row in copy.tables[table].rows.indices {
                guard case .blob(let box) = copy.tables[table].rows[row][column].storage else { continue }
                let opened = try source.notificationKey.unseal(box, context: sealed.context)
                copy.tables[table].rows[row][column] = try destination.notificationKey.seal(opened, context: sealed.context).databaseValue
            }
        }
        return copy
    }
}
